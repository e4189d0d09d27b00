/**
 * Transit aspects against astronomy-engine (test/core/transits/aspects.test.ts, test/sweep): the
 * peer's own exact instant of each aspect we find, compared within the peer's position accuracy
 * converted by the planet's speed, at least a minute.
 */
import * as Astronomy from 'astronomy-engine';
import { expect } from 'vitest';
import type { Ephemeris } from '../../src/core/ephemeris/index.js';
import {
  ASPECT_ANGLES,
  type AspectTransit,
  natalPoints,
  transitAspects,
} from '../../src/core/transits/index.js';
import { samplerOf } from '../../src/core/transits/bodies.js';
import { angleDiff, J2000, jd, SECONDS_PER_DAY } from './ephemeris.js';

export const ASPECT_PLANETS: AspectTransit[] = [
  'Sun',
  'Mercury',
  'Venus',
  'Mars',
  'Jupiter',
  'Saturn',
  'Uranus',
  'Neptune',
  'Pluto',
];
const minutes = (a: number, b: number) => Math.abs(a - b) * 1440;

/** astronomy-engine's longitude at a UT instant, evaluated at our TT (compare positions, not Delta T). */
const PEER: Record<AspectTransit, Astronomy.Body> = {
  Sun: Astronomy.Body.Sun,
  Moon: Astronomy.Body.Moon,
  Mercury: Astronomy.Body.Mercury,
  Venus: Astronomy.Body.Venus,
  Mars: Astronomy.Body.Mars,
  Jupiter: Astronomy.Body.Jupiter,
  Saturn: Astronomy.Body.Saturn,
  Uranus: Astronomy.Body.Uranus,
  Neptune: Astronomy.Body.Neptune,
  Pluto: Astronomy.Body.Pluto,
};
/** The peer's position accuracy per body, arcseconds: the measured maxima of ephemeris-agreement.test.ts, rounded up. */
export const PEER_ARCSEC: Record<AspectTransit, number> = {
  Sun: 3,
  Moon: 8,
  Mercury: 13,
  Venus: 21,
  Mars: 12,
  Jupiter: 11,
  Saturn: 14,
  Uranus: 13,
  Neptune: 19,
  Pluto: 15,
};

export function peerLongitude(eph: Ephemeris, body: AspectTransit, jdUT: number): number {
  const tt = jdUT + eph.deltaT(jdUT) / SECONDS_PER_DAY - J2000;
  const time = Astronomy.AstroTime.FromTerrestrialTime(tt);
  if (body === 'Sun') return Astronomy.SunPosition(time).elon;
  return Astronomy.Ecliptic(Astronomy.GeoVector(PEER[body], time, true)).elon;
}

/**
 * Our aspects of one birth against the peer: the peer's root of the same difference within the
 * bracket of ±2 days around ours, compared within the peer's accuracy over our speed (at least a
 * minute). Returns how many were found and compared, and the worst ratio of the difference to its tolerance.
 */
export function checkAgainstPeer(
  eph: Ephemeris,
  birthIso: string,
  lat: number,
  lon: number,
  year: number,
): { found: number; compared: number; worstMinutesOverTolerance: number } {
  let compared = 0;
  let worst = 0;
  const natal = natalPoints(eph, jd(birthIso), lat, lon);
  const target = new Map(natal.map((p) => [p.name, p.longitude]));
  const found = transitAspects(
    eph,
    natal,
    jd(`${year}-01-01T00:00:00Z`),
    jd(`${year + 1}-01-01T00:00:00Z`),
    ASPECT_PLANETS,
  );
  for (const a of found) {
    const here = samplerOf(eph, a.transit)(a.jdUT);
    const angle = ASPECT_ANGLES[a.aspect];
    const base = target.get(a.natal)!;
    const t0 = [base + angle, base - angle].reduce((x, y) =>
      Math.abs(angleDiff(here.longitude, x)) < Math.abs(angleDiff(here.longitude, y)) ? x : y,
    );
    const f = (t: number) => angleDiff(peerLongitude(eph, a.transit, t), t0);
    // Newton-free: walk the peer's difference to a sign change next to ours, then bisect.
    const speed = Math.max(Math.abs(here.speed), 1e-4);
    const tolerance = Math.max(1, (PEER_ARCSEC[a.transit] / 3600 / speed) * 1440);
    const reach = Math.min(tolerance * 2, 4 * 1440) / 1440;
    let lo = a.jdUT - reach;
    let hi = a.jdUT + reach;
    const fLo = f(lo);
    if (fLo < 0 === f(hi) < 0) continue; // a grazing pass at a station: the peer may not reach it
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      if (f(mid) < 0 === fLo < 0) lo = mid;
      else hi = mid;
    }
    const off = minutes((lo + hi) / 2, a.jdUT);
    expect(off, `${a.transit} ${a.aspect} ${a.natal}`).toBeLessThan(tolerance);
    worst = Math.max(worst, off / tolerance);
    compared++;
  }
  return { found: found.length, compared, worstMinutesOverTolerance: worst };
}
