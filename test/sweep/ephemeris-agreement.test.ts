/**
 * Swiss Ephemeris positions against an independent peer: astronomy-engine 2.1.19 (VSOP87 planets,
 * ILE-1954 Moon, numerically integrated Pluto; pure JS, a dev dependency only).
 *
 * What is compared: apparent geocentric ecliptic longitude of date. astronomy-engine side:
 * GeoVector(body, t, aberration = true) is the light-time corrected, aberrated geocentric J2000
 * equatorial vector; Ecliptic() rotates it with precession and nutation to the true ecliptic and
 * equinox of date, which is what Swiss Ephemeris returns with its default (apparent) flags. The
 * Moon's GeoVector is geometric; at the Moon's distance light-time and aberration are ~1", well
 * inside the tolerance.
 *
 * Time: both libraries take UT but convert to TT with different Delta T models; they differ by up to
 * ~205 s over 1850-2150 (measured here, extrapolations after today and a polynomial before 1900),
 * which alone moves the Moon by up to ~2'. To compare positions and not Delta T models, astronomy-
 * engine is evaluated at the same TT, built from the ephemeris's own Delta T.
 *
 * Tolerances (reference: shared/reference/human-design.md section 2.4 measured at most ~18" over
 * 1900-2050, Neptune the most):
 * - POSITION_TOLERANCE_ARCSEC = 30: the brief's bound. Measured here over 1,000 seeded instants
 *   1850-2150 (seed below): Sun 2.1", Moon 6.9", Mercury 12.3", Venus 17.8", Mars 10.9", Jupiter 9.9",
 *   Saturn 12.8", Uranus 12.1", Neptune 18.6", Pluto 13.9" (astronomy-engine's truncated series
 *   dominate; a denser scan of 1850-2150 peaked at Venus 20.3").
 * - True node: astronomy-engine has none, so the osculating ascending node is computed from its
 *   geocentric Moon state vector in the true ecliptic of date (node direction = z x (r x v)), the
 *   definition Swiss Ephemeris uses for SE_TRUE_NODE. NODE_TOLERANCE_ARCSEC = 30: measured 21.1"
 *   on these samples and 25.6" on a denser scan, mostly a slow drift (+3" in 1850 to -11" mean in 2100) from the 1954 lunar theory's
 *   velocity; the reference measured 12.6" over 1900-2000.
 * - SPEED_TOLERANCE_DEG_PER_DAY = 0.002: astronomy-engine central differences (h = 0.1 day) against
 *   the library's analytic speed; measured at most 0.0005 deg/day (Mercury).
 */
import * as Astronomy from 'astronomy-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEphemeris,
  type Ephemeris,
  PLANET_KEYS,
  type PlanetPositions,
} from '../../src/core/ephemeris/index.js';
import { activationFromLongitude } from '../../src/core/human-design/index.js';
import { LINE_DEGREES, WHEEL_START_DEGREES } from '../fixtures/wheel.js';
import {
  ARCSEC_PER_DEGREE,
  angleDiff,
  J2000,
  jd,
  SECONDS_PER_DAY,
  seededRandom,
} from '../helpers/ephemeris.js';

const POSITION_TOLERANCE_ARCSEC = 30;
const NODE_TOLERANCE_ARCSEC = 30;
const SPEED_TOLERANCE_DEG_PER_DAY = 0.002;
const SAMPLES = 1000;
const SPEED_SAMPLES = 200;
const SPEED_STEP_DAYS = 0.1;
const SEED = 20_240_601;
const FROM = jd('1850-01-01T00:00:00Z');
const TO = jd('2150-01-01T00:00:00Z');

const PEER_BODIES = {
  sun: Astronomy.Body.Sun,
  moon: Astronomy.Body.Moon,
  mercury: Astronomy.Body.Mercury,
  venus: Astronomy.Body.Venus,
  mars: Astronomy.Body.Mars,
  jupiter: Astronomy.Body.Jupiter,
  saturn: Astronomy.Body.Saturn,
  uranus: Astronomy.Body.Uranus,
  neptune: Astronomy.Body.Neptune,
  pluto: Astronomy.Body.Pluto,
} as const;
type PeerBody = keyof typeof PEER_BODIES;
const PEER_NAMES = Object.keys(PEER_BODIES) as PeerBody[];

let ephemeris: Ephemeris;

/** astronomy-engine time at the same TT the ephemeris uses for `jdUT`. */
const peerTime = (jdUT: number, offsetDays = 0): Astronomy.AstroTime =>
  Astronomy.AstroTime.FromTerrestrialTime(
    jdUT + ephemeris.deltaT(jdUT) / SECONDS_PER_DAY - J2000 + offsetDays,
  );

const peerLongitude = (body: PeerBody, time: Astronomy.AstroTime): number =>
  Astronomy.Ecliptic(Astronomy.GeoVector(PEER_BODIES[body], time, true)).elon;

/** Ascending node of the osculating lunar orbit, degrees, true ecliptic and equinox of date. */
function peerOsculatingNode(time: Astronomy.AstroTime): number {
  const s = Astronomy.RotateState(Astronomy.Rotation_EQJ_ECT(time), Astronomy.GeoMoonState(time));
  const hx = s.y * s.vz - s.z * s.vy;
  const hy = s.z * s.vx - s.x * s.vz;
  const node = (Math.atan2(hx, -hy) * 180) / Math.PI;
  return node < 0 ? node + 360 : node;
}

