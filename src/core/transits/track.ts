import { type Sampler, wrap180 } from './bodies.js';

/**
 * A body's longitude over a time span as a piecewise cubic Hermite curve through exact ephemeris
 * samples (longitude and speed at each node), so that a series or a root search costs a few
 * ephemeris calls per day instead of one per point.
 *
 * Error control, a posteriori: each candidate interval is checked at its midpoint with a direct
 * call; if the curve misses that sample by more than `toleranceDeg` the interval is halved, down to
 * `minStepDays`. An accepted midpoint becomes a node too, so the curve finally served spans half
 * the checked interval, whose error (fourth power of the length) is about 1/16 of the one measured.
 * The check also catches what is not smooth at all: light deflection when a planet passes close to
 * the Sun, and the kinks of the osculating node.
 *
 * Longitudes are unwrapped (continuous, not folded into [0, 360)); the span between two nodes must
 * stay under 180 degrees of motion, true for every body at the steps used here.
 */

export interface TrackOptions {
  /** Length of the intervals first tried, days. */
  stepDays: number;
  /** Largest accepted miss at an interval's midpoint, degrees. */
  toleranceDeg: number;
  /** Intervals this short are accepted unchecked, days. */
  minStepDays: number;
}

export class Track {
  /** Node instants (JD UT), unwrapped longitudes (degrees), speeds (degrees/day). */
  readonly t: number[] = [];
  readonly lon: number[] = [];
  readonly speed: number[] = [];
  /** Ephemeris calls made to build the track. */
  calls = 0;
  private cursor = 0;

  private constructor(private readonly sample: Sampler) {}

  /** Builds the curve over [startJdUT, endJdUT]; both ends are nodes. */
  static build(sample: Sampler, startJdUT: number, endJdUT: number, options: TrackOptions): Track {
    const track = new Track(sample);
    const first = sample(startJdUT);
    track.calls++;
    track.push(startJdUT, first.longitude, first.speed);
    const nodes = Track.firstNodes(startJdUT, endJdUT, options.stepDays);
    for (let i = 1; i < nodes.length; i++) track.refineTo(nodes[i]!, options);
    return track;
  }

  /**
   * The first nodes: every `stepDays` from the start, then the end (the last interval may be
   * shorter). Bodies built over one span with steps that divide each other share these instants.
   */
  static firstNodes(startJdUT: number, endJdUT: number, stepDays: number): number[] {
    const nodes = [startJdUT];
    for (let i = 1; startJdUT + i * stepDays < endJdUT - 1e-9; i++) nodes.push(startJdUT + i * stepDays);
    nodes.push(endJdUT);
    return nodes;
  }

  /** The first checks: the midpoint of every first interval, as `refine` computes it. */
  static firstMidpoints(nodes: readonly number[]): number[] {
    const out: number[] = [];
    for (let i = 1; i < nodes.length; i++) out.push((nodes[i - 1]! + nodes[i]!) / 2);
    return out;
  }

  /** Direct ephemeris longitude in [0, 360) at `jdUT` (for checks near a boundary). */
  direct(jdUT: number): number {
    return this.sample(jdUT).longitude;
  }

  get length(): number {
    return this.t.length;
  }

  private push(t: number, rawLongitude: number, speed: number): void {
    const n = this.lon.length;
    this.t.push(t);
    this.lon.push(n === 0 ? rawLongitude : this.lon[n - 1]! + wrap180(rawLongitude - this.lon[n - 1]!));
    this.speed.push(speed);
  }

  /** Adds nodes from the last node up to `b`, halving where the midpoint check fails. */
  private refineTo(b: number, o: TrackOptions): void {
    const end = this.sample(b);
    this.calls++;
    this.refine(b, end.longitude, end.speed, o);
  }

  private refine(b: number, rawB: number, speedB: number, o: TrackOptions): void {
    const n = this.t.length - 1;
    const a = this.t[n]!;
    const la = this.lon[n]!;
    const lb = la + wrap180(rawB - la);
    if (b - a <= o.minStepDays) {
      this.push(b, lb, speedB);
      return;
    }
    const m = (a + b) / 2;
    const mid = this.sample(m);
    this.calls++;
    const lm = la + wrap180(mid.longitude - la);
    const h = b - a;
    // Hermite at x = 1/2: mean of the ends plus h/8 times the difference of the speeds.
    const predicted = (la + lb) / 2 + (h / 8) * (this.speed[n]! - speedB);
    if (Math.abs(predicted - lm) <= o.toleranceDeg) {
      this.push(m, mid.longitude, mid.speed);
      this.push(b, rawB, speedB);
      return;
    }
    this.refine(m, mid.longitude, mid.speed, o);
    this.refine(b, rawB, speedB, o);
  }

  /** Index i of the interval [t[i], t[i+1]] holding `jdUT` (clamped to the span). */
  intervalOf(jdUT: number): number {
    const last = this.t.length - 2;
    let i = this.cursor;
    if (i > last || this.t[i]! > jdUT) i = 0;
    while (i < last && this.t[i + 1]! < jdUT) i++;
    this.cursor = i;
    return i;
  }

  /** Cubic coefficients of interval i in x = (t - t[i]) / h, h = t[i+1] - t[i]: c0 + c1 x + c2 x^2 + c3 x^3. */
  coefficients(i: number): [number, number, number, number] {
    const h = this.t[i + 1]! - this.t[i]!;
    const la = this.lon[i]!;
    const d = this.lon[i + 1]! - la;
    const va = h * this.speed[i]!;
    const vb = h * this.speed[i + 1]!;
    return [la, va, 3 * d - 2 * va - vb, -2 * d + va + vb];
  }

  /** Interpolated unwrapped longitude at `jdUT` (within the span). */
  value(jdUT: number): number {
    const i = this.intervalOf(jdUT);
    const a = this.t[i]!;
    const h = this.t[i + 1]! - a;
    const x = (jdUT - a) / h;
    if (x <= 0) return this.lon[i]!;
    if (x >= 1) return this.lon[i + 1]!;
    const la = this.lon[i]!;
    const d = this.lon[i + 1]! - la;
    const va = h * this.speed[i]!;
    const vb = h * this.speed[i + 1]!;
    return la + x * (va + x * (3 * d - 2 * va - vb + x * (-2 * d + va + vb)));
  }
}
