import { HD_SOURCE, type TrackedBody } from '../bodies/index.js';
import type { Ephemeris } from '../ephemeris/index.js';
import type { GateNumber, Line } from '../human-design/tables.js';
import {
  gateLineOfIndex,
  HD_BODY_NAMES,
  type HdBody,
  lineBoundary,
  LINES_PER_CIRCLE,
  unwrappedLineIndex,
} from './bodies.js';
import { forEachMonotonicPiece, solveMonotonic } from './pieces.js';
import { isoUtc } from './time.js';
import type { Track } from './track.js';
import { buildTracks } from './tracks.js';

/**
 * Gate and line entry/exit events of the 13 Human Design bodies over a range, and the periods
 * between them.
 *
 * Each body's longitude is a checked Hermite curve (track.ts). On every curve interval the cubic is
 * cut at its turning points (a retrograde station inside the interval) into monotonic pieces; every
 * line boundary a piece passes is one event, solved by safeguarded Newton on the cubic to 1e-7 day
 * (~0.01 s). The curve is within ~1e-5 degrees of the ephemeris, so an event instant is off by at
 * most that distance over the body's speed: ~0.003 s for the Moon, more only where a body is almost
 * stationary (where the instant is ill-defined anyway; the body stays within 0.04" of the boundary).
 * Earth and Ketu are 180 degrees (exactly 192 lines) from the Sun and Rahu, so they cross a boundary
 * at the same instants. Retrograde re-entries are events like any other, with direction 'retrograde'.
 */

export interface GateLine {
  gate: GateNumber;
  line: Line;
}

export interface TransitEvent {
  utc: string;
  jdUT: number;
  body: HdBody;
  /** The gate and line entered. */
  gate: GateNumber;
  line: Line;
  /** The gate and line left. */
  from: GateLine;
  /** Whether the gate changed too (else only the line). */
  gateChange: boolean;
  direction: 'direct' | 'retrograde';
}

export interface TransitPeriod {
  body: HdBody;
  gate: GateNumber;
  line: Line;
  /** UTC entry; null when the body was already there at the start of the range. */
  start: string | null;
  /** UTC exit; null when the body is still there at the end of the range. */
  end: string | null;
}

export interface GatePeriod {
  body: HdBody;
  gate: GateNumber;
  start: string | null;
  end: string | null;
  /** The same instants as JD UT (null alike). */
  startJdUT: number | null;
  endJdUT: number | null;
}

export interface TransitPeriods {
  /** All events of all bodies in time order (bodies in chart order at equal instants). */
  events: TransitEvent[];
  /** Line periods, per body in chart order, each body's in time order. */
  periods: TransitPeriod[];
  /** The same merged to whole gates. */
  gatePeriods: GatePeriod[];
  /** The tracked bodies' curves over the range (for further searches on the same span). */
  tracks: ReadonlyMap<TrackedBody, Track>;
}

const ROOT_TOLERANCE_DAYS = 1e-7;

interface Crossing {
  jdUT: number;
  /** Unwrapped line index before and after. */
  from: number;
  to: number;
}

/** Every line-boundary crossing of a track, in time order. */
export function lineCrossings(track: Track): Crossing[] {
  const out: Crossing[] = [];
  forEachMonotonicPiece(track, ({ a, h, c, xa, xb, va, vb }) => {
    const na = unwrappedLineIndex(va);
    const nb = unwrappedLineIndex(vb);
    if (na === nb) return;
    const tolX = ROOT_TOLERANCE_DAYS / h;
    if (nb > na) {
      for (let n = na + 1; n <= nb; n++)
        out.push({ jdUT: a + h * solveMonotonic(c, lineBoundary(n), xa, xb, tolX), from: n - 1, to: n });
    } else {
      for (let n = na; n > nb; n--)
        out.push({ jdUT: a + h * solveMonotonic(c, lineBoundary(n), xa, xb, tolX), from: n, to: n - 1 });
    }
  });
  return out;
}

/** Lines between a body and the one it is derived from (180 degrees: exactly 192 lines). */
const linesOf = (offsetDeg: 0 | 180): number => (offsetDeg / 360) * LINES_PER_CIRCLE;

/** Events and periods of the chosen bodies (all 13 by default) between two JD UT instants. */
export function transitPeriods(
  ephemeris: Ephemeris,
  startJdUT: number,
  endJdUT: number,
  bodies: readonly HdBody[] = HD_BODY_NAMES,
): TransitPeriods {
  const wanted = HD_BODY_NAMES.filter((b) => bodies.includes(b));
  const tracks = buildTracks(
    ephemeris,
    [...new Set(wanted.map((b) => HD_SOURCE[b].tracked))],
    startJdUT,
    endJdUT,
  );
  const cache = new Map<TrackedBody, { start: number; crossings: Crossing[] }>();
  const events: TransitEvent[] = [];
  const periods: TransitPeriod[] = [];
  const gatePeriods: GatePeriod[] = [];

  for (const body of wanted) {
    const { tracked, offsetDeg } = HD_SOURCE[body];
    const lineOffset = linesOf(offsetDeg);
    let source = cache.get(tracked);
    if (!source) {
      const track = tracks.get(tracked)!;
      source = { start: unwrappedLineIndex(track.lon[0]!), crossings: lineCrossings(track) };
      cache.set(tracked, source);
    }
    let current = gateLineOfIndex(source.start + lineOffset);
    let currentGateStart: string | null = null;
    let currentGateStartJd: number | null = null;
    let lineStart: string | null = null;
    for (const c of source.crossings) {
      const to = gateLineOfIndex(c.to + lineOffset);
      const utc = isoUtc(c.jdUT);
      const gateChange = to.gate !== current.gate;
      events.push({
        utc,
        jdUT: c.jdUT,
        body,
        gate: to.gate,
        line: to.line,
        from: current,
        gateChange,
        direction: c.to > c.from ? 'direct' : 'retrograde',
      });
      periods.push({ body, gate: current.gate, line: current.line, start: lineStart, end: utc });
      if (gateChange) {
        gatePeriods.push({
          body,
          gate: current.gate,
          start: currentGateStart,
          end: utc,
          startJdUT: currentGateStartJd,
          endJdUT: c.jdUT,
        });
        currentGateStart = utc;
        currentGateStartJd = c.jdUT;
      }
      lineStart = utc;
      current = to;
    }
    periods.push({ body, gate: current.gate, line: current.line, start: lineStart, end: null });
    gatePeriods.push({
      body,
      gate: current.gate,
      start: currentGateStart,
      end: null,
      startJdUT: currentGateStartJd,
      endJdUT: null,
    });
  }
  // Events were pushed body by body in chart order and the sort is stable: equal instants (Sun and
  // Earth, Rahu and Ketu) keep chart order without a second key.
  events.sort((x, y) => x.jdUT - y.jdUT);
  return { events, periods, gatePeriods, tracks };
}
