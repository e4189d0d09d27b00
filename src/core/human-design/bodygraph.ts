import {
  type Authority,
  CENTERS,
  type CenterName,
  CHANNELS,
  type Channel,
  type ChannelId,
  DEFINITIONS,
  type Definition,
  GATES,
  type GateNumber,
  type HdType,
} from './tables.js';

/**
 * Centers, channels, type, authority and definition from a set of activated gates (rule book
 * sections 3-6). Only the set of gates matters here, not which planet or side activated them.
 */

export interface Bodygraph {
  /** Defined channels (both gates activated), in table order. */
  channels: Channel[];
  /** In the fixed order of `CENTERS`. */
  definedCenters: CenterName[];
  openCenters: CenterName[];
  /** Connected groups of defined centers (edges = defined channels), each in `CENTERS` order. */
  components: CenterName[][];
  type: HdType;
  authority: Authority;
  definition: Definition;
}

const CENTER_ORDER: readonly CenterName[] = CENTERS.map((c) => c.name);
const MOTORS: ReadonlySet<CenterName> = new Set(CENTERS.filter((c) => c.motor).map((c) => c.name));

export function channelId(channel: Channel): ChannelId {
  return `${channel.gates[0]}-${channel.gates[1]}` as ChannelId;
}

/** The two centers a channel joins, in the order of its gates. */
export function channelCenters(channel: Channel): [CenterName, CenterName] {
  return [GATES[channel.gates[0]].center, GATES[channel.gates[1]].center];
}

export function definedChannels(active: ReadonlySet<GateNumber>): Channel[] {
  return CHANNELS.filter((c) => active.has(c.gates[0]) && active.has(c.gates[1]));
}

function connectedGroups(channels: readonly Channel[]): CenterName[][] {
  const neighbours = new Map<CenterName, CenterName[]>();
  for (const channel of channels) {
    const [a, b] = channelCenters(channel);
    neighbours.set(a, [...(neighbours.get(a) ?? []), b]);
    neighbours.set(b, [...(neighbours.get(b) ?? []), a]);
  }
  const assigned = new Set<CenterName>();
  const groups: CenterName[][] = [];
  for (const start of CENTER_ORDER) {
    if (!neighbours.has(start) || assigned.has(start)) continue;
    const group = new Set<CenterName>([start]);
    const stack = [start];
    for (let center = stack.pop(); center !== undefined; center = stack.pop()) {
      for (const next of neighbours.get(center) ?? []) {
        if (!group.has(next)) {
          group.add(next);
          stack.push(next);
        }
      }
    }
    for (const center of group) assigned.add(center);
    groups.push(CENTER_ORDER.filter((c) => group.has(c)));
  }
  return groups;
}

export function definitionOf(componentCount: number): Definition {
  const entry = Object.entries(DEFINITIONS).find(([, d]) => d.components === componentCount);
  if (!entry) throw new RangeError(`${componentCount} connected groups of centers is impossible`);
  return entry[0] as Definition;
}

export function analyzeBodygraph(gates: Iterable<GateNumber>): Bodygraph {
  const channels = definedChannels(new Set(gates));
  const components = connectedGroups(channels);
  const defined = new Set(components.flat());
  const connected = (a: CenterName, b: CenterName): boolean =>
    components.some((group) => group.includes(a) && group.includes(b));
  // Section 4: the path from a motor to the Throat may run through any defined centers.
  const motorToThroat = [...MOTORS].some((motor) => connected(motor, 'Throat'));

  let type: HdType;
  if (defined.size === 0) type = 'Reflector';
  else if (defined.has('Sacral')) type = motorToThroat ? 'Manifesting Generator' : 'Generator';
  else type = motorToThroat ? 'Manifestor' : 'Projector';

  // Section 5, in order of precedence. The Heart reaches the Throat either directly (21-45) or via
  // the G (25-51 plus a G-Throat channel): both are Ego Manifested, so test the connected group, not
  // a single channel.
  let authority: Authority;
  if (defined.has('Solar Plexus')) authority = 'Emotional';
  else if (defined.has('Sacral')) authority = 'Sacral';
  else if (defined.has('Spleen')) authority = 'Splenic';
  else if (defined.has('Heart'))
    authority = connected('Heart', 'Throat') ? 'Ego Manifested' : 'Ego Projected';
  else if (connected('G', 'Throat')) authority = 'Self-Projected';
  else if (defined.size > 0) authority = 'Mental';
  else authority = 'Lunar';

  return {
    channels,
    definedCenters: CENTER_ORDER.filter((c) => defined.has(c)),
    openCenters: CENTER_ORDER.filter((c) => !defined.has(c)),
    components,
    type,
    authority,
    definition: definitionOf(components.length),
  };
}
