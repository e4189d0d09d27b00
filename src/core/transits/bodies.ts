import { type TrackedBody, TRACKED_SWISS_KEY } from '../bodies/index.js';
import type { Ephemeris, Position } from '../ephemeris/index.js';
import { BASES_PER_LINE, basesFromAries, wheelBases } from '../human-design/activation.js';
import {
  type GateNumber,
  LINES_PER_GATE,
  type Line,
  SIGNS,
  type Sign,
  WHEEL,
  WHEEL_START_DEGREES,
} from '../human-design/tables.js';

// The transit tools' body names, from the body table.
export {
  HD_BODY_NAMES,
  type HdBody,
  RETURN_BODIES,
  type ReturnBody,
  STATION_BODIES,
  type StationBody,
} from '../bodies/index.js';

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

/** Apparent longitude and speed of a body, one ephemeris call per instant. */
export function samplerOf(ephemeris: Ephemeris, body: TrackedBody): Sampler {
  const key = TRACKED_SWISS_KEY[body];
  return (jd) => ephemeris.position(key, jd);
}
