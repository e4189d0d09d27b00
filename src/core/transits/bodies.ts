import {
  CLASSICAL_PLANETS,
  type Ephemeris,
  type PlanetName,
  type Position,
  SE_BODY,
} from '../ephemeris/index.js';
import { BASES_PER_LINE, basesFromAries, wheelBases } from '../human-design/activation.js';
import {
  type GateNumber,
  PLANETS as HD_PLANETS,
  LINES_PER_GATE,
  type Line,
  SIGNS,
  type Sign,
  WHEEL,
  WHEEL_START_DEGREES,
} from '../human-design/tables.js';

/** The 13 Human Design bodies under their V2 chart names (Rahu = true North Node, Ketu = South Node). */
export const HD_BODY_NAMES = HD_PLANETS;
export type HdBody = (typeof HD_BODY_NAMES)[number];

/** Bodies with stations and returns: the Sun, Moon, Mercury..Pluto and Chiron. */
export const RETURN_BODIES = [...CLASSICAL_PLANETS, 'Chiron'] as const;
export type ReturnBody = (typeof RETURN_BODIES)[number];

/** Bodies that turn retrograde: Mercury through Pluto and Chiron. */
export const STATION_BODIES = RETURN_BODIES.filter((b) => b !== 'Sun' && b !== 'Moon') as readonly Exclude<
  ReturnBody,
  'Sun' | 'Moon'
>[];
export type StationBody = (typeof STATION_BODIES)[number];

/** Case-insensitive name lookup in a list of canonical names; undefined when unknown. */
export function matchName<T extends string>(names: readonly T[], input: string): T | undefined {
  const key = input.trim().toLowerCase();
  return names.find((n) => n.toLowerCase() === key);
}

export const LINE_DEGREES = 360 / (WHEEL.length * LINES_PER_GATE);
export const LINES_PER_CIRCLE = WHEEL.length * LINES_PER_GATE;

/** Gate, line and sign of a longitude, with the chart's own integer wheel arithmetic. */
export interface GateLineSign {
  gate: GateNumber;
  line: Line;
  sign: Sign;
}

const BASES_PER_SIGN = (BASES_PER_LINE * LINES_PER_CIRCLE) / 12;

export function wheelLineOf(longitude: number): number {
  return Math.floor(wheelBases(longitude) / BASES_PER_LINE);
}

/** Gate and line of a wheel line index (0 = gate 41 line 1, 383 = gate 60 line 6). */
export function gateLineOfIndex(index: number): { gate: GateNumber; line: Line } {
  const i = ((index % LINES_PER_CIRCLE) + LINES_PER_CIRCLE) % LINES_PER_CIRCLE;
  return {
    gate: WHEEL[Math.floor(i / LINES_PER_GATE)] as GateNumber,
    line: ((i % LINES_PER_GATE) + 1) as Line,
  };
}

export function gateLineSign(longitude: number): GateLineSign {
  const { gate, line } = gateLineOfIndex(wheelLineOf(longitude));
  return { gate, line, sign: SIGNS[Math.floor(basesFromAries(longitude) / BASES_PER_SIGN)] as Sign };
}

/** Line index on the unwrapped longitude axis (any real longitude; 302° = start of line 0). */
export const unwrappedLineIndex = (longitude: number): number =>
  Math.floor((longitude - WHEEL_START_DEGREES) / LINE_DEGREES);

/** Start longitude of unwrapped line index k. */
export const lineBoundary = (k: number): number => WHEEL_START_DEGREES + k * LINE_DEGREES;

export const mod360 = (degrees: number): number => {
  const m = degrees % 360;
  return m < 0 ? m + 360 : m;
};

/** Signed difference folded into [-180, 180). */
export const wrap180 = (degrees: number): number => mod360(degrees + 180) - 180;

export type Sampler = (jdUT: number) => Position;

const PLANET_OF: Record<Exclude<ReturnBody, 'Chiron'>, PlanetName> = {
  Sun: 'sun',
  Moon: 'moon',
  Mercury: 'mercury',
  Venus: 'venus',
  Mars: 'mars',
  Jupiter: 'jupiter',
  Saturn: 'saturn',
  Uranus: 'uranus',
  Neptune: 'neptune',
  Pluto: 'pluto',
};

/** Apparent longitude and speed of a body, one ephemeris call per instant. */
export function samplerOf(ephemeris: Ephemeris, body: ReturnBody | 'Rahu'): Sampler {
  if (body === 'Chiron') {
    return (jd) => {
      const r = ephemeris.body(SE_BODY.chiron, jd);
      return { longitude: r.longitude, speed: r.longitudeSpeed };
    };
  }
  const planet: PlanetName = body === 'Rahu' ? 'trueNode' : PLANET_OF[body];
  return (jd) => ephemeris.position(planet, jd);
}
