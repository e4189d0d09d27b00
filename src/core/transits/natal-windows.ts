import { CHANNELS, type CenterName, type ChannelId, GATES, type GateNumber } from '../human-design/tables.js';
import { HD_BODY_NAMES, type HdBody } from './bodies.js';
import type { GatePeriod } from './periods.js';
import { isoMinute } from './time.js';

/**
 * When transits complete natal channels, read from the gate periods the tool already finds.
 *
 * A transit in gate g completes channel g-h for a natal chart that defines h but not the channel
 * (a channel with neither gate natally needs two transits at once and is left out: the issue asks
 * for one transit against the natal chart). Each gate period of such a g is one window. Its two
 * centers are then defined; a natal-open center is defined in the union of the windows of the
 * channels that reach it.
 */

export interface NatalDefinition {
  definedGates: readonly GateNumber[];
  /** Channel ids as the chart gives them, e.g. "20-34". */
  definedChannels: readonly string[];
  definedCenters: readonly CenterName[];
}

export interface ChannelWindow {
  channel: ChannelId;
  name: string;
  /** The transit's gate (the natal chart has the other). */
  gate: GateNumber;
  planet: HdBody;
  start: string;
  end: string;
  /** The window was open at the range start (start is the range start). */
  openStart: boolean;
  /** The window is still open at the range end (end is the range end). */
  openEnd: boolean;
}

export interface CenterWindow {
  center: CenterName;
  start: string;
  end: string;
}

interface Completion {
  channel: ChannelId;
  name: string;
  centers: [CenterName, CenterName];
}

/** Channels a transit in each gate would complete for this natal chart. */
function completionsByGate(natal: NatalDefinition): Map<GateNumber, Completion[]> {
  const defined = new Set(natal.definedGates);
  const channels = new Set(natal.definedChannels);
  const out = new Map<GateNumber, Completion[]>();
  for (const { gates, name } of CHANNELS) {
    const [a, b] = gates;
    const id = `${a}-${b}` as ChannelId;
    if (channels.has(id) || defined.has(a) === defined.has(b)) continue;
    const transitGate = defined.has(a) ? b : a;
    const list = out.get(transitGate) ?? [];
    list.push({ channel: id, name, centers: [GATES[a].center, GATES[b].center] });
    out.set(transitGate, list);
  }
  return out;
}

export interface NatalWindows {
  channels: ChannelWindow[];
  centers: CenterWindow[];
}

/**
 * The channel and center windows of gate periods over [startJdUT, endJdUT] (the range the periods
 * were found on: a period with no start or end is open at that edge).
 */
export function natalWindows(
  natal: NatalDefinition,
  gatePeriods: readonly GatePeriod[],
  startJdUT: number,
  endJdUT: number,
): NatalWindows {
  const completions = completionsByGate(natal);
  const natalCenters = new Set(natal.definedCenters);
  const found: { window: ChannelWindow; from: number; to: number; centers: CenterName[] }[] = [];
  for (const period of gatePeriods) {
    for (const c of completions.get(period.gate) ?? []) {
      const from = period.startJdUT ?? startJdUT;
      const to = period.endJdUT ?? endJdUT;
      found.push({
        window: {
          channel: c.channel,
          name: c.name,
          gate: period.gate,
          planet: period.body,
          start: isoMinute(from),
          end: isoMinute(to),
          openStart: period.startJdUT === null,
          openEnd: period.endJdUT === null,
        },
        from,
        to,
        centers: c.centers.filter((center) => !natalCenters.has(center)),
      });
    }
  }
  const order = (body: HdBody) => HD_BODY_NAMES.indexOf(body);
  found.sort((x, y) => x.from - y.from || order(x.window.planet) - order(y.window.planet));
  return { channels: found.map((f) => f.window), centers: centerWindows(found) };
}

/** The union of the windows reaching each natal-open center, in time order. */
function centerWindows(
  found: readonly { from: number; to: number; centers: CenterName[] }[],
): CenterWindow[] {
  const spans = new Map<CenterName, [number, number][]>();
  for (const f of found)
    for (const center of f.centers) {
      const list = spans.get(center) ?? [];
      list.push([f.from, f.to]);
      spans.set(center, list);
    }
  const out: { center: CenterName; from: number; to: number }[] = [];
  for (const [center, list] of spans) {
    list.sort((x, y) => x[0] - y[0]);
    let [from, to] = list[0]!;
    for (const [a, b] of list.slice(1)) {
      if (a <= to) to = Math.max(to, b);
      else {
        out.push({ center, from, to });
        [from, to] = [a, b];
      }
    }
    out.push({ center, from, to });
  }
  out.sort((x, y) => x.from - y.from || x.center.localeCompare(y.center));
  return out.map(({ center, from, to }) => ({ center, start: isoMinute(from), end: isoMinute(to) }));
}
