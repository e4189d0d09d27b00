import type { GateActivation } from './activation.js';
import { channelId } from './bodygraph.js';
import type { HdChart } from './chart.js';
import type { CompositeCombined } from './composite.js';
import { crossOfChart } from './cross.js';
import {
  ANGLES,
  type Angle,
  AUTHORITIES,
  CENTERS,
  CHANNELS,
  CROSS_NAMES,
  DEFINITIONS,
  type GateNumber,
  LINE_NAMES,
  PROFILES,
  TYPES,
  WHEEL,
} from './tables.js';

/**
 * Ids of the knowledge entries (`knowledge/hd/*.md` front matter) that explain chart values:
 * `<kind>:<slug>`, with slugs derived from the tables' display names (lower case, runs of other
 * characters -> `-`). Crosses drop the leading "the" and the member number:
 * `cross:left-angle:clarion`.
 */

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const crossKnowledgeId = (angle: Angle, name: string): string =>
  `cross:${slug(angle)}:${slug(name.replace(/^the\s+/i, ''))}`;

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];
const gateIds = (gates: readonly GateNumber[]): string[] => gates.map((g) => `gate:${g}`);

/** Every id the engine can produce, grouped by kind in a fixed order, without duplicates. */
export function allHdKnowledgeIds(): string[] {
  const types = Object.keys(TYPES) as (keyof typeof TYPES)[];
  const angles = Object.keys(ANGLES) as Angle[];
  const gatesAscending = [...WHEEL].sort((a, b) => a - b);
  return unique([
    ...types.map((t) => `type:${slug(t)}`),
    ...types.map((t) => `strategy:${slug(TYPES[t].strategy)}`),
    ...AUTHORITIES.map((a) => `authority:${slug(a)}`),
    ...Object.keys(PROFILES).map((p) => `profile:${slug(p)}`),
    ...Object.keys(LINE_NAMES).map((l) => `line:${l}`),
    ...Object.keys(DEFINITIONS).map((d) => `definition:${slug(d)}`),
    ...angles.map((a) => `angle:${slug(a)}`),
    ...angles.flatMap((a) => gatesAscending.map((g) => crossKnowledgeId(a, CROSS_NAMES[g][a]))),
    ...CENTERS.map((c) => `center:${slug(c.name)}`),
    ...CHANNELS.map((c) => `channel:${channelId(c)}`),
    ...gateIds(gatesAscending),
  ]);
}

/**
 * Ids a chart's tooltips need, in display order: type, strategy, authority, profile and its two
 * lines, definition, angle, cross, all 9 centers (defined then open), the defined channels and the
 * activated gates.
 */
export function tooltipIds(chart: HdChart<GateActivation>): string[] {
  const { chart: props } = chart;
  const cross = crossOfChart(chart.personality.Sun.gate, props.profile);
  return unique([
    `type:${slug(props.type)}`,
    `strategy:${slug(props.strategy)}`,
    `authority:${slug(props.authority)}`,
    `profile:${slug(props.profile)}`,
    ...props.profile.split('/').map((line) => `line:${line}`),
    `definition:${slug(props.definition)}`,
    `angle:${slug(cross.angle)}`,
    crossKnowledgeId(cross.angle, cross.name),
    ...[...chart.centers.defined, ...chart.centers.open].map((c) => `center:${slug(c)}`),
    ...chart.channels.map((c) => `channel:${c.gates}`),
    ...gateIds(chart.gates.definedGates),
  ]);
}

/** Ids a composite's tooltips need: definition, all 9 centers, and every channel the pair forms. */
export function compositeTooltipIds(combined: CompositeCombined): string[] {
  const { Properties: props } = combined;
  const channelIds = CHANNELS.map(channelId).filter((id) =>
    Object.values(props.RelationshipChannels).some((kind) => kind.List.some((c) => c.gates === id)),
  );
  return unique([
    `definition:${slug(props.Definition.Name)}`,
    ...[...combined.DefinedCenters, ...combined.OpenCenters].map((c) => `center:${slug(c)}`),
    ...channelIds.map((id) => `channel:${id}`),
  ]);
}
