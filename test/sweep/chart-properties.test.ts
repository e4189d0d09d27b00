/**
 * Properties of the chart pipeline (Swiss Ephemeris -> engine, called directly: no HTTP) over 10,000
 * seeded random births 1900-2100. Rules from shared/reference/human-design.md: section 1.2 (a body
 * and the point opposite share line, colour, tone and base; opposite gate = 32 wheel steps), section
 * 2.1 (the design instant is 88° of solar arc before birth, 86.6-92 days; the solver brackets 84-96
 * days), section 7 (only 12 profiles, their angles) and section 8.1 (the cross's four gates from the
 * P-Sun wheel index and the angle). Wheel: the tests' own, test/fixtures/wheel.ts (section 1.1).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ephemeris } from '../../src/core/ephemeris/index.js';
import { type HdMoment, hdChartAt } from '../../src/core/human-design/index.js';
import { sharedEphemeris } from '../helpers/service.js';
import { crossGatesText, oppositeGate } from '../fixtures/wheel.js';

const BIRTHS = 10_000;
const SEED = 20_240_101;
const FROM_JD = 2_415_020.5; // 1900-01-01
const SPAN_DAYS = 73_049; // to 2100-01-01
/** Section 2.1: the bracket a design solver searches (84-96 days before birth). */
const DESIGN_MIN_DAYS = 84;
const DESIGN_MAX_DAYS = 96;

/** Section 7: the 12 profiles and their angle. */
const PROFILE_ANGLE: Record<string, 'Right Angle' | 'Juxtaposition' | 'Left Angle'> = {
  '1/3': 'Right Angle',
  '1/4': 'Right Angle',
  '2/4': 'Right Angle',
  '2/5': 'Right Angle',
  '3/5': 'Right Angle',
  '3/6': 'Right Angle',
  '4/6': 'Right Angle',
  '4/1': 'Juxtaposition',
  '5/1': 'Left Angle',
  '5/2': 'Left Angle',
  '6/2': 'Left Angle',
  '6/3': 'Left Angle',
};

let ephemeris: Ephemeris;
const samples: { jd: number; moment: HdMoment }[] = [];

beforeAll(() => {
  ephemeris = sharedEphemeris();
  let seed = SEED;
  // Park-Miller LCG: reproducible instants without a dependency.
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  for (let n = 0; n < BIRTHS; n++) {
    const jd = FROM_JD + random() * SPAN_DAYS;
    samples.push({ jd, moment: hdChartAt(ephemeris, jd) });
  }
});

describe(`${BIRTHS} random births 1900-2100`, () => {
  it('only the 12 profiles occur, each with its angle', () => {
    const seen = new Map<string, number>();
    for (const { moment } of samples) {
      const { profile, incarnationCross } = moment.chart.chart;
      expect(Object.keys(PROFILE_ANGLE)).toContain(profile);
      expect(incarnationCross.startsWith(`${PROFILE_ANGLE[profile]} Cross of `)).toBe(true);
      seen.set(profile, (seen.get(profile) ?? 0) + 1);
    }
    // Section 8.1 measured 1/3, 2/4, 3/5, 4/6, 5/1, 6/2 at ~14.3% and the others at ~2.2% each.
    expect([...seen.keys()].sort()).toEqual(Object.keys(PROFILE_ANGLE).sort());
    for (const p of ['1/3', '2/4', '3/5', '4/6', '5/1', '6/2'])
      expect(seen.get(p)! / BIRTHS).toBeGreaterThan(0.1);
  });

  it('Earth and the South Node share line, colour, tone and base with the Sun and the North Node', () => {
    const sub = (p: { line: number; color: number; tone: number; base: number }) => [
      p.line,
      p.color,
      p.tone,
      p.base,
    ];
    for (const { moment } of samples) {
      for (const side of [moment.chart.personality, moment.chart.design]) {
        expect(sub(side.Earth)).toEqual(sub(side.Sun));
        expect(sub(side.Ketu)).toEqual(sub(side.Rahu));
        expect(side.Earth.gate).toBe(oppositeGate(side.Sun.gate));
        expect(side.Ketu.gate).toBe(oppositeGate(side.Rahu.gate));
      }
    }
  });

  it("the cross's four gates follow the section 8.1 rule and are the chart's Sun and Earth gates", () => {
    for (const { moment } of samples) {
      const { personality, design, chart } = moment.chart;
      const gates = /\(([^)]+)\)$/.exec(chart.incarnationCross)?.[1];
      expect(gates).toBe(crossGatesText(personality.Sun.gate, PROFILE_ANGLE[chart.profile]!));
      expect(gates).toBe(
        `${personality.Sun.gate}/${personality.Earth.gate} | ${design.Sun.gate}/${design.Earth.gate}`,
      );
    }
  });

  it('the design instant lies 84-96 days before birth, with the Sun 88° of arc back', () => {
    let min = Number.POSITIVE_INFINITY;
    let max = 0;
    for (const { jd, moment } of samples) {
      const days = jd - moment.designJdUT;
      min = Math.min(min, days);
      max = Math.max(max, days);
      expect(days).toBeGreaterThan(DESIGN_MIN_DAYS);
      expect(days).toBeLessThan(DESIGN_MAX_DAYS);
      const arc =
        (((moment.chart.personality.Sun.longitude - moment.chart.design.Sun.longitude) % 360) + 360) % 360;
      // Longitudes are echoed to 6 decimals.
      expect(arc).toBeCloseTo(88, 5);
    }
    // Section 2.1 measured 86.6-92.0 days.
    expect(min).toBeGreaterThan(86.4);
    expect(max).toBeLessThan(92.2);
  });
});
