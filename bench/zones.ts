/**
 * Time zone resolution: the bundled tz data (core/time, data/zones.json.gz) beside the runtime's ICU,
 * which the service read through Intl.DateTimeFormat before it shipped its own zone data. The ICU
 * reader below is that previous implementation, kept only as the baseline: the same search for the
 * instant of a wall clock (fast path over five day marks, else candidates from eleven probes), with
 * each offset read from ICU. Both run on the same wall clocks in alternating rounds of one run.
 */
import { type CityTable, resolveBirthPlace, validateLocation } from '../src/core/location/index.js';
import { resolveWallClock, type WallClock } from '../src/core/time/index.js';
import { fmt, median, percentile, timeCalls } from './lib.js';

const HOUR_MS = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
const WALL = /^(\d{1,2})\/(\d{1,2})\/(\d+) (AD|BC), (\d{2}):(\d{2}):(\d{2})$/;

function icuOffsetSeconds(zone: string, utcMs: number): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  const whole = Math.floor(utcMs / 1000) * 1000;
  const m = WALL.exec(f.format(new Date(whole)))!;
  const year = m[4] === 'BC' ? 1 - Number(m[3]) : Number(m[3]);
  const local = Date.UTC(year, Number(m[1]) - 1, Number(m[2]), Number(m[5]), Number(m[6]), Number(m[7]));
  return Math.round((local - whole) / 1000);
}

function icuResolve(w: WallClock, zone: string): number {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const early = icuOffsetSeconds(zone, naive - 48 * HOUR_MS);
  if (
    [-24, 0, 24, 48].every((h) => icuOffsetSeconds(zone, naive + h * HOUR_MS) === early) &&
    icuOffsetSeconds(zone, naive - early * 1000) === early
  ) {
    return naive - early * 1000;
  }
  const offsets = new Set<number>();
  for (const h of [-48, -24, -12, -6, -3, 0, 3, 6, 12, 24, 48])
    offsets.add(icuOffsetSeconds(zone, naive + h * HOUR_MS));
  const found = [...offsets]
    .map((off) => naive - off * 1000)
    .filter((t) => icuOffsetSeconds(zone, t) === (naive - t) / 1000);
  return found.length ? Math.min(...found) : naive - early * 1000;
}

/** Wall clocks of births across zones and two centuries, a few of them near clock changes. */
function births(): { wall: WallClock; zone: string; place: string }[] {
  const places: [string, string][] = [
    ['Montreal, QC', 'America/Toronto'],
    ['Stockholm, Sweden', 'Europe/Stockholm'],
    ['London', 'Europe/London'],
    ['São Paulo', 'America/Sao_Paulo'],
    ['Tokyo', 'Asia/Tokyo'],
    ['Sydney, Australia', 'Australia/Sydney'],
    ['Kolkata', 'Asia/Kolkata'],
    ['Los Angeles', 'America/Los_Angeles'],
  ];
  const out: { wall: WallClock; zone: string; place: string }[] = [];
  for (let i = 0; i < 400; i++) {
    const [place, zone] = places[i % places.length]!;
    const wall = {
      year: 1900 + ((i * 37) % 125),
      month: 1 + ((i * 5) % 12),
      day: 1 + ((i * 11) % 28),
      hour: (i * 7) % 24,
      minute: (i * 13) % 60,
    };
    out.push({ wall, zone, place });
  }
  // Near transitions: spring-forward and fall-back days of New York and Berlin.
  out.push({
    wall: { year: 2024, month: 3, day: 10, hour: 2, minute: 30 },
    zone: 'America/New_York',
    place: 'New York, NY',
  });
  out.push({
    wall: { year: 2024, month: 10, day: 27, hour: 2, minute: 30 },
    zone: 'Europe/Berlin',
    place: 'Berlin, Germany',
  });
  return out;
}

export function zoneResolutionSection(table: CityTable): string {
  const cases = births();
  const rounds = 5;
  const ours: number[] = [];
  const icu: number[] = [];
  const per = (xs: number[]) => (median(xs) * 1000) / cases.length; // µs per call
  for (let r = 0; r < rounds; r++) {
    for (const [into, resolve] of [
      [ours, (c: (typeof cases)[number]) => resolveWallClock(c.wall, c.zone).utcMs],
      [icu, (c: (typeof cases)[number]) => icuResolve(c.wall, c.zone)],
    ] as const) {
      for (const c of cases) resolve(c); // warm
      const t = performance.now();
      for (let k = 0; k < 20; k++) for (const c of cases) resolve(c);
      into.push((performance.now() - t) / 20);
    }
  }
  // A chart's place and zone resolution as validate_location and every chart do it now, beside the
  // previous composition (the same place lookup, the offset from ICU).
  const fields = { birthLocation: 'birthLocation', latitude: 'latitude', longitude: 'longitude' } as const;
  const now: number[] = [];
  const before: number[] = [];
  const date = (w: WallClock) =>
    `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  const time = (w: WallClock) => `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
  for (let r = 0; r < rounds; r++) {
    now.push(
      ...timeCalls(2000, (i) => {
        const c = cases[i % cases.length]!;
        return validateLocation(table, {
          birthLocation: c.place,
          birthDate: date(c.wall),
          birthTime: time(c.wall),
        });
      }),
    );
    before.push(
      ...timeCalls(2000, (i) => {
        const c = cases[i % cases.length]!;
        const place = resolveBirthPlace(table, { birthLocation: c.place }, fields);
        return icuResolve(c.wall, place.timezone);
      }),
    );
  }
  const row = (name: string, a: number, b: number, digits: number) =>
    `| ${name} | ${fmt(a, digits)} | ${fmt(b, digits)} | ${fmt(b / a, 2)}x |`;
  return `## Time zone resolution (in-process, ${cases.length} birth wall clocks, ${rounds} alternating rounds, same run)

| Path (µs per call) | now: bundled tz data with backzone | previous: runtime ICU through Intl | previous / now |
|---|---|---|---|
${row('wall clock -> UTC, median of rounds', per(ours), per(icu), 2)}
${row('validate_location with a date and time, p50 (previous: place lookup + ICU offset)', percentile(now, 50), percentile(before, 50), 1)}
${row('the same, p99', percentile(now, 99), percentile(before, 99), 1)}

Target: no slower than the ICU path (previous / now at least 1x on the medians).
`;
}
