/**
 * The Rave Mandala and the longitude -> gate.line.color.tone.base formula.
 * Sources: human-design.md section 1.1 (anchor 302°, substructure 6/6/6/5, start-inclusive intervals,
 * 0° Aries = gate 25 line 2), section 1.2 (opposite points share line/colour/tone/base) and section
 * 1.3 (the 64 start and end longitudes, quarters and opposite gates), via test/fixtures/hd-tables.ts.
 * The engine is also checked against the tests' own wheel, test/fixtures/wheel.ts (written from
 * sections 1.1-1.2, independent of src/), which is itself checked against the section 1.3 table.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import {
  activationFromLongitude,
  BASES_PER_CIRCLE,
  BASES_PER_DEGREE,
  BASES_PER_GATE,
  gateStartLongitude,
  oppositeGate,
  positionFromLongitude,
  wheelBases,
} from '../../../src/core/human-design/activation.js';
import { quarterOf } from '../../../src/core/human-design/cross.js';
import { type GateNumber, WHEEL } from '../../../src/core/human-design/tables.js';
import { WHEEL_TABLE } from '../../fixtures/hd-tables.js';
import {
  gateStart,
  oppositeGate as testOpposite,
  WHEEL as TEST_WHEEL,
  wheelActivation,
} from '../../fixtures/wheel.js';

/** One base is 18.75"; this is well below it but far above the 1e-6-base boundary snap. */
const JUST_BELOW = 1e-7;

