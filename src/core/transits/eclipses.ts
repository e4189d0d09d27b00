import { CALC_FLAGS, ECLIPSE_FLAGS, type Ephemeris, SE_BODY, SUPPORTED_RANGE } from '../ephemeris/index.js';
import { type GateLineSign, gateLineSign, wrap180 } from './bodies.js';
import { isoUtc } from './time.js';

/**
 * Solar and lunar eclipses in a range, from the Swiss Ephemeris global searches: each eclipse with
 * its instant of greatest eclipse (UT), kind, magnitude, where it is seen, and the Sun's and Moon's
 * gate, line and sign at that instant.
 */

export type SolarKind = 'total' | 'annular' | 'hybrid' | 'partial';
export type LunarKind = 'total' | 'partial' | 'penumbral';

export interface EclipseBodyPosition extends GateLineSign {
  longitude: number;
}

export interface SolarVisibility {
  /** Where greatest eclipse is seen (the central line's point at maximum for central eclipses). */
  latitude: number;
  longitude: number;
  description: string;
}

export interface LunarVisibility {
  /** The sub-lunar point at maximum: the Moon is overhead there and above the horizon within ~90 degrees. */
  subLunarLatitude: number;
  subLunarLongitude: number;
  description: string;
}

interface EclipseBase {
  utc: string;
  jdUT: number;
  sun: EclipseBodyPosition;
  moon: EclipseBodyPosition;
}

export interface SolarEclipse extends EclipseBase {
  type: 'solar';
  kind: SolarKind;
  /** NASA-style magnitude at greatest eclipse (Moon/Sun diameter ratio when central). */
  magnitude: number;
  central: boolean;
  visibility: SolarVisibility;
}

export interface LunarEclipse extends EclipseBase {
  type: 'lunar';
  kind: LunarKind;
  /** Umbral magnitude, or the penumbral magnitude for a penumbral eclipse. */
  magnitude: number;
  umbralMagnitude: number;
  penumbralMagnitude: number;
  visibility: LunarVisibility;
}

export type Eclipse = SolarEclipse | LunarEclipse;

export interface EclipseFilter {
  solar?: boolean;
  lunar?: boolean;
}

const round = (x: number, decimals: number): number => Math.round(x * 10 ** decimals) / 10 ** decimals;

export function formatLatLon(latitude: number, longitude: number): string {
  const lat = `${Math.abs(latitude).toFixed(2)}°${latitude >= 0 ? 'N' : 'S'}`;
  const lon = `${Math.abs(longitude).toFixed(2)}°${longitude >= 0 ? 'E' : 'W'}`;
  return `${lat} ${lon}`;
}

/** Rough centres of regions, to name in words where the Moon is up (approximate by design). */
const REGIONS: readonly [string, number, number][] = [
  ['North America', 45, -100],
  ['South America', -15, -60],
  ['Europe', 50, 15],
  ['Africa', 5, 20],
  ['Asia', 45, 95],
  ['Australia', -25, 135],
  ['the Pacific', 0, -160],
  ['the Atlantic', 0, -30],
  ['the Indian Ocean', -20, 80],
  ['Antarctica', -85, 0],
];

const RAD = Math.PI / 180;
function angularDistance(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const c =
    Math.sin(lat1 * RAD) * Math.sin(lat2 * RAD) +
    Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos((lon1 - lon2) * RAD);
  return Math.acos(Math.min(1, Math.max(-1, c))) / RAD;
}

/** Regions whose centre has the Moon at least 10 degrees above the horizon. */
export function regionsFacing(latitude: number, longitude: number): string[] {
  return REGIONS.filter(([, la, lo]) => angularDistance(latitude, longitude, la, lo) <= 80).map(([n]) => n);
}

function solarKind(flags: number): SolarKind {
  if (flags & ECLIPSE_FLAGS.HYBRID) return 'hybrid';
  if (flags & ECLIPSE_FLAGS.TOTAL) return 'total';
  if (flags & ECLIPSE_FLAGS.ANNULAR) return 'annular';
  return 'partial';
}

function lunarKind(flags: number): LunarKind {
  if (flags & ECLIPSE_FLAGS.TOTAL) return 'total';
  if (flags & ECLIPSE_FLAGS.PARTIAL) return 'partial';
  return 'penumbral';
}

