/**
 * Properties of charts computed from longitudes, over many seeded random inputs where the Design Sun
 * is exactly 88° behind the Personality Sun and Earth/Ketu are Sun/Rahu + 180°.
 * Sources: human-design.md section 7 (only 12 profiles occur), section 8.1 (the cross's four gates
 * follow from the P-Sun gate and angle; the reference author's 20 000-instant run found 1/3, 2/4,
 * 3/5, 4/6, 5/1, 6/2 at about 14.3% each and the other six at about 2.2%), section 1.2 (opposite
 * points share line/colour/tone/base).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import { computeChart, type HdLongitudesInput } from '../../../src/core/human-design/chart.js';
import { PLANETS, type Planet, PROFILES } from '../../../src/core/human-design/tables.js';
import { crossGates } from '../../fixtures/wheel.js';

const SAMPLES = 20_000;
/** Frequencies vary by sampling noise (~0.25 pp at n = 20 000) and the reference rounds to 0.1 pp. */
const FREQUENCY_TOLERANCE = 0.01;

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomInput(random: () => number): HdLongitudesInput {
  const side = (sun: number): Record<Planet, number> => {
    const values = Object.fromEntries(PLANETS.map((p) => [p, random() * 360])) as Record<Planet, number>;
    values.Sun = sun;
    values.Earth = sun + 180;
    values.Ketu = values.Rahu + 180;
    return values;
  };
  const personalitySun = random() * 360;
  return { personality: side(personalitySun), design: side(personalitySun - 88) };
}

describe('random charts with the Design Sun 88° behind', () => {
  it('produce only the 12 profiles, at the expected rates, and the section 8.1 cross gates', () => {
    const random = mulberry32(20240601);
    const counts = new Map<string, number>();
    const failures: unknown[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const result = computeChart(randomInput(random));
      const { profile, incarnationCross } = result.chart;
      counts.set(profile, (counts.get(profile) ?? 0) + 1);

      const pSun = result.personality.Sun;
      const angle = PROFILES[profile].angle;
      const expectedGates = crossGates(pSun.gate, angle);
      const actual = [
        result.personality.Sun,
        result.personality.Earth,
        result.design.Sun,
        result.design.Earth,
      ].map((a) => a.gate);
      const { personality: p } = result;
      const sameSubstructure =
        p.Earth.line === p.Sun.line &&
        p.Earth.color === p.Sun.color &&
        p.Earth.tone === p.Sun.tone &&
        p.Earth.base === p.Sun.base;
      if (
        actual.join() !== expectedGates.join() ||
        !incarnationCross.startsWith(`${angle} Cross of `) ||
        !incarnationCross.endsWith(`(${actual[0]}/${actual[1]} | ${actual[2]}/${actual[3]})`) ||
        !sameSubstructure
      ) {
        failures.push({ sample: i, profile, incarnationCross, actual, expectedGates });
      }
    }

    expect(failures).toEqual([]);
    expect([...counts.keys()].sort()).toEqual(Object.keys(PROFILES).sort());
    const common = ['1/3', '2/4', '3/5', '4/6', '5/1', '6/2'];
    for (const [profile, count] of counts) {
      const expected = common.includes(profile) ? 0.143 : 0.022;
      expect(Math.abs(count / SAMPLES - expected), profile).toBeLessThan(FREQUENCY_TOLERANCE);
    }
  });

  it('are consistent: definedGates are exactly the gates of the 26 positions', () => {
    const random = mulberry32(7);
    for (let i = 0; i < 500; i++) {
      const result = computeChart(randomInput(random));
      const gates = new Set(
        [...Object.values(result.personality), ...Object.values(result.design)].map((a) => a.gate),
      );
      expect(result.gates.definedGates).toEqual([...gates].sort((a, b) => a - b));
      expect(result.gates.definedGates.length + result.gates.openGates.length).toBe(64);
      expect(Object.keys(result.personality)).toEqual([...PLANETS]);
    }
  });
});

describe('computeChart input validation', () => {
  const valid = (): HdLongitudesInput => randomInput(mulberry32(1));
  const fieldOf = (fn: () => unknown): unknown => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).details?.[0];
    }
    throw new Error('expected a throw');
  };

  it('names a missing planet', () => {
    const input = valid();
    delete (input.design as Partial<Record<Planet, number>>).Pluto;
    expect(fieldOf(() => computeChart(input))).toMatchObject({ field: 'design.Pluto' });
  });

  it('names an unknown planet', () => {
    const input = valid() as unknown as { personality: Record<string, number> };
    input.personality.NorthNode = 1;
    expect(fieldOf(() => computeChart(input as unknown as HdLongitudesInput))).toMatchObject({
      field: 'personality.NorthNode',
    });
  });

  it('rejects a non-numeric or non-finite longitude', () => {
    const input = valid();
    input.personality.Moon = Number.NaN;
    expect(fieldOf(() => computeChart(input))).toMatchObject({ field: 'personality.Moon' });
    const text = valid() as unknown as { design: Record<string, unknown> };
    text.design.Mars = '12';
    expect(fieldOf(() => computeChart(text as unknown as HdLongitudesInput))).toMatchObject({
      field: 'design.Mars',
    });
  });

  it('rejects design positions that are not 88° of solar arc before birth', () => {
    const input = valid();
    input.design.Sun = input.personality.Sun - 40;
    expect(fieldOf(() => computeChart(input))).toMatchObject({ field: 'design.Sun' });
  });
});
