/**
 * Gate and line periods, checked against the ephemeris itself, called directly at each event, and the
 * Rave Mandala wheel order transcribed in test/fixtures/wheel.ts (not src). Facts: the Sun passes all
 * 64 gates in a year; each line is 0.9375 degrees and the wheel starts at 302 degrees (gate 41).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEphemeris, type Ephemeris } from '../../../src/core/ephemeris/index.js';
import { type TransitPeriods, transitPeriods } from '../../../src/core/transits/index.js';
import { LINE_DEGREES, WHEEL, WHEEL_START_DEGREES } from '../../fixtures/wheel.js';
import { EPHEMERIS_BODY_OF as KEY } from '../../helpers/ephemeris.js';

const jd = (iso: string) => Date.parse(iso) / 86_400_000 + 2_440_587.5;
const START = jd('2025-01-01T00:00:00Z');
const END = jd('2026-01-01T00:00:00Z');

let ephemeris: Ephemeris;
let result: TransitPeriods;
beforeAll(() => {
  ephemeris = createEphemeris();
  result = transitPeriods(ephemeris, START, END);
});

/** Arc-seconds from a longitude to the nearest line boundary. */
const offBoundary = (longitude: number): number => {
  const r = (((longitude - WHEEL_START_DEGREES) % LINE_DEGREES) + LINE_DEGREES) % LINE_DEGREES;
  return Math.min(r, LINE_DEGREES - r) * 3600;
};

describe('transit periods 2025', () => {
  it('the Sun enters 64 gates (one gate wraps past the year ends)', () => {
    const entries = result.events.filter((e) => e.body === 'Sun' && e.gateChange);
    expect(entries).toHaveLength(64);
    expect(new Set(entries.map((e) => e.gate)).size).toBe(64);
    expect(entries.every((e) => e.direction === 'direct')).toBe(true);
    // Gate periods: 64 entries cut the year into 65 pieces, the first and last open-ended.
    const sun = result.gatePeriods.filter((p) => p.body === 'Sun');
    expect(sun).toHaveLength(65);
    expect(sun[0]!.start).toBeNull();
    expect(sun.at(-1)!.end).toBeNull();
    expect(sun[0]!.gate).toBe(sun.at(-1)!.gate);
  });

  it('every event puts the body within 1 arc-second of a line boundary (direct ephemeris call)', () => {
    expect(result.events.length).toBeGreaterThan(6000);
    let worst = 0;
    for (const e of result.events) {
      const lon = ephemeris.humanDesignBodies(e.jdUT)[KEY[e.body]!].longitude;
      worst = Math.max(worst, offBoundary(lon));
    }
    expect(worst).toBeLessThan(1);
  });

  it('events are in time order and each body moves to a neighbouring line', () => {
    for (let i = 1; i < result.events.length; i++)
      expect(result.events[i]!.jdUT).toBeGreaterThanOrEqual(result.events[i - 1]!.jdUT);
    const wheelLine = (gate: number, line: number) =>
      (WHEEL as readonly number[]).indexOf(gate) * 6 + line - 1;
    for (const e of result.events) {
      const step = (wheelLine(e.gate, e.line) - wheelLine(e.from.gate, e.from.line) + 384) % 384;
      expect(step).toBe(e.direction === 'direct' ? 1 : 383);
    }
  });

  it("the Moon's entries are complete: each event continues from the last, no line skipped", () => {
    const moon = result.events.filter((e) => e.body === 'Moon');
    // 13.4 sidereal months of 384 lines each.
    expect(moon.length).toBeGreaterThan(13 * 384);
    for (let i = 1; i < moon.length; i++)
      expect([moon[i]!.from.gate, moon[i]!.from.line]).toEqual([moon[i - 1]!.gate, moon[i - 1]!.line]);
    expect(moon.every((e) => e.direction === 'direct')).toBe(true);
  });

  it('retrograde re-entries: Mercury goes back over lines and re-enters them', () => {
    const back = result.events.filter((e) => e.body === 'Mercury' && e.direction === 'retrograde');
    expect(back.length).toBeGreaterThan(20);
    // Each line left backwards is entered again forwards later.
    const first = back[0]!;
    const again = result.events.find(
      (e) =>
        e.body === 'Mercury' &&
        e.direction === 'direct' &&
        e.jdUT > first.jdUT &&
        e.gate === first.from.gate &&
        e.line === first.from.line,
    );
    expect(again).toBeDefined();
  });

  it('periods chain per body: each starts where the previous ended, and match the state at the start', () => {
    const at = ephemeris.humanDesignBodies(START);
    for (const body of Object.keys(KEY) as (keyof typeof KEY)[]) {
      const ps = result.periods.filter((p) => p.body === body);
      for (let i = 1; i < ps.length; i++) expect(ps[i]!.start).toBe(ps[i - 1]!.end);
      const lon = at[KEY[body]!].longitude;
      const idx = Math.floor(((lon - WHEEL_START_DEGREES + 360) % 360) / LINE_DEGREES);
      expect([ps[0]!.gate, ps[0]!.line], body).toEqual([WHEEL[Math.floor(idx / 6)], (idx % 6) + 1]);
    }
  });
});
