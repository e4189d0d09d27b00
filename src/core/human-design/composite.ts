import { analyzeBodygraph, channelId } from './bodygraph.js';
import {
  CENTERS,
  type CenterName,
  CHANNELS,
  type Channel,
  type ChannelId,
  DEFINITIONS,
  type Definition,
  type GateNumber,
} from './tables.js';

/**
 * The combined (composite) chart of two people: the spec's `Combined` object. The composite has
 * every gate either person activates; its channels, centers and definition follow from that union
 * exactly as for one chart.
 */

/** Relationship channel kinds in the spec's order. */
export const RELATIONSHIP_KINDS = ['Companionship', 'Dominance', 'Compromise', 'Electromagnetic'] as const;
export type RelationshipKind = (typeof RELATIONSHIP_KINDS)[number];

export interface RelationshipChannel {
  gates: ChannelId;
  name: string;
}

export interface CompositeCombined {
  DefinedCenters: CenterName[];
  OpenCenters: CenterName[];
  Properties: {
    Definition: { Name: Definition; Description: string };
    ConnectionTheme: { ThemeDescription: string };
    RelationshipChannels: Record<RelationshipKind, { List: RelationshipChannel[] }>;
  };
}

/** What a composite needs of each person's chart: the activated gates. */
export interface ChartGates {
  gates: { definedGates: readonly GateNumber[] };
}

/**
 * How two people meet in one channel, or null when the pair does not complete it.
 * - Companionship: both have the whole channel.
 * - Dominance: one has the whole channel, the other neither gate.
 * - Compromise: one has the whole channel, the other exactly one of its gates.
 * - Electromagnetic: neither has the whole channel; each has the gate the other lacks.
 */
export function relationshipKind(
  channel: Channel,
  a: ReadonlySet<GateNumber>,
  b: ReadonlySet<GateNumber>,
): RelationshipKind | null {
  const [low, high] = channel.gates;
  const count = (set: ReadonlySet<GateNumber>): number => Number(set.has(low)) + Number(set.has(high));
  const [countA, countB] = [count(a), count(b)];
  if (countA === 2 && countB === 2) return 'Companionship';
  if (countA === 2 || countB === 2) return Math.min(countA, countB) === 0 ? 'Dominance' : 'Compromise';
  if (countA === 1 && countB === 1 && a.has(low) !== b.has(low)) return 'Electromagnetic';
  return null;
}

/** `7-2: together they define 7 of the 9 centers; open: Head, Ajna.` */
export function connectionTheme(defined: readonly CenterName[], open: readonly CenterName[]): string {
  const total = CENTERS.length;
  const counts = `${defined.length}-${open.length}`;
  if (open.length === 0) return `${counts}: together they define all ${total} centers; none stays open.`;
  if (defined.length === 0) return `${counts}: together they define none of the ${total} centers.`;
  return `${counts}: together they define ${defined.length} of the ${total} centers; open: ${open.join(', ')}.`;
}

export function compositeCombined(personA: ChartGates, personB: ChartGates): CompositeCombined {
  const a = new Set(personA.gates.definedGates);
  const b = new Set(personB.gates.definedGates);
  const bodygraph = analyzeBodygraph([...a, ...b]);
  const lists: CompositeCombined['Properties']['RelationshipChannels'] = {
    Companionship: { List: [] },
    Dominance: { List: [] },
    Compromise: { List: [] },
    Electromagnetic: { List: [] },
  };
  for (const channel of CHANNELS) {
    const kind = relationshipKind(channel, a, b);
    if (kind) lists[kind].List.push({ gates: channelId(channel), name: channel.name });
  }
  return {
    DefinedCenters: bodygraph.definedCenters,
    OpenCenters: bodygraph.openCenters,
    Properties: {
      Definition: { Name: bodygraph.definition, Description: DEFINITIONS[bodygraph.definition].description },
      ConnectionTheme: { ThemeDescription: connectionTheme(bodygraph.definedCenters, bodygraph.openCenters) },
      RelationshipChannels: lists,
    },
  };
}
