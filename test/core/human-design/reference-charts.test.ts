/**
 * Whole charts from the 26 activations of published charts (test/fixtures/reference-charts.ts).
 * Sources: human-design.md section 12.2 (all gate.line.color.tone.base values of R1, R2, R4 and R8,
 * computed by the reference author with Swiss Ephemeris, true node; R2 and R8 gate.lines equal their
 * sources') and section 12.1 (type, authority, definition, profile, cross, centers, channels and
 * variable, as stated by the sources and recomputed there; the fixture names each value's source).
 * PHS / Rave Psychology expectations are read by hand from the section 10 tables for the listed
 * colours and tones.
 */
import { describe, expect, it } from 'vitest';
import type { GateActivation } from '../../../src/core/human-design/activation.js';
import { chartFromActivations, type HdActivationsInput } from '../../../src/core/human-design/chart.js';
import { type Planet, TYPES } from '../../../src/core/human-design/tables.js';
import {
  activationsOf,
  CHART_LIST,
  type ChartId,
  FULL_ACTIVATION_CHARTS,
  REFERENCE_CHARTS,
  RULE_BOOK,
  sourceOf,
} from '../../fixtures/reference-charts.js';
import { crossGates, crossGatesText } from '../../fixtures/wheel.js';

const inputOf = (id: ChartId): HdActivationsInput => {
  const { personality, design } = activationsOf(id);
  return {
    personality: personality as Record<Planet, GateActivation>,
    design: design as Record<Planet, GateActivation>,
  };
};

describe('section 12.1/12.2 charts', () => {
  it.each(FULL_ACTIVATION_CHARTS)('$id $name', ({ id, outputs: ref, activations }) => {
    const result = chartFromActivations(inputOf(id));
    expect(result.chart).toEqual({
      type: ref.type,
      strategy: TYPES[ref.type as keyof typeof TYPES].strategy,
      authority: ref.authority,
      profile: ref.profile,
      definition: ref.definition,
      incarnationCross: ref.incarnationCross,
      variable: ref.variable,
      signature: TYPES[ref.type as keyof typeof TYPES].signature,
      notSelfTheme: TYPES[ref.type as keyof typeof TYPES].notSelfTheme,
    });
    expect(result.centers.defined).toEqual(ref.centers);
    expect(result.channels.map((c) => c.gates)).toEqual(ref.channels);

    const listed = new Set(
      `${activations.personality} ${activations.design}`.split(' ').map((a) => Number(a.split('.')[0])),
    );
    expect(result.gates.definedGates).toEqual([...listed].sort((a, b) => a - b));
    expect([...result.gates.definedGates, ...result.gates.openGates].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 64 }, (_, i) => i + 1),
    );
    const activationCount = Object.values(result.activations).reduce(
      (n, s) => n + s.personality.length + s.design.length,
      0,
    );
    expect(activationCount).toBe(26);
  });
});

describe('R1 in detail', () => {
  const result = chartFromActivations(inputOf('R1'));

  it('lists which planets of which side activate each gate, with lines', () => {
    expect(result.activations['7']).toEqual({
      personality: [
        { planet: 'Mars', line: 6 },
        { planet: 'Saturn', line: 3 },
      ],
      design: [{ planet: 'Pluto', line: 2 }],
    });
    expect(result.activations['51']).toEqual({
      personality: [
        { planet: 'Sun', line: 5 },
        { planet: 'Moon', line: 1 },
      ],
      design: [],
    });
    expect(result.activations['8']).toBeUndefined();
    expect(Object.keys(result.activations).map(Number)).toEqual(result.gates.definedGates);
  });

  it('names the channels with their circuitry', () => {
    expect(result.channels).toEqual([
      { gates: '10-20', name: 'Awakening', circuitry: 'Individual Integration' },
      { gates: '10-57', name: 'Perfected Form', circuitry: 'Individual Integration' },
      { gates: '20-57', name: 'The Brainwave', circuitry: 'Individual Knowing' },
      { gates: '23-43', name: 'Structuring', circuitry: 'Individual Knowing' },
      { gates: '25-51', name: 'Initiation', circuitry: 'Individual Centering' },
    ]);
  });

  it('reads PHS and Rave Psychology from the Sun and North Node colours and tones', () => {
    // D-Sun 61.1.4.2.4, D-Node 23.3.6.2.3, P-Sun 51.5.3.3.5, P-Node 2.1.6.4.5.
    expect(result.phs).toEqual({
      digestion: {
        color: 4,
        name: 'Touch',
        tone: 2,
        orientation: 'Left',
        orientationLabel: 'Active',
        variant: 'Calm',
        group: 'Circumstances',
        cognition: 'Taste',
      },
      environment: {
        color: 6,
        name: 'Shores',
        tone: 2,
        orientation: 'Left',
        orientationLabel: 'Observed',
        variant: 'Natural',
        group: 'Landscape',
      },
    });
    expect(result.ravePsychology).toEqual({
      motivation: {
        color: 3,
        name: 'Desire',
        tone: 3,
        orientation: 'Left',
        orientationLabel: 'Strategic',
        transference: 'Innocence',
        sense: 'Action',
      },
      perspective: {
        color: 6,
        name: 'Personal',
        tone: 4,
        orientation: 'Right',
        orientationLabel: 'Peripheral',
        distraction: 'Power',
      },
    });
  });
});

describe('input validation', () => {
  it('rejects activations out of range', () => {
    const input = inputOf('R2');
    input.personality.Moon = { ...input.personality.Moon, base: 6 } as unknown as GateActivation;
    expect(() => chartFromActivations(input)).toThrow(/personality\.Moon\.base/);
  });

  it('rejects a Design Sun that is not 88° before the Personality Sun', () => {
    const input = inputOf('R2');
    input.design.Sun = { ...input.design.Sun, gate: 10 };
    expect(() => chartFromActivations(input)).toThrow(/design\.Sun/);
  });
});

describe('the reference-chart fixture is self-consistent (catches transcription slips)', () => {
  it.each(CHART_LIST.map((c) => [c.id, c] as const))('%s', (id, chart) => {
    const { outputs } = chart;
    expect(REFERENCE_CHARTS[id]).toBe(chart);
    const [pSunGate, pSunLine] = outputs.personalitySun.split('.').map(Number) as [number, number];
    const [dSunGate, dSunLine] = outputs.designSun.split('.').map(Number) as [number, number];
    // Profile = P-Sun line / D-Sun line (section 7); the cross's gates follow section 8.1.
    expect(outputs.profile).toBe(`${pSunLine}/${dSunLine}`);
    const angle = /^(Right Angle|Juxtaposition|Left Angle) Cross of /.exec(outputs.incarnationCross)?.[1];
    expect(angle).toBeDefined();
    expect(outputs.incarnationCross.endsWith(`(${crossGatesText(pSunGate, angle!)})`)).toBe(true);
    expect(crossGates(pSunGate, angle!)[2]).toBe(dSunGate);
    if (chart.activations) {
      expect(chart.activations.personality.startsWith(`${outputs.personalitySun}.`)).toBe(true);
      expect(chart.activations.design.startsWith(`${outputs.designSun}.`)).toBe(true);
    }
    for (const field of chart.source.states) expect(sourceOf(chart, field)).toBe(chart.source.cites);
    expect(sourceOf(chart, 'variable')).toBe(
      chart.source.states.includes('variable') ? chart.source.cites : RULE_BOOK.charts,
    );
  });
});
