/**
 * The accepted text forms of a birth date (`YYYY-MM-DD`) and time (`HH:MM`, 24-hour), and what to
 * tell a caller who sent something else. The forms are strict on purpose: no trimming, no 12-hour
 * clock, no day/month guessing. Instead, a value in a recognisable other form gets a message that
 * names the accepted form and, when only one reading is possible, the corrected value to send back
 * (`"6:20pm"` -> `"18:20"`, `"14/03/1988"` -> `"1988-03-14"`). An ambiguous value (`"03/04/1988"`)
 * is called ambiguous, with both readings, and no guess.
 */

/**
 * The shapes the input schemas advertise and enforce. The values are checked after them, by the same
 * rules for every caller: the calendar (2023-02-30) and the clock (00:00-23:59, so 24:00 is refused).
 * Keeping the shape in the schema and the value in the parser lets a batch report an impossible date
 * or time in its own entry.
 */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^\d{2}:\d{2}$/;

export const DATE_FORM = 'a date as YYYY-MM-DD, e.g. "1990-06-22"';
export const TIME_FORM = 'the local time as HH:MM (24-hour), e.g. "14:30"';

/** What is wrong with a date or time text, and the value to send instead when there is exactly one. */
export interface FormProblem {
  message: string;
  suggestion?: string;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
const MONTH_NAMES = MONTHS.map((m) => m[0]!.toUpperCase() + m.slice(1));

const pad2 = (n: number) => String(n).padStart(2, '0');
const quote = (s: string) => JSON.stringify(s);

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `YYYY-MM-DD` for a real calendar date, else null. */
function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** A month from its English name or a 3+ letter abbreviation ("Mar", "Sept."), 1-12, or 0. */
function monthNumber(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return 0;
  return MONTHS.findIndex((m) => m.startsWith(w) || (w === 'sept' && m === 'september')) + 1;
}

/** A date read one way: its message names the reading; not a calendar date gives no suggestion. */
function readAs(value: string, why: string, year: number, month: number, day: number): FormProblem {
  const iso = isoDate(year, month, day);
  if (iso === null) {
    return {
      message:
        month >= 1 && month <= 12
          ? `${quote(value)} is not a calendar date (${MONTH_NAMES[month - 1]} ${year} has ` +
            `${daysInMonth(year, month)} days); send ${DATE_FORM}`
          : `${quote(value)} is not a date; send ${DATE_FORM}`,
    };
  }
  return { message: `${quote(value)} ${why}: send ${quote(iso)} (YYYY-MM-DD)`, suggestion: iso };
}

/** Why `value` is not an accepted birth date, or null when it is one. */
export function dateProblem(value: string): FormProblem | null {
  if (DATE_PATTERN.test(value)) {
    const year = Number(value.slice(0, 4));
    const month = Number(value.slice(5, 7));
    const day = Number(value.slice(8, 10));
    if (month < 1 || month > 12) {
      return {
        message: `${quote(value)}: month ${value.slice(5, 7)} does not exist (01-12); send ${DATE_FORM}`,
      };
    }
    if (day < 1 || day > daysInMonth(year, month)) {
      return {
        message:
          `${quote(value)} is not a calendar date (${value.slice(0, 7)} has ${daysInMonth(year, month)} days); ` +
          `send ${DATE_FORM}`,
      };
    }
    return null;
  }
  const text = value.trim();
  if (text === '') return { message: `is empty; send ${DATE_FORM}` };
  if (text !== value) {
    const inner = dateProblem(text);
    return inner === null
      ? { message: `${quote(value)} has spaces around it: send ${quote(text)}`, suggestion: text }
      : { message: `${quote(value)} has spaces around it, and ${inner.message}`, ...pick(inner) };
  }

  let m = /^(\d{4})([-/.])(\d{1,2})([-/.])(\d{1,2})$/.exec(text);
  if (m) {
    const why =
      m[2] !== '-' || m[4] !== '-' ? 'uses the wrong separators' : 'needs a two-digit month and day';
    return readAs(text, why, Number(m[1]), Number(m[3]), Number(m[5]));
  }

  m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (m) return readAs(text, 'has no separators', Number(m[1]), Number(m[2]), Number(m[3]));

  m = /^(\d{4})-(\d{2})-(\d{2})[T ]\d{1,2}:\d{2}/.exec(text);
  if (m) {
    return readAs(
      text,
      'includes a time (send that in the time field)',
      Number(m[1]),
      Number(m[2]),
      Number(m[3]),
    );
  }

  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  if (m) return numericDayMonth(text, Number(m[1]), Number(m[2]), m[3]!);

  // "March 14, 1988", "Mar 14th 1988", "14 March 1988" (English month names only).
  m = /^([A-Za-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(text);
  if (m && monthNumber(m[1]!) > 0) {
    return readAs(text, 'spells out the month', Number(m[3]), monthNumber(m[1]!), Number(m[2]));
  }
  m = /^(\d{1,2})(?:st|nd|rd|th)?\.?\s+([A-Za-z]+\.?),?\s+(\d{4})$/.exec(text);
  if (m && monthNumber(m[2]!) > 0) {
    return readAs(text, 'spells out the month', Number(m[3]), monthNumber(m[2]!), Number(m[1]));
  }
  return { message: `${quote(text)} is not a date; send ${DATE_FORM}` };
}

/** `A/B/YYYY`: day-first or month-first decided by which number cannot be a month. */
function numericDayMonth(text: string, a: number, b: number, yearText: string): FormProblem {
  if (yearText.length === 2) {
    return {
      message: `${quote(text)} has a two-digit year; send ${DATE_FORM}, with all four digits of the year`,
    };
  }
  const year = Number(yearText);
  if (a > 12 && b >= 1 && b <= 12) return readAs(text, 'is day/month/year', year, b, a);
  if (b > 12 && a >= 1 && a <= 12) return readAs(text, 'is month/day/year', year, a, b);
  if (a === b) return readAs(text, 'is not in YYYY-MM-DD form', year, a, b);
  if (a >= 1 && a <= 12 && b >= 1 && b <= 12) {
    const dayFirst = isoDate(year, b, a)!;
    const monthFirst = isoDate(year, a, b)!;
    return {
      message:
        `${quote(text)} is ambiguous: it is ${a} ${MONTH_NAMES[b - 1]} read day-first, or ${MONTH_NAMES[a - 1]} ` +
        `${b} read month-first; send YYYY-MM-DD: ${quote(dayFirst)} or ${quote(monthFirst)}`,
    };
  }
  return { message: `${quote(text)} is not a date; send ${DATE_FORM}` };
}

/** Why `value` is not an accepted birth time, or null when it is one. */
export function timeProblem(value: string): FormProblem | null {
  if (TIME_PATTERN.test(value)) {
    const hour = Number(value.slice(0, 2));
    const minute = Number(value.slice(3, 5));
    if (hour === 24 && minute === 0) return midnight24(value);
    return hour > 23 || minute > 59 ? notATimeOfDay(value) : null;
  }
  const text = value.trim();
  if (text === '') return { message: `is empty; send ${TIME_FORM}` };
  if (text !== value) {
    const inner = timeProblem(text);
    return inner === null
      ? { message: `${quote(value)} has spaces around it: send ${quote(text)}`, suggestion: text }
      : { message: `${quote(value)} has spaces around it, and ${inner.message}`, ...pick(inner) };
  }
  if (/^(unknown|not known|n\/?a|none|\?+)$/i.test(text)) {
    return {
      message:
        `${quote(text)} is not a time: ask the user for the birth time; if it is truly unknown, send "12:00" as ` +
        'a stand-in and tell the user so, since the Moon and what follows from it may then be wrong',
    };
  }
  if (/^noon$/i.test(text)) return { message: `${quote(text)}: send "12:00"`, suggestion: '12:00' };
  if (/^midnight$/i.test(text)) {
    return {
      message: `${quote(text)}: midnight at the start of the birth date is "00:00"`,
      suggestion: '00:00',
    };
  }

  // 12-hour clock: "6pm", "6:20 am", "06:20 P.M."
  let m = /^(\d{1,2})(?:[:.](\d{2}))?(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/i.exec(text);
  if (m) {
    const h12 = Number(m[1]);
    const minute = Number(m[2] ?? '0');
    if (h12 < 1 || h12 > 12 || minute > 59)
      return { message: `${quote(text)} is not a time; send ${TIME_FORM}` };
    const pm = m[4]!.toLowerCase() === 'p';
    const hhmm = `${pad2((h12 % 12) + (pm ? 12 : 0))}:${pad2(minute)}`;
    return {
      message: `${quote(text)} is a 12-hour time: send 24-hour HH:MM, here ${quote(hhmm)}`,
      suggestion: hhmm,
    };
  }

  // 24-hour with the wrong punctuation or digits: "6:20", "06:20:00", "18.30", "18h30", "1830".
  m = /^(\d{1,2})(?:[:.h](\d{2})(?:[:.](\d{2}))?|(\d{2}))$/i.exec(text);
  if (m) {
    const hour = Number(m[1]);
    const minute = Number(m[2] ?? m[4]);
    if (hour === 24 && minute === 0) return midnight24(text);
    if (hour > 23 || minute > 59) return notATimeOfDay(text);
    const hhmm = `${pad2(hour)}:${pad2(minute)}`;
    if (m[3] !== undefined) {
      const why = Number(m[3]) === 0 ? 'has seconds' : 'has seconds, which a birth time does not use';
      return { message: `${quote(text)} ${why}: send HH:MM, here ${quote(hhmm)}`, suggestion: hhmm };
    }
    const why = m[1]!.length === 1 ? 'needs a two-digit hour' : 'is not in HH:MM form';
    return { message: `${quote(text)} ${why}: send HH:MM (24-hour), here ${quote(hhmm)}`, suggestion: hhmm };
  }
  return { message: `${quote(text)} is not a time; send ${TIME_FORM}` };
}

function midnight24(text: string): FormProblem {
  return {
    message:
      `${quote(text)} is not a time of day: HH:MM runs from 00:00 to 23:59, and midnight at the end of a day ` +
      'is 00:00 of the next day (send the next date with "00:00")',
  };
}

function notATimeOfDay(text: string): FormProblem {
  return { message: `${quote(text)} is not a time of day: HH:MM runs from 00:00 to 23:59 (24-hour)` };
}

const pick = (p: FormProblem): { suggestion?: string } =>
  p.suggestion === undefined ? {} : { suggestion: p.suggestion };
