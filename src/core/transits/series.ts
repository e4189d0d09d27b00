import { HD_SOURCE, type TrackedBody } from '../bodies/index.js';
import type { Ephemeris } from '../ephemeris/index.js';
import {
  gateLineSign,
  type GateLineSign,
  HD_BODY_NAMES,
  type HdBody,
  LINE_DEGREES,
  mod360,
  samplerOf,
} from './bodies.js';
import { elongation, illumination, type MoonPhase, phaseBoundaryDistance, phaseName } from './phase.js';
import { type DateRange, type Granularity, isoUtc, seriesInstants } from './time.js';
import { Track } from './track.js';
import { trackOptions } from './tracks.js';
import { WHEEL_START_DEGREES } from '../human-design/tables.js';

/**
 * Positions of the 13 Human Design bodies at daily or hourly UTC points.
 *
 * Speed without losing exactness: each body with its own ephemeris call is followed by a Track
 * (checked Hermite curve through a few exact samples a day, track.ts); Earth and Ketu are the Sun
 * and Rahu plus 180 degrees. A curve value is served only when it is at least BOUNDARY_MARGIN_DEG
 * from every line boundary, sign boundary and (Moon) phase boundary; nearer than that the point is
 * computed with a direct ephemeris call. The margin is 20 times the curve tolerance, so the
 * gate, line, sign and phase served are the ones a direct call gives (test/sweep checks every hourly
 * point of a year), and the longitude is within about 1e-4 degrees of it.
 */

/** 2e-3 degrees (7.2"); a direct call costs 0.4% of the Moon's points and less for the others. */
export const BOUNDARY_MARGIN_DEG = 2e-3;
/** Decimals of served longitudes (1e-4 degrees = 0.36"), at the curve's accuracy. */
const LONGITUDE_DECIMALS = 4;
const SCALE = 10 ** LONGITUDE_DECIMALS;

export interface BodyPoint extends GateLineSign {
  /** Apparent tropical longitude, degrees in [0, 360), 4 decimals. */
  longitude: number;
}

export interface MoonPoint extends BodyPoint {
  phase: MoonPhase;
  /** Illuminated fraction of the disc, 0..1, 3 decimals. */
  illumination: number;
}

export interface SeriesPoint {
  utc: string;
  bodies: Partial<Record<HdBody, BodyPoint | MoonPoint>>;
}

export interface MoonSeriesPoint extends MoonPoint {
  utc: string;
}

/** Degrees from a longitude in [0, 360) to the nearest line or sign boundary. */
function boundaryDistance(longitude: number): number {
  const inLine = mod360(longitude - WHEEL_START_DEGREES) % LINE_DEGREES;
  const inSign = longitude % 30;
  return Math.min(inLine, LINE_DEGREES - inLine, inSign, 30 - inSign);
}

/** Longitude source of one tracked body: the curve, or direct calls when a curve would cost more. */
interface Source {
  value(jdUT: number): number;
  direct(jdUT: number): number;
  readonly exact: boolean;
}

function sourceFor(ephemeris: Ephemeris, body: TrackedBody, instants: readonly number[]): Source {
  const sample = samplerOf(ephemeris, body);
  const first = instants[0]!;
  const last = instants[instants.length - 1]!;
  const options = trackOptions(body);
  // A track costs about two calls per first step; sparse daily points can be cheaper taken directly.
  if (2 * ((last - first) / options.stepDays + 1) >= instants.length) {
    const direct = (t: number) => sample(t).longitude;
    return { value: direct, direct, exact: true };
  }
  const track = Track.build(sample, first, last, options);
  return { value: (t) => track.value(t), direct: (t) => track.direct(t), exact: false };
}

const rounded = (longitude: number): number => {
  const r = Math.round(longitude * SCALE) / SCALE;
  return r >= 360 ? 0 : r;
};

function bodyPoint(longitude: number): BodyPoint {
  const g = gateLineSign(longitude);
  return { longitude: rounded(longitude), gate: g.gate, line: g.line, sign: g.sign };
}

/** Series of the chosen bodies (all 13 by default, in chart order) over whole UTC days, both inclusive. */
export function transitSeries(
  ephemeris: Ephemeris,
  range: DateRange,
  granularity: Granularity,
  bodies: readonly HdBody[] = HD_BODY_NAMES,
): SeriesPoint[] {
  const instants = seriesInstants(range, granularity);
  if (instants.length === 0) return [];
  const wanted = HD_BODY_NAMES.filter((b) => bodies.includes(b));
  const needed = new Set<TrackedBody>(wanted.map((b) => HD_SOURCE[b].tracked));
  if (needed.has('Moon')) needed.add('Sun');
  const sources = new Map<TrackedBody, Source>();
  for (const body of needed) sources.set(body, sourceFor(ephemeris, body, instants));
  const sun = sources.get('Sun');
  const moon = sources.get('Moon');

  return instants.map((t) => {
    const out: SeriesPoint['bodies'] = {};
    for (const body of wanted) {
      if (body === 'Moon') continue;
      const { tracked, offsetDeg: offset } = HD_SOURCE[body];
      const source = sources.get(tracked)!;
      let longitude = mod360(source.value(t) + offset);
      if (!source.exact && boundaryDistance(longitude) < BOUNDARY_MARGIN_DEG)
        longitude = mod360(source.direct(t) + offset);
      out[body] = bodyPoint(longitude);
    }
    if (moon && sun) out.Moon = moonPoint(moon, sun, t);
    // Keys in chart order, whatever order the Moon was added in.
    const ordered: SeriesPoint['bodies'] = {};
    for (const body of wanted) ordered[body] = out[body];
    return { utc: isoUtc(t), bodies: ordered };
  });
}

function moonPoint(moon: Source, sun: Source, t: number): MoonPoint {
  let m = mod360(moon.value(t));
  let s = mod360(sun.value(t));
  if (!moon.exact && boundaryDistance(m) < BOUNDARY_MARGIN_DEG) m = mod360(moon.direct(t));
  if ((!moon.exact || !sun.exact) && phaseBoundaryDistance(elongation(m, s)) < BOUNDARY_MARGIN_DEG) {
    m = mod360(moon.direct(t));
    s = mod360(sun.direct(t));
  }
  const e = elongation(m, s);
  return { ...bodyPoint(m), phase: phaseName(e), illumination: illumination(e) };
}

/** The Moon alone (with its phase), for the moon transit series. */
export function moonSeries(
  ephemeris: Ephemeris,
  range: DateRange,
  granularity: Granularity,
): MoonSeriesPoint[] {
  const instants = seriesInstants(range, granularity);
  if (instants.length === 0) return [];
  const moon = sourceFor(ephemeris, 'Moon', instants);
  const sun = sourceFor(ephemeris, 'Sun', instants);
  return instants.map((t) => ({ utc: isoUtc(t), ...moonPoint(moon, sun, t) }));
}
