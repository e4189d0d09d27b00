import { type KnowledgeBase, knowledgeEntry } from '../knowledge/index.js';
import type { HdChart } from './chart.js';
import { type CompositeCombined, RELATIONSHIP_KINDS } from './composite.js';
import { crossOfChart } from './cross.js';
import { crossKnowledgeId, slug } from './knowledge-ids.js';
import { CENTER_NAMES, type CenterName } from './tables.js';

/**
 * Tooltips: plain-language explanations of a chart's own values, taken from the knowledge entries
 * whose ids the engine defines (knowledge-ids.ts), grouped by category.
 */

export interface Tooltip {
  id: string;
  title: string;
  text: string;
}

export interface CenterTooltip extends Tooltip {
  state: 'defined' | 'open';
}

export interface ChartTooltips {
  type?: Tooltip;
  strategy?: Tooltip;
  authority?: Tooltip;
  profile?: Tooltip;
  profileLines?: { personality: Tooltip; design: Tooltip };
  definition?: Tooltip;
  angle?: Tooltip;
  incarnationCross?: Tooltip;
  centers?: Record<string, CenterTooltip>;
  channels?: Record<string, Tooltip>;
  gates?: Record<string, Tooltip>;
}

export interface CompositeTooltips {
  definition?: Tooltip;
  centers?: Record<string, CenterTooltip>;
  channels?: Record<string, Tooltip>;
}

function tooltip(knowledge: KnowledgeBase, id: string): Tooltip {
  const entry = knowledgeEntry(knowledge, id);
  return { id, title: entry.title, text: entry.body };
}

function centerTooltip(knowledge: KnowledgeBase, center: CenterName, defined: boolean): CenterTooltip {
  const id = `center:${slug(center)}`;
  const entry = knowledgeEntry(knowledge, id);
  const section = defined ? 'Defined' : 'Open';
  const text = entry.sections[section];
  if (!text) throw new Error(`knowledge entry "${id}" has no "## ${section}" section`);
  return { id, title: entry.title, text, state: defined ? 'defined' : 'open' };
}

/** All nine centers, in the fixed center order, each explained in its own state. */
function centerTooltips(
  knowledge: KnowledgeBase,
  defined: readonly CenterName[],
): Record<string, CenterTooltip> {
  return Object.fromEntries(CENTER_NAMES.map((c) => [c, centerTooltip(knowledge, c, defined.includes(c))]));
}

/** Tooltips of one chart (the ids of `tooltipIds`): every value the chart shows. */
export function chartTooltips(knowledge: KnowledgeBase, chart: HdChart): ChartTooltips {
  const props = chart.chart;
  const cross = crossOfChart(chart.personality.Sun.gate, props.profile);
  return {
    type: tooltip(knowledge, `type:${slug(props.type)}`),
    strategy: tooltip(knowledge, `strategy:${slug(props.strategy)}`),
    authority: tooltip(knowledge, `authority:${slug(props.authority)}`),
    profile: tooltip(knowledge, `profile:${slug(props.profile)}`),
    profileLines: {
      personality: tooltip(knowledge, `line:${chart.personality.Sun.line}`),
      design: tooltip(knowledge, `line:${chart.design.Sun.line}`),
    },
    definition: tooltip(knowledge, `definition:${slug(props.definition)}`),
    angle: tooltip(knowledge, `angle:${slug(cross.angle)}`),
    incarnationCross: tooltip(knowledge, crossKnowledgeId(cross.angle, cross.name)),
    centers: centerTooltips(knowledge, chart.centers.defined),
    channels: Object.fromEntries(
      chart.channels.map((c) => [c.gates, tooltip(knowledge, `channel:${c.gates}`)]),
    ),
    gates: Object.fromEntries(
      chart.gates.definedGates.map((g) => [String(g), tooltip(knowledge, `gate:${g}`)]),
    ),
  };
}

/** Tooltips of a composite (the ids of `compositeTooltipIds`). */
export function compositeTooltips(knowledge: KnowledgeBase, combined: CompositeCombined): CompositeTooltips {
  const channels = RELATIONSHIP_KINDS.flatMap((k) =>
    combined.Properties.RelationshipChannels[k].List.map((c) => c.gates),
  );
  const ordered = [...new Set(channels)].sort((a, b) => {
    const [a1, a2] = a.split('-').map(Number) as [number, number];
    const [b1, b2] = b.split('-').map(Number) as [number, number];
    return a1 - b1 || a2 - b2;
  });
  return {
    definition: tooltip(knowledge, `definition:${slug(combined.Properties.Definition.Name)}`),
    centers: centerTooltips(knowledge, combined.DefinedCenters),
    channels: Object.fromEntries(ordered.map((id) => [id, tooltip(knowledge, `channel:${id}`)])),
  };
}