function bodies(ephemeris: Ephemeris, jdUT: number): { sun: EclipseBodyPosition; moon: EclipseBodyPosition } {
  const at = (planet: 'sun' | 'moon'): EclipseBodyPosition => {
    const longitude = ephemeris.position(planet, jdUT).longitude;
    return { longitude: round(longitude, 4), ...gateLineSign(longitude) };
  };
  return { sun: at('sun'), moon: at('moon') };
}

/** Geographic point with the Moon at the zenith: latitude = declination, longitude = RA - sidereal time. */
export function subLunarPoint(ephemeris: Ephemeris, jdUT: number): { latitude: number; longitude: number } {
  const eq = ephemeris.body(SE_BODY.moon, jdUT, CALC_FLAGS.EQUATORIAL);
  return { latitude: eq.latitude, longitude: wrap180(eq.longitude - ephemeris.siderealTime(jdUT) * 15) };
}

function solar(ephemeris: Ephemeris, jdUT: number, flags: number): SolarEclipse {
  const where = ephemeris.solarEclipseWhere(jdUT);
  const kind = solarKind(flags);
  const central = (flags & ECLIPSE_FLAGS.CENTRAL) !== 0;
  const place = formatLatLon(where.latitude, where.longitude);
  return {
    utc: isoUtc(jdUT),
    jdUT,
    type: 'solar',
    kind,
    magnitude: round(where.magnitude, 4),
    central,
    visibility: {
      latitude: round(where.latitude, 2),
      longitude: round(where.longitude, 2),
      description: `Greatest eclipse (${kind}${central ? ', central' : ''}) is seen at ${place}.`,
    },
    ...bodies(ephemeris, jdUT),
  };
}

function lunar(ephemeris: Ephemeris, jdUT: number, flags: number): LunarEclipse {
  const how = ephemeris.lunarEclipseHow(jdUT);
  const kind = lunarKind(flags);
  const point = subLunarPoint(ephemeris, jdUT);
  const regions = regionsFacing(point.latitude, point.longitude);
  return {
    utc: isoUtc(jdUT),
    jdUT,
    type: 'lunar',
    kind,
    magnitude: round(kind === 'penumbral' ? how.penumbralMagnitude : how.umbralMagnitude, 4),
    umbralMagnitude: round(how.umbralMagnitude, 4),
    penumbralMagnitude: round(how.penumbralMagnitude, 4),
    visibility: {
      subLunarLatitude: round(point.latitude, 2),
      subLunarLongitude: round(point.longitude, 2),
      description:
        `At maximum the Moon is above the horizon over the half of the Earth centred on ` +
        `${formatLatLon(point.latitude, point.longitude)}` +
        (regions.length > 0 ? `, including ${regions.join(', ')}.` : '.'),
    },
    ...bodies(ephemeris, jdUT),
  };
}

/** Every eclipse whose greatest eclipse falls in [startJdUT, endJdUT], in time order. */
export function eclipsesBetween(
  ephemeris: Ephemeris,
  startJdUT: number,
  endJdUT: number,
  filter: EclipseFilter = {},
): Eclipse[] {
  const out: Eclipse[] = [];
  // A search from `start` finds eclipses after it; starting a day early keeps one whose maximum is
  // just after the start but whose first contact is before it (not before the ephemeris files).
  const from = Math.max(startJdUT - 1, SUPPORTED_RANGE.startJdUT);
  if (filter.solar !== false) {
    for (let t = from; ;) {
      const e = ephemeris.nextSolarEclipse(t);
      if (e.maximumJdUT > endJdUT) break;
      if (e.maximumJdUT >= startJdUT) out.push(solar(ephemeris, e.maximumJdUT, e.flags));
      t = e.maximumJdUT + 1;
    }
  }
  if (filter.lunar !== false) {
    for (let t = from; ;) {
      const e = ephemeris.nextLunarEclipse(t);
      if (e.maximumJdUT > endJdUT) break;
      if (e.maximumJdUT >= startJdUT) out.push(lunar(ephemeris, e.maximumJdUT, e.flags));
      t = e.maximumJdUT + 1;
    }
  }
  return out.sort((a, b) => a.jdUT - b.jdUT);
}
