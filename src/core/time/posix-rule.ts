/**
 * POSIX TZ strings as they stand in a TZif footer (RFC 8536 section 3.3, with its extensions: hours
 * of a transition time from -167 to 167): the rule a zone follows after its last listed transition,
 * e.g. "CET-1CEST,M3.5.0,M10.5.0/3" or "<-03>3". Offsets in the string are west-positive; every
 * offset this module returns is east-positive seconds, like the rest of core/time.
 */
import { civilFromDays, daysFromCivil, isLeapYear } from './calendar.js';

export interface PosixLocalType {
  offset: number;
  isDst: boolean;
  abbreviation: string;
}

/** A day of the year: Julian without Feb 29 (Jn), zero-based with it (n), or month-week-weekday (Mm.w.d). */
type DayRule =
  | { kind: 'julian'; day: number }
  | { kind: 'zero-based'; day: number }
  | { kind: 'month'; month: number; week: number; weekday: number };

interface Change {
  day: DayRule;
  /** Seconds after local midnight, in the local time in force before the change. */
  time: number;
}

export interface PosixRule {
  standard: PosixLocalType;
  /** Absent when the zone keeps standard time all year. */
  daylight?: { type: PosixLocalType; start: Change; end: Change };
}

class Reader {
  at = 0;
  constructor(readonly text: string) {}
  peek(): string {
    return this.text[this.at] ?? '';
  }
  fail(what: string): never {
    throw new Error(`POSIX TZ "${this.text}": ${what} at ${this.at}`);
  }
  abbreviation(): string {
    if (this.peek() === '<') {
      const close = this.text.indexOf('>', this.at);
      if (close < 0) this.fail('unclosed <');
      const name = this.text.slice(this.at + 1, close);
      this.at = close + 1;
      return name;
    }
    const start = this.at;
    while (/[A-Za-z]/.test(this.peek())) this.at++;
    if (this.at - start < 3) this.fail('abbreviation of fewer than 3 letters');
    return this.text.slice(start, this.at);
  }
  number(): number {
    const start = this.at;
    while (/\d/.test(this.peek())) this.at++;
    if (start === this.at) this.fail('number expected');
    return Number(this.text.slice(start, this.at));
  }
  /** [+-]hh[:mm[:ss]] in seconds. */
  hms(): number {
    let sign = 1;
    if (this.peek() === '+' || this.peek() === '-') sign = this.text[this.at++] === '-' ? -1 : 1;
    let seconds = this.number() * 3600;
    if (this.peek() === ':') {
      this.at++;
      seconds += this.number() * 60;
      if (this.peek() === ':') {
        this.at++;
        seconds += this.number();
      }
    }
    return sign * seconds;
  }
  change(): Change {
    let day: DayRule;
    if (this.peek() === 'J') {
      this.at++;
      day = { kind: 'julian', day: this.number() };
    } else if (this.peek() === 'M') {
      this.at++;
      const month = this.number();
      if (this.text[this.at++] !== '.') this.fail('"." expected');
      const week = this.number();
      if (this.text[this.at++] !== '.') this.fail('"." expected');
      day = { kind: 'month', month, week, weekday: this.number() };
    } else {
      day = { kind: 'zero-based', day: this.number() };
    }
    let time = 7200;
    if (this.peek() === '/') {
      this.at++;
      time = this.hms();
    }
    return { day, time };
  }
}

export function parsePosixRule(text: string): PosixRule {
  const r = new Reader(text);
  const stdName = r.abbreviation();
  const standard = { offset: -r.hms(), isDst: false, abbreviation: stdName };
  if (r.at === text.length) return { standard };
  const dstName = r.abbreviation();
  let dstOffset = standard.offset + 3600;
  if (r.peek() !== ',' && r.at < text.length) dstOffset = -r.hms();
  if (r.peek() !== ',') r.fail('transition rules expected');
  r.at++;
  const start = r.change();
  if (r.text[r.at++] !== ',') r.fail('"," expected');
  const end = r.change();
  if (r.at !== text.length) r.fail('trailing text');
  return {
    standard,
    daylight: { type: { offset: dstOffset, isDst: true, abbreviation: dstName }, start, end },
  };
}

const DAY_SECONDS = 86_400;

function dayOfYear(rule: DayRule, year: number): number {
  const jan1 = daysFromCivil(year, 1, 1);
  switch (rule.kind) {
    case 'julian':
      // Jn counts 1-365 and never Feb 29: from March on, a leap year's day is one later.
      return jan1 + rule.day - 1 + (isLeapYear(year) && rule.day >= 60 ? 1 : 0);
    case 'zero-based':
      return jan1 + rule.day;
    case 'month': {
      const first = daysFromCivil(year, rule.month, 1);
      const weekdayOfFirst = (((first + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday (4)
      let day = first + ((rule.weekday - weekdayOfFirst + 7) % 7) + (rule.week - 1) * 7;
      const next = rule.month === 12 ? daysFromCivil(year + 1, 1, 1) : daysFromCivil(year, rule.month + 1, 1);
      while (day >= next) day -= 7; // week 5 means the last such weekday
      return day;
    }
  }
}

/** The UT instant (Unix seconds) of a change in a year, its time read in the offset in force before it. */
function changeInstant(change: Change, year: number, offsetBefore: number): number {
  return dayOfYear(change.day, year) * DAY_SECONDS + change.time - offsetBefore;
}

/** The local time type the rule gives at a UT instant (Unix seconds). */
export function posixTypeAt(rule: PosixRule, unixSeconds: number): PosixLocalType {
  const { daylight, standard } = rule;
  if (!daylight) return standard;
  // The changes of the years around the instant, in order; the last one at or before it decides.
  // Three years cover rules whose changes fall near New Year on either side, and ties (a change to
  // daylight time at the very instant the previous year's ended, as in year-round rules) keep the
  // later listed, daylight, change.
  const { year } = civilFromDays(Math.floor(unixSeconds / DAY_SECONDS));
  let best = -Infinity;
  let bestIsDst = false;
  for (let y = year - 1; y <= year + 1; y++) {
    const end = changeInstant(daylight.end, y, daylight.type.offset);
    const start = changeInstant(daylight.start, y, standard.offset);
    if (end <= unixSeconds && end >= best) {
      best = end;
      bestIsDst = false;
    }
    if (start <= unixSeconds && start >= best) {
      best = start;
      bestIsDst = true;
    }
  }
  return bestIsDst ? daylight.type : standard;
}