describe('wheel geometry', () => {
  it('64 gates of 5.625° cover the circle exactly', () => {
    expect(WHEEL).toHaveLength(64);
    expect(64 * 5.625).toBe(360);
    expect(BASES_PER_GATE).toBe(6 * 6 * 6 * 5);
    expect(BASES_PER_CIRCLE).toBe(69_120);
    expect(BASES_PER_DEGREE).toBe(192);
  });

  it('holds every gate once', () => {
    expect(new Set(WHEEL).size).toBe(64);
    expect([...WHEEL].sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });

  it('matches the section 1.3 table: start, end, quarter and opposite gate of every gate', () => {
    expect(WHEEL_TABLE.map(([gate]) => gate)).toEqual([...WHEEL]);
    for (const [gate, start, end, quarter, opposite] of WHEEL_TABLE) {
      const g = gate as GateNumber;
      expect(gateStartLongitude(g)).toBe(start);
      expect(activationFromLongitude(start)).toEqual({ gate, line: 1, color: 1, tone: 1, base: 1 });
      expect(activationFromLongitude(end - JUST_BELOW)).toEqual({
        gate,
        line: 6,
        color: 6,
        tone: 6,
        base: 5,
      });
      expect(quarterOf(g)).toBe(quarter);
      expect(oppositeGate(g)).toBe(opposite);
    }
  });

  it('anchors gate 41 at 302° and puts 0° Aries in gate 25 line 2', () => {
    expect(activationFromLongitude(302)).toMatchObject({ gate: 41, line: 1 });
    expect(activationFromLongitude(302 - JUST_BELOW)).toMatchObject({ gate: 60, line: 6 });
    expect(activationFromLongitude(0)).toMatchObject({ gate: 25, line: 2 });
    expect(activationFromLongitude(358.25)).toMatchObject({ gate: 25, line: 1 });
    expect(activationFromLongitude(3.875)).toMatchObject({ gate: 17, line: 1 });
  });

  it('has line, colour, tone and base sizes of 0.9375°, 0.15625°, 1/38.4° and 1/192°', () => {
    const start = 302;
    expect(activationFromLongitude(start + 0.9375)).toEqual({
      gate: 41,
      line: 2,
      color: 1,
      tone: 1,
      base: 1,
    });
    expect(activationFromLongitude(start + 0.15625)).toEqual({
      gate: 41,
      line: 1,
      color: 2,
      tone: 1,
      base: 1,
    });
    expect(activationFromLongitude(start + 0.15625 / 6)).toEqual({
      gate: 41,
      line: 1,
      color: 1,
      tone: 2,
      base: 1,
    });
    expect(activationFromLongitude(start + 1 / 192)).toEqual({
      gate: 41,
      line: 1,
      color: 1,
      tone: 1,
      base: 2,
    });
    expect(activationFromLongitude(start + 5.625 - 1 / 192)).toEqual({
      gate: 41,
      line: 6,
      color: 6,
      tone: 6,
      base: 5,
    });
  });
});

describe("the tests' own wheel (test/fixtures/wheel.ts)", () => {
  it('matches the section 1.3 table: order, start, opposite gate, first and last base of every gate', () => {
    expect(WHEEL_TABLE.map(([gate]) => gate)).toEqual([...TEST_WHEEL]);
    for (const [gate, start, end, , opposite] of WHEEL_TABLE) {
      expect(gateStart(gate)).toBe(start);
      expect(testOpposite(gate)).toBe(opposite);
      expect(wheelActivation(start)).toEqual({ gate, line: 1, color: 1, tone: 1, base: 1 });
      expect(wheelActivation(end - JUST_BELOW)).toEqual({ gate, line: 6, color: 6, tone: 6, base: 5 });
    }
  });

  it('agrees with the engine at 100,000 longitudes spread over the circle', () => {
    for (let i = 0; i < 100_000; i++) {
      // An irrational step keeps the samples off the exact base boundaries.
      const longitude = (i * Math.SQRT2 * 3.6) % 360;
      const ours = wheelActivation(longitude);
      const engine = activationFromLongitude(longitude);
      if (JSON.stringify(ours) !== JSON.stringify(engine))
        expect({ longitude, engine }).toEqual({ longitude, engine: ours });
    }
  });
});

describe('boundary convention: start-inclusive, end-exclusive, at every base', () => {
  it('places the decimal start of each of the 69 120 bases in that base, and just below it in the previous one', () => {
    let previous = activationFromLongitude(302 - 1 / 192);
    for (let n = 0; n < BASES_PER_CIRCLE; n++) {
      const longitude = 302 + n / 192;
      // Asserted only when wrong: 138,240 expect calls took 3 s of the fast tier.
      if (wheelBases(longitude) !== n) expect({ n, base: wheelBases(longitude) }).toEqual({ n, base: n });
      const below = (n + BASES_PER_CIRCLE - 1) % BASES_PER_CIRCLE;
      if (wheelBases(longitude - JUST_BELOW) !== below)
        expect({ n, below: wheelBases(longitude - JUST_BELOW) }).toEqual({ n, below });
      // Odometer order: each base advances base, then tone, colour, line, gate with carries.
      const current = activationFromLongitude(longitude);
      const carryBase = previous.base === 5;
      const carryTone = carryBase && previous.tone === 6;
      const carryColor = carryTone && previous.color === 6;
      const carryLine = carryColor && previous.line === 6;
      const expected = {
        gate: carryLine ? WHEEL[n / BASES_PER_GATE] : previous.gate,
        line: carryLine ? 1 : carryColor ? previous.line + 1 : previous.line,
        color: carryColor ? 1 : carryTone ? previous.color + 1 : previous.color,
        tone: carryTone ? 1 : carryBase ? previous.tone + 1 : previous.tone,
        base: carryBase ? 1 : previous.base + 1,
      };
      if (
        current.gate !== expected.gate ||
        current.line !== expected.line ||
        current.color !== expected.color ||
        current.tone !== expected.tone ||
        current.base !== expected.base
      ) {
        expect({ n, current }).toEqual({ n, current: expected });
      }
      previous = current;
    }
  });

  it('wraps longitudes outside [0, 360)', () => {
    expect(activationFromLongitude(-58)).toEqual(activationFromLongitude(302));
    expect(activationFromLongitude(662)).toEqual(activationFromLongitude(302));
    expect(activationFromLongitude(-0.0001)).toMatchObject({ gate: 25 });
    expect(positionFromLongitude(-58).longitude).toBe(302);
  });

  it('rejects non-finite longitudes as invalid input', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => activationFromLongitude(bad, 'personality.Sun')).toThrow(AppError);
    }
    try {
      activationFromLongitude(Number.NaN, 'personality.Moon');
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_input', details: [{ field: 'personality.Moon' }] });
    }
  });
});

describe('opposite points (section 1.2)', () => {
  it('share line, colour, tone and base; the gate is the opposite gate', () => {
    for (let i = 0; i < 2000; i++) {
      const longitude = (i * 0.1799) % 360;
      const a = activationFromLongitude(longitude);
      const b = activationFromLongitude(longitude + 180);
      expect({ ...b, gate: a.gate }).toEqual(a);
      expect(b.gate).toBe(oppositeGate(a.gate));
    }
  });
});

describe('positions', () => {
  it('labels the tropical sign and rounds the longitude to 6 decimals', () => {
    expect(positionFromLongitude(330.125)).toMatchObject({ gate: 55, sign: 'Pisces', longitude: 330.125 });
    expect(positionFromLongitude(302.123456789)).toMatchObject({ sign: 'Aquarius', longitude: 302.123457 });
    expect(positionFromLongitude(0).sign).toBe('Aries');
    expect(positionFromLongitude(30).sign).toBe('Taurus');
    expect(positionFromLongitude(30 - JUST_BELOW).sign).toBe('Aries');
    expect(positionFromLongitude(359.9).sign).toBe('Pisces');
  });
});