describe('positions agree with astronomy-engine, 1850-2150', () => {
  const maxArcsec: Record<PeerBody | 'trueNode', number> = {
    sun: 0,
    moon: 0,
    mercury: 0,
    venus: 0,
    mars: 0,
    jupiter: 0,
    saturn: 0,
    uranus: 0,
    neptune: 0,
    pluto: 0,
    trueNode: 0,
  };
  let samples: { jdUT: number; positions: PlanetPositions }[] = [];

  beforeAll(() => {
    ephemeris = createEphemeris();
    const random = seededRandom(SEED);
    samples = Array.from({ length: SAMPLES }, () => {
      const jdUT = FROM + random() * (TO - FROM);
      return { jdUT, positions: ephemeris.planets(jdUT) };
    });
    for (const { jdUT, positions } of samples) {
      const time = peerTime(jdUT);
      for (const body of PEER_NAMES) {
        const d =
          Math.abs(angleDiff(positions[body].longitude, peerLongitude(body, time))) * ARCSEC_PER_DEGREE;
        maxArcsec[body] = Math.max(maxArcsec[body], d);
      }
      const dn =
        Math.abs(angleDiff(positions.trueNode.longitude, peerOsculatingNode(time))) * ARCSEC_PER_DEGREE;
      maxArcsec.trueNode = Math.max(maxArcsec.trueNode, dn);
    }
  });

  // EPHEMERIS_REPORT=1 npx vitest run test/sweep/ephemeris-agreement.test.ts prints the measured maxima quoted above.
  afterAll(() => {
    if (!process.env.EPHEMERIS_REPORT) return;
    const rounded = Object.fromEntries(Object.entries(maxArcsec).map(([k, v]) => [k, Number(v.toFixed(2))]));
    console.info('max |swisseph - astronomy-engine| in arc-seconds', rounded);
  });

  // Issue 3: the served gate.line must agree with the peer for >= 99.9% of activations that are not
  // within the position tolerance of a line boundary (a line is 0.9375 deg; the wheel starts at 302 deg,
  // section 1.1). Measured: 10,786 of 10,786 such activations agree (214 of 11,000 were skipped).
  it('the engine gives the same gate.line from both ephemerides away from line boundaries', () => {
    const margin = POSITION_TOLERANCE_ARCSEC / ARCSEC_PER_DEGREE;
    const nearBoundary = (lon: number) => {
      const into = (((lon - WHEEL_START_DEGREES) % LINE_DEGREES) + LINE_DEGREES) % LINE_DEGREES;
      return Math.min(into, LINE_DEGREES - into) < margin;
    };
    const gateLine = (lon: number) => {
      const a = activationFromLongitude(lon);
      return `${a.gate}.${a.line}`;
    };
    let compared = 0;
    let same = 0;
    for (const { jdUT, positions } of samples) {
      const time = peerTime(jdUT);
      const pairs: [number, number][] = PEER_NAMES.map((body) => [
        positions[body].longitude,
        peerLongitude(body, time),
      ]);
      pairs.push([positions.trueNode.longitude, peerOsculatingNode(time)]);
      for (const [ours, peer] of pairs) {
        if (nearBoundary(peer)) continue;
        compared++;
        if (gateLine(ours) === gateLine(peer)) same++;
      }
    }
    expect(compared).toBeGreaterThan(0.9 * SAMPLES * (PEER_NAMES.length + 1));
    expect(same / compared).toBeGreaterThanOrEqual(0.999);
  });

  it('returns every body as a longitude in [0, 360) with a finite speed', () => {
    for (const { positions } of samples) {
      for (const name of PLANET_KEYS) {
        const p = positions[name];
        expect(p.longitude).toBeGreaterThanOrEqual(0);
        expect(p.longitude).toBeLessThan(360);
        expect(Number.isFinite(p.speed)).toBe(true);
      }
    }
  });

  it.each(PEER_NAMES)(`%s within ${POSITION_TOLERANCE_ARCSEC}" of astronomy-engine`, (body) => {
    expect(maxArcsec[body]).toBeGreaterThan(0);
    expect(maxArcsec[body]).toBeLessThan(POSITION_TOLERANCE_ARCSEC);
  });

  it(`true node within ${NODE_TOLERANCE_ARCSEC}" of the osculating node from astronomy-engine's Moon`, () => {
    expect(maxArcsec.trueNode).toBeLessThan(NODE_TOLERANCE_ARCSEC);
  });

  it('speeds match astronomy-engine central differences', () => {
    for (const { jdUT, positions } of samples.slice(0, SPEED_SAMPLES)) {
      for (const body of PEER_NAMES) {
        const ahead = peerLongitude(body, peerTime(jdUT, SPEED_STEP_DAYS));
        const behind = peerLongitude(body, peerTime(jdUT, -SPEED_STEP_DAYS));
        const peerSpeed = angleDiff(ahead, behind) / (2 * SPEED_STEP_DAYS);
        expect(Math.abs(positions[body].speed - peerSpeed), body).toBeLessThan(SPEED_TOLERANCE_DEG_PER_DAY);
      }
    }
  });
});
