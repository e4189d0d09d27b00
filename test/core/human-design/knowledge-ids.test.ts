/**
 * Knowledge ids used by tooltips. Source: the id forms agreed with the knowledge-base author
 * (`type:`, `strategy:`, `authority:`, `profile:`, `line:`, `definition:`, `angle:`,
 * `cross:<angle>:<name>`, `center:`, `channel:<low>-<high>`, `gate:`), and human-design.md section 8.1
 * for the cross count (16 Right Angle families, 64 Juxtapositions, 32 Left Angle pairs).
 */
import { describe, expect, it } from 'vitest';
import type { GateActivation } from '../../../src/core/human-design/activation.js';
import { chartFromActivations } from '../../../src/core/human-design/chart.js';
import { compositeCombined } from '../../../src/core/human-design/composite.js';
import {
  allHdKnowledgeIds,
  compositeTooltipIds,
  tooltipIds,
} from '../../../src/core/human-design/knowledge-ids.js';
import type { Planet } from '../../../src/core/human-design/tables.js';
import {
  activationsOf,
  type ChartId,
  FULL_ACTIVATION_CHARTS,
  REFERENCE_CHARTS,
} from '../../fixtures/reference-charts.js';

const chartOf = (id: ChartId) => {
  const { personality, design } = activationsOf(id);
  return chartFromActivations({
    personality: personality as Record<Planet, GateActivation>,
    design: design as Record<Planet, GateActivation>,
  });
};

const all = allHdKnowledgeIds();
const ofKind = (kind: string): string[] => all.filter((id) => id.startsWith(`${kind}:`));

describe('allHdKnowledgeIds', () => {
  it('has the agreed ids for the small vocabularies', () => {
    expect(ofKind('type')).toEqual([
      'type:generator',
      'type:manifesting-generator',
      'type:projector',
      'type:manifestor',
      'type:reflector',
    ]);
    expect(ofKind('strategy').sort()).toEqual(
      [
        'strategy:to-respond',
        'strategy:to-respond-then-inform',
        'strategy:to-inform',
        'strategy:wait-for-the-invitation',
        'strategy:wait-a-lunar-cycle',
      ].sort(),
    );
    expect(ofKind('authority')).toEqual([
      'authority:emotional',
      'authority:sacral',
      'authority:splenic',
      'authority:ego-manifested',
      'authority:ego-projected',
      'authority:self-projected',
      'authority:mental',
      'authority:lunar',
    ]);
    expect(ofKind('profile').sort()).toEqual(
      ['1-3', '1-4', '2-4', '2-5', '3-5', '3-6', '4-6', '4-1', '5-1', '5-2', '6-2', '6-3']
        .map((p) => `profile:${p}`)
        .sort(),
    );
    expect(ofKind('line')).toEqual(['line:1', 'line:2', 'line:3', 'line:4', 'line:5', 'line:6']);
    expect(ofKind('definition')).toEqual([
      'definition:none',
      'definition:single',
      'definition:split',
      'definition:triple-split',
      'definition:quadruple-split',
    ]);
    expect(ofKind('angle')).toEqual(['angle:right-angle', 'angle:juxtaposition', 'angle:left-angle']);
    expect(ofKind('center')).toEqual([
      'center:head',
      'center:ajna',
      'center:throat',
      'center:g',
      'center:heart',
      'center:sacral',
      'center:spleen',
      'center:solar-plexus',
      'center:root',
    ]);
  });

  it('has 36 channels, 64 gates and 112 distinct crosses', () => {
    expect(ofKind('channel')).toHaveLength(36);
    expect(ofKind('channel')).toContain('channel:1-8');
    expect(ofKind('gate')).toEqual(Array.from({ length: 64 }, (_, i) => `gate:${i + 1}`));
    const crosses = ofKind('cross');
    expect(crosses.filter((c) => c.startsWith('cross:right-angle:'))).toHaveLength(16);
    expect(crosses.filter((c) => c.startsWith('cross:juxtaposition:'))).toHaveLength(64);
    expect(crosses.filter((c) => c.startsWith('cross:left-angle:'))).toHaveLength(32);
    for (const id of [
      'cross:left-angle:clarion',
      'cross:right-angle:sphinx',
      'cross:juxtaposition:listening',
    ]) {
      expect(crosses).toContain(id);
    }
    expect(crosses).toContain('cross:right-angle:vessel-of-love');
    expect(crosses).toContain('cross:juxtaposition:self-expression');
  });

  it('has no duplicates and only lower-case slug ids', () => {
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id).toMatch(/^[a-z]+:[a-z0-9-]+(:[a-z0-9-]+)?$/);
  });
});

describe('tooltipIds', () => {
  const ref = REFERENCE_CHARTS.R1.outputs;
  const chart = chartOf('R1');

  it('lists the ids of R1 (Manifestor, Splenic, 5/1, Left Angle Cross of the Clarion 1)', () => {
    const ids = tooltipIds(chart);
    expect(ids.slice(0, 9)).toEqual([
      'type:manifestor',
      'strategy:to-inform',
      'authority:splenic',
      'profile:5-1',
      'line:5',
      'line:1',
      'definition:single',
      'angle:left-angle',
      'cross:left-angle:clarion',
    ]);
    expect(ids.filter((id) => id.startsWith('center:'))).toHaveLength(9);
    expect(ids.filter((id) => id.startsWith('channel:'))).toEqual(ref.channels.map((c) => `channel:${c}`));
    expect(ids.filter((id) => id.startsWith('gate:'))).toEqual(
      chart.gates.definedGates.map((g) => `gate:${g}`),
    );
  });

  it('only produces ids that allHdKnowledgeIds knows, also for composites', () => {
    const known = new Set(all);
    for (const r of FULL_ACTIVATION_CHARTS) {
      const c = chartOf(r.id);
      for (const id of tooltipIds(c)) expect(known).toContain(id);
      for (const id of compositeTooltipIds(compositeCombined(chart, c))) expect(known).toContain(id);
    }
  });
});
