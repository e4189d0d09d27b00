import { invalidInput } from '../errors.js';
import {
  BASES_PER_TONE,
  type Base,
  COLORS_PER_LINE,
  type Color,
  type GateNumber,
  LINES_PER_GATE,
  type Line,
  SIGNS,
  type Sign,
  TONES_PER_COLOR,
  type Tone,
  WHEEL,
  WHEEL_START_DEGREES,
} from './tables.js';

/**
 * Longitude -> gate.line.color.tone.base with integer arithmetic (rule book section 1.2).
 *
 * The longitude is converted once into a whole number of bases (the smallest unit, 1/192°), and
 * every division below is integer division of that count, so no floating-point remainder can drift
 * across a boundary. Intervals are start-inclusive, end-exclusive.
 *
 * Gate, line and colour boundaries are exact binary fractions, but tone and base boundaries (multiples
 * of 1/192°) are not representable as doubles: the decimal longitude of the start of a tone is a hair
 * below its true value. A product within BOUNDARY_SNAP of the next whole base therefore counts as on
 * that boundary. 1e-6 base is 2e-5 arc-seconds, far below any ephemeris precision.
 */

export const BASES_PER_COLOR = BASES_PER_TONE * TONES_PER_COLOR;
export const BASES_PER_LINE = BASES_PER_COLOR * COLORS_PER_LINE;
export const BASES_PER_GATE = BASES_PER_LINE * LINES_PER_GATE;
export const BASES_PER_CIRCLE = BASES_PER_GATE * WHEEL.length;
export const BASES_PER_DEGREE = BASES_PER_CIRCLE / 360;
const WHEEL_START_BASES = WHEEL_START_DEGREES * BASES_PER_DEGREE;
const BASES_PER_SIGN = 30 * BASES_PER_DEGREE;
const BOUNDARY_SNAP = 1e-6;
/** Decimal places of the longitude echoed in positions (0.0036 arc-seconds). */
const LONGITUDE_DECIMALS = 6;

/** One activation: where a body falls on the wheel. */
export interface GateActivation {
  gate: GateNumber;
  line: Line;
  color: Color;
  tone: Tone;
  base: Base;
}

/** An activation together with the longitude it came from, as the chart's positions show it. */
export interface PlanetPosition extends GateActivation {
  /** Degrees in [0, 360), rounded to 6 decimals. */
  longitude: number;
  /** Tropical sign of the longitude. */
  sign: Sign;
}

const mod = (n: number, m: number): number => ((n % m) + m) % m;

/** Whole bases from 0° Aries, in [0, 69 120). Any finite longitude is accepted and wrapped. */
export function basesFromAries(longitude: number, field = 'longitude'): number {
  if (!Number.isFinite(longitude)) {
    throw invalidInput(field, `expected a finite longitude in degrees, got ${String(longitude)}`);
  }
  const scaled = longitude * BASES_PER_DEGREE;
  let bases = Math.floor(scaled);
  if (scaled - bases > 1 - BOUNDARY_SNAP) bases += 1;
  return mod(bases, BASES_PER_CIRCLE);
}

/** Position on the Rave Mandala in whole bases from the start of gate 41 (302°). */
export function wheelBases(longitude: number, field?: string): number {
  return mod(basesFromAries(longitude, field) - WHEEL_START_BASES, BASES_PER_CIRCLE);
}

/** Splits a count of wheel bases (0 = start of gate 41) into gate.line.color.tone.base. */
export function activationFromWheelBases(k: number): GateActivation {
  const gate = WHEEL[Math.floor(k / BASES_PER_GATE)];
  if (gate === undefined || !Number.isInteger(k)) throw new RangeError(`wheel position ${k} out of range`);
  return {
    gate,
    line: ((Math.floor(k / BASES_PER_LINE) % LINES_PER_GATE) + 1) as Line,
    color: ((Math.floor(k / BASES_PER_COLOR) % COLORS_PER_LINE) + 1) as Color,
    tone: ((Math.floor(k / BASES_PER_TONE) % TONES_PER_COLOR) + 1) as Tone,
    base: ((k % BASES_PER_TONE) + 1) as Base,
  };
}

export function activationFromLongitude(longitude: number, field?: string): GateActivation {
  return activationFromWheelBases(wheelBases(longitude, field));
}

export function positionFromLongitude(longitude: number, field?: string): PlanetPosition {
  const fromAries = basesFromAries(longitude, field);
  const scale = 10 ** LONGITUDE_DECIMALS;
  const rounded = Math.round(mod(longitude, 360) * scale) / scale;
  // Fields written out rather than spread: this runs 26 times per chart and a spread costs ~25x more.
  const a = activationFromWheelBases(mod(fromAries - WHEEL_START_BASES, BASES_PER_CIRCLE));
  return {
    gate: a.gate,
    line: a.line,
    color: a.color,
    tone: a.tone,
    base: a.base,
    // Rounding can carry 359.9999999 up to 360; the sign and gate already wrapped to 0° Aries.
    longitude: rounded === 360 ? 0 : rounded,
    sign: SIGNS[Math.floor(fromAries / BASES_PER_SIGN)] as Sign,
  };
}

/** Wheel index (0 = gate 41) of a gate. */
export function wheelIndex(gate: GateNumber): number {
  return WHEEL.indexOf(gate);
}

/** The gate `steps` positions further along the wheel (negative = backwards). */
export function gateAtOffset(gate: GateNumber, steps: number): GateNumber {
  return WHEEL[mod(wheelIndex(gate) + steps, WHEEL.length)] as GateNumber;
}

/** The gate exactly opposite (+180° = 32 gates). */
export function oppositeGate(gate: GateNumber): GateNumber {
  return gateAtOffset(gate, WHEEL.length / 2);
}

/** Start longitude of a gate in degrees, [0, 360). */
export function gateStartLongitude(gate: GateNumber): number {
  return mod(WHEEL_START_BASES + wheelIndex(gate) * BASES_PER_GATE, BASES_PER_CIRCLE) / BASES_PER_DEGREE;
}
