/**
 * Incarnation crosses. Sources: human-design.md section 8.1 (gate formula, numbering rules, display
 * format and sample strings), section 8.3 (all 192 names with numbers and four-gate sets, confirmed
 * there by 4-5 sources for names and 2 sources + the formula for gates), section 12.1 (cross strings
 * of published charts, verbatim) and section 12.3 (edge-case vectors, computed by the reference author
 * with Swiss Ephemeris).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import {
  crossOfChart,
  incarnationCross,
  profileOf,
  quarterOf,
} from '../../../src/core/human-design/cross.js';
import {
  type Angle,
  CROSS_NAMES,
  type GateNumber,
  type Line,
  WHEEL,
} from '../../../src/core/human-design/tables.js';
import { CROSS_TABLE } from '../../fixtures/hd-tables.js';
import { crossGatesText, WHEEL as TEST_WHEEL, wheelAt, wheelIndex } from '../../fixtures/wheel.js';

const gatesText = (g: ReturnType<typeof incarnationCross>['gates']): string =>
  `${g.personalitySun}/${g.personalityEarth} | ${g.designSun}/${g.designEarth}`;
const numbered = (c: ReturnType<typeof incarnationCross>): string =>
  c.number === null ? c.name : `${c.name} ${c.number}`;

describe('all 192 crosses (section 8.3)', () => {
  it('covers every gate once, in wheel order from gate 13', () => {
    const start = wheelIndex(13);
    expect(CROSS_TABLE.map(([g]) => g)).toEqual(TEST_WHEEL.map((_, k) => wheelAt(start + k)));
  });

  it.each(CROSS_TABLE)(
    'P-Sun gate %i: names, numbers and gates',
    (gate, ra, raGates, jx, jxGates, la, laGates) => {
      const g = gate as GateNumber;
      const expected: [Angle, string, string][] = [
        ['Right Angle', ra, raGates],
        ['Juxtaposition', jx, jxGates],
        ['Left Angle', la, laGates],
      ];
      for (const [angle, name, gates] of expected) {
        const cross = incarnationCross(g, angle);
        expect(numbered(cross)).toBe(name);
        expect(gatesText(cross.gates)).toBe(gates);
        // Section 8.1 formula, from the tests' own wheel.
        expect(crossGatesText(g, angle)).toBe(gates);
      }
    },
  );
});

describe('numbering and families (section 8.1)', () => {
  it('Right Angle: 16 families of 4 rotated members, numbered by quarter', () => {
    const families = new Map<string, GateNumber[]>();
    for (const g of WHEEL)
      families.set(CROSS_NAMES[g]['Right Angle'], [
        ...(families.get(CROSS_NAMES[g]['Right Angle']) ?? []),
        g,
      ]);
    expect(families.size).toBe(16);
    for (const members of families.values()) {
      expect(members).toHaveLength(4);
      expect(members.map((g) => incarnationCross(g, 'Right Angle').number).sort()).toEqual([1, 2, 3, 4]);
      const gateSets = members.map((g) => Object.values(incarnationCross(g, 'Right Angle').gates).sort());
      for (const set of gateSets) expect(set).toEqual(gateSets[0]);
    }
  });

  it('Left Angle: 32 pairs of opposite gates, numbered 1 in quarters 1-2 and 2 in quarters 3-4', () => {
    const pairs = new Map<string, GateNumber[]>();
    for (const g of WHEEL)
      pairs.set(CROSS_NAMES[g]['Left Angle'], [...(pairs.get(CROSS_NAMES[g]['Left Angle']) ?? []), g]);
    expect(pairs.size).toBe(32);
    for (const [a, b] of pairs.values()) {
      const [first, second] = [
        incarnationCross(a as GateNumber, 'Left Angle'),
        incarnationCross(b as GateNumber, 'Left Angle'),
      ];
      expect(first.gates.personalityEarth).toBe(b);
      expect([first.number, second.number].sort()).toEqual([1, 2]);
    }
    for (const g of WHEEL) {
      const quarter = ['Initiation', 'Civilization', 'Duality', 'Mutation'].indexOf(quarterOf(g)) + 1;
      expect(incarnationCross(g, 'Left Angle').number).toBe(quarter <= 2 ? 1 : 2);
    }
  });

  it('Juxtaposition: one name per gate, no number, the Left Angle gates', () => {
    expect(new Set(WHEEL.map((g) => CROSS_NAMES[g].Juxtaposition)).size).toBe(64);
    for (const g of WHEEL) {
      const jx = incarnationCross(g, 'Juxtaposition');
      expect(jx.number).toBeNull();
      expect(jx.gates).toEqual(incarnationCross(g, 'Left Angle').gates);
    }
  });

  it('numbers gate 1 "the Sphinx 4" and gate 41 "the Unexpected 4" (web samples in section 8.1)', () => {
    expect(numbered(incarnationCross(1, 'Right Angle'))).toBe('the Sphinx 4');
    expect(numbered(incarnationCross(41, 'Right Angle'))).toBe('the Unexpected 4');
  });
});

describe('display strings', () => {
  const published: [GateNumber, Line, Line, string][] = [
    [51, 5, 1, 'Left Angle Cross of the Clarion 1 (51/57 | 61/62)'],
    [17, 3, 6, 'Right Angle Cross of Service 1 (17/18 | 58/52)'],
    [64, 3, 5, 'Right Angle Cross of Consciousness 3 (64/63 | 35/5)'],
    [45, 6, 2, 'Left Angle Cross of Confrontation 1 (45/26 | 36/6)'],
    [26, 5, 1, 'Left Angle Cross of Confrontation 2 (26/45 | 6/36)'],
    [14, 1, 3, 'Right Angle Cross of Contagion 4 (14/8 | 29/30)'],
    [53, 4, 1, 'Juxtaposition Cross of Beginnings (53/54 | 42/32)'],
    [4, 2, 4, 'Right Angle Cross of Explanation 3 (4/49 | 23/43)'],
    [38, 1, 3, 'Right Angle Cross of Tension 4 (38/39 | 48/21)'],
    [57, 2, 4, 'Right Angle Cross of Penetration 3 (57/51 | 53/54)'],
    [55, 6, 3, 'Left Angle Cross of Spirit 1 (55/59 | 9/16)'],
  ];
  it.each(published)('P-Sun %i, profile %i/%i: %s (section 12.1)', (gate, p, d, label) => {
    expect(crossOfChart(gate, profileOf(p, d)).label).toBe(label);
  });
});

describe('profiles', () => {
  it('rejects line pairs that cannot occur 88° apart', () => {
    expect(() => profileOf(1, 1)).toThrow(AppError);
    expect(() => profileOf(4, 2)).toThrow(/88°/);
  });
});
