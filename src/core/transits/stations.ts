import { STATION_STEPS } from '../bodies/index.js';
import { type Ephemeris, SUPPORTED_RANGE } from '../ephemeris/index.js';
import { type GateLineSign, gateLineSign, samplerOf, type StationBody, wrap180 } from './bodies.js';
import { findRoot } from './roots.js';
import { isoUtc } from './time.js';

/**
 * Retrograde periods (reference section B3): the speed in longitude is sampled on a grid, a sign
 * change is a station (+ to - retrograde, - to + direct), found to 1e-6 day (~0.1 s) by root-finding
 * on the speed. Shadow: the pre-shadow starts when the planet, still direct, first reaches the
 * longitude where it will station direct; the post-shadow ends when it is back at the longitude
 * where it stationed retrograde.
 */

export interface Station extends GateLineSign {
  utc: string;
  jdUT: number;
  longitude: number;
}

export interface RetrogradePeriod {
  planet: StationBody;
  stationRetrograde: Station;
  /** Null only when the ephemeris span ends before the planet turns direct. */
  stationDirect: Station | null;
  /** Station retrograde to station direct, days (null with stationDirect). */
  durationDays: number | null;
  preShadowStart: string | null;
  postShadowEnd: string | null;
}

const ROOT_TOLERANCE_DAYS = 1e-6;
const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/** Retrograde periods of one planet overlapping [startJdUT, endJdUT], in time order. */
export function retrogradePeriods(
  ephemeris: Ephemeris,
  planet: StationBody,
  startJdUT: number,
  endJdUT: number,
): RetrogradePeriod[] {
  const sample = samplerOf(ephemeris, planet);
  const speed = (t: number) => sample(t).speed;
  const longitude = (t: number) => sample(t).longitude;
  // Grid step and reach per planet, days (the body table's `stations`).
  const { gridDays: step, reachDays: reach } = STATION_STEPS[planet];
  const from = Math.max(startJdUT - reach, SUPPORTED_RANGE.startJdUT);
  const to = Math.min(endJdUT + reach, SUPPORTED_RANGE.endJdUT - 1e-6);

  const stations: { jdUT: number; retrograde: boolean }[] = [];
  let t0 = from;
  let v0 = speed(t0);
  while (t0 < to) {
    const t1 = Math.min(t0 + step, to);
    const v1 = speed(t1);
    if (v0 > 0 !== v1 > 0)
      stations.push({ jdUT: findRoot(speed, t0, t1, ROOT_TOLERANCE_DAYS), retrograde: v0 > 0 });
    t0 = t1;
    v0 = v1;
  }

  const station = (jdUT: number): Station => {
    const lon = longitude(jdUT);
    return { utc: isoUtc(jdUT), jdUT, longitude: round4(lon), ...gateLineSign(lon) };
  };
  /** First instant after (dir 1) or before (dir -1) `t` where the longitude reaches `target`. */
  const crossing = (t: number, target: number, dir: 1 | -1): number | null => {
    const f = (x: number) => wrap180(longitude(x) - target);
    let a = t;
    let fa = f(a);
    for (let i = 0; i < (2 * reach) / step; i++) {
      const b = a + dir * step;
      if (b < SUPPORTED_RANGE.startJdUT || b >= SUPPORTED_RANGE.endJdUT) return null;
      const fb = f(b);
      if (fa > 0 !== fb > 0 && Math.abs(fa - fb) < 180)
        return dir > 0 ? findRoot(f, a, b, ROOT_TOLERANCE_DAYS) : findRoot(f, b, a, ROOT_TOLERANCE_DAYS);
      a = b;
      fa = fb;
    }
    return null;
  };

  const out: RetrogradePeriod[] = [];
  for (let i = 0; i < stations.length; i++) {
    const sr = stations[i]!;
    if (!sr.retrograde) continue;
    const sd = stations[i + 1];
    if (sr.jdUT > endJdUT || (sd !== undefined && sd.jdUT < startJdUT)) continue;
    const retro = station(sr.jdUT);
    const direct = sd ? station(sd.jdUT) : null;
    const pre = direct ? crossing(sr.jdUT - 1e-3, longitude(sd!.jdUT), -1) : null;
    const post = direct ? crossing(sd!.jdUT + 1e-3, longitude(sr.jdUT), 1) : null;
    out.push({
      planet,
      stationRetrograde: retro,
      stationDirect: direct,
      durationDays: sd ? Math.round((sd.jdUT - sr.jdUT) * 1e4) / 1e4 : null,
      preShadowStart: pre === null ? null : isoUtc(pre),
      postShadowEnd: post === null ? null : isoUtc(post),
    });
  }
  return out;
}
