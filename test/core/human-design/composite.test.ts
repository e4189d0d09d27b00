/**
 * Composite (connection) charts.
 * Sources: service-spec.md "Composite chart - response data" (field names and the four relationship
 * channel rules: Companionship = both have the complete channel; Dominance = one has it, the other
 * neither gate; Compromise = one has it, the other one of its gates; Electromagnetic = each
 * contributes one gate) and human-design.md sections 3-6 for the combined definition. Cases are
 * hand-built gate sets; expected values follow from those rules by hand.
 */
import { describe, expect, it } from 'vitest';
import type { GateActivation } from '../../../src/core/human-design/activation.js';
import { chartFromActivations } from '../../../src/core/human-design/chart.js';
import {
  type ChartGates,
  compositeCombined,
  RELATIONSHIP_KINDS,
} from '../../../src/core/human-design/composite.js';
import type { GateNumber, Planet } from '../../../src/core/human-design/tables.js';
import { CHANNEL_TABLE } from '../../fixtures/hd-tables.js';
import { activationsOf, type ChartId } from '../../fixtures/reference-charts.js';

const person = (...gates: number[]): ChartGates => ({ gates: { definedGates: gates as GateNumber[] } });

const kinds = (a: ChartGates, b: ChartGates): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(compositeCombined(a, b).Properties.RelationshipChannels).map(([kind, { List }]) => [
      kind,
      List.map((c) => c.gates),
    ]),
  );

const EMPTY = { Companionship: [], Dominance: [], Compromise: [], Electromagnetic: [] };

describe('relationship channel rules', () => {
  it('Companionship: both have the complete channel', () => {
    expect(kinds(person(1, 8), person(1, 8))).toEqual({ ...EMPTY, Companionship: ['1-8'] });
  });

  it('Dominance: one has the complete channel, the other neither gate (either way round)', () => {
    expect(kinds(person(1, 8), person())).toEqual({ ...EMPTY, Dominance: ['1-8'] });
    expect(kinds(person(64), person(1, 8))).toEqual({ ...EMPTY, Dominance: ['1-8'] });
  });

  it('Compromise: one has the complete channel, the other exactly one of its gates', () => {
    expect(kinds(person(1, 8), person(8))).toEqual({ ...EMPTY, Compromise: ['1-8'] });
    expect(kinds(person(1), person(1, 8))).toEqual({ ...EMPTY, Compromise: ['1-8'] });
  });

  it('Electromagnetic: each contributes the gate the other lacks', () => {
    expect(kinds(person(1), person(8))).toEqual({ ...EMPTY, Electromagnetic: ['1-8'] });
    expect(kinds(person(8), person(1))).toEqual({ ...EMPTY, Electromagnetic: ['1-8'] });
  });

  it('no channel when both hold only the same gate', () => {
    expect(kinds(person(1), person(1))).toEqual(EMPTY);
  });

  it('sorts several channels of one kind in channel-table order and names them', () => {
    // A completes 10-34, 10-57 and 34-57, of which B holds no gate; B's 20 meets A's 10, 34 and 57.
    const combined = compositeCombined(person(10, 34, 57), person(20));
    expect(combined.Properties.RelationshipChannels).toEqual({
      Companionship: { List: [] },
      Dominance: {
        List: [
          { gates: '10-34', name: 'Exploration' },
          { gates: '10-57', name: 'Perfected Form' },
          { gates: '34-57', name: 'Power' },
        ],
      },
      Compromise: { List: [] },
      Electromagnetic: {
        List: [
          { gates: '10-20', name: 'Awakening' },
          { gates: '20-34', name: 'Charisma' },
          { gates: '20-57', name: 'The Brainwave' },
        ],
      },
    });
  });
});

describe('combined centers, definition and connection theme', () => {
  it('defines the centers of the channels the pair completes', () => {
    const combined = compositeCombined(person(1), person(8));
    expect(combined.DefinedCenters).toEqual(['Throat', 'G']);
    expect(combined.OpenCenters).toEqual([
      'Head',
      'Ajna',
      'Heart',
      'Sacral',
      'Spleen',
      'Solar Plexus',
      'Root',
    ]);
    expect(combined.Properties.Definition.Name).toBe('Single');
    expect(combined.Properties.ConnectionTheme.ThemeDescription).toBe(
      '2-7: together they define 2 of the 9 centers; open: Head, Ajna, Heart, Sacral, Spleen, Solar Plexus, Root.',
    );
  });

  it('counts separate groups for the definition', () => {
    const combined = compositeCombined(person(1, 3), person(8, 60));
    expect(combined.Properties.Definition).toEqual({
      Name: 'Split',
      Description: 'The defined centers form two groups that are not connected.',
    });
  });

  it('reports 0-9 and None when nothing connects', () => {
    const combined = compositeCombined(person(1), person(2));
    expect(combined.DefinedCenters).toEqual([]);
    expect(combined.Properties.Definition.Name).toBe('None');
    expect(combined.Properties.ConnectionTheme.ThemeDescription).toMatch(/^0-9: /);
  });

  it('reports 9-0 when every center is defined', () => {
    // 64-47 Head-Ajna, 11-56 Ajna-Throat, 1-8 G-Throat, 25-51 G-Heart, 34-57 Sacral-Spleen, 59-6 Sacral-SP, 19-49 Root-SP.
    const combined = compositeCombined(person(64, 11, 1, 25, 34, 59, 19), person(47, 56, 8, 51, 57, 6, 49));
    expect(combined.OpenCenters).toEqual([]);
    expect(combined.Properties.ConnectionTheme.ThemeDescription).toBe(
      '9-0: together they define all 9 centers; none stays open.',
    );
  });
});

describe('two real charts (section 12.2 R1 and R2)', () => {
  const chartOf = (id: ChartId) => {
    const { personality, design } = activationsOf(id);
    return chartFromActivations({
      personality: personality as Record<Planet, GateActivation>,
      design: design as Record<Planet, GateActivation>,
    });
  };
  const [a, b] = [chartOf('R1'), chartOf('R2')];

  it('classifies every channel of the union exactly once, symmetrically', () => {
    const ab = compositeCombined(a, b);
    const ba = compositeCombined(b, a);
    expect(ba.Properties.RelationshipChannels).toEqual(ab.Properties.RelationshipChannels);
    const listed = RELATIONSHIP_KINDS.flatMap((k) =>
      ab.Properties.RelationshipChannels[k].List.map((c) => c.gates),
    );
    const union = new Set<number>([...a.gates.definedGates, ...b.gates.definedGates]);
    const expected = CHANNEL_TABLE.map(([id]) => id).filter((id) =>
      id.split('-').every((g) => union.has(Number(g))),
    );
    expect([...listed].sort()).toEqual([...expected].sort());
    for (const channel of [...a.channels, ...b.channels]) expect(listed).toContain(channel.gates);
  });
});
