/**
 * Collision-free placement on a circle. Items (planet glyphs with their labels) have a target angle
 * and an angular half-width; they are moved as little as possible (least squares) so that
 * neighbours, kept in their order, do not overlap and none covers a wall (a house cusp or an axis
 * drawn across the band). Without walls the circle is cut in its widest empty arc, which makes it a
 * line: with q_i = x_i - offset_i the constraint is q non-decreasing, solved exactly by pool adjacent
 * violators (each run of violators moves to its mean). Walls cut the circle into free arcs; the items,
 * in order, are split into consecutive groups, one per arc, by dynamic programming over the same
 * least-squares cost plus a large cost for each item drawn outside the arc of its target, so an
 * item crosses a line (is drawn in another house than its own) only when its own arc is full.
 */

const norm = (d: number): number => ((d % 360) + 360) % 360;

/** Cost of drawing an item beyond a line from its target (in another house): more than any shift. */
const AWAY = 1e6;
/**
 * How many arcs from its own an item may be drawn by default (a crowded house overflows into its
 * neighbours); farther groups are never tried, which keeps the programme small.
 */
const REACH = 4;

/** A line across the band, blocking `half` degrees on either side of `angle`. */
export interface Wall {
  angle: number;
  half: number;
}

interface LineScratch {
  offsets: Float64Array;
  sums: Float64Array;
  counts: Float64Array;
}

export const lineScratch = (n: number): LineScratch => ({
  offsets: new Float64Array(n),
  sums: new Float64Array(n),
  counts: new Float64Array(n),
});

/**
 * Items g..k-1 of `targets` on [start, end], each `halves` wide on either side, kept in order and
 * not overlapping: with q_x = position_x - offset_x the constraint is q non-decreasing, fitted by pool
 * adjacent violators into `scratch` (offsets, then each pool's sum and count). Every pool's value is
 * its mean clipped to [lo, hi]; item x is drawn at that value plus its offset. Works in scratch
 * arrays because the arcs' dynamic programme fits thousands of groups per wheel.
 */
function fitLine(
  targets: readonly number[],
  halves: readonly number[],
  g: number,
  k: number,
  start: number,
  end: number,
  { offsets, sums, counts }: LineScratch,
): { pools: number; lo: number; hi: number } {
  const n = k - g;
  let offset = 0;
  for (let x = 0; x < n; x++) {
    if (x) offset += (halves[g + x - 1] as number) + (halves[g + x] as number);
    offsets[x] = offset;
  }
  const lo = start + (halves[g] ?? 0);
  const hi = Math.max(lo, end - (halves[k - 1] ?? 0) - (n ? (offsets[n - 1] as number) : 0));
  let pools = 0;
  for (let x = 0; x < n; x++) {
    sums[pools] = (targets[g + x] as number) - (offsets[x] as number);
    counts[pools] = 1;
    pools++;
    while (pools > 1) {
      const b = pools - 2;
      const l = pools - 1;
      if ((sums[b] as number) / (counts[b] as number) <= (sums[l] as number) / (counts[l] as number)) break;
      sums[b] = (sums[b] as number) + (sums[l] as number);
      counts[b] = (counts[b] as number) + (counts[l] as number);
      pools--;
    }
  }
  return { pools, lo, hi };
}

/** Calls `each(x, position)` for items 0..n-1 of a fit, in order. */
function eachPosition(
  { pools, lo, hi }: { pools: number; lo: number; hi: number },
  { offsets, sums, counts }: LineScratch,
  each: (x: number, position: number) => void,
): void {
  for (let b = 0, x = 0; b < pools; b++) {
    const q = Math.min(hi, Math.max(lo, (sums[b] as number) / (counts[b] as number)));
    for (let c = 0; c < (counts[b] as number); c++, x++) each(x, q + (offsets[x] as number));
  }
}

/** Items in order on [start, end] (unbounded by default), as near their targets as no overlap allows. */
export function placeOnLine(
  targets: readonly number[],
  halves: readonly number[],
  start = -Infinity,
  end = Infinity,
): number[] {
  const scratch = lineScratch(targets.length);
  const out = new Array<number>(targets.length);
  eachPosition(fitLine(targets, halves, 0, targets.length, start, end, scratch), scratch, (x, p) => {
    out[x] = p;
  });
  return out;
}

/** Sum of squared moves of items g..k-1 placed as `placeOnLine` places them, without its arrays. */
export function lineCost(
  targets: readonly number[],
  halves: readonly number[],
  g: number,
  k: number,
  start: number,
  end: number,
  scratch: LineScratch,
): number {
  let cost = 0;
  eachPosition(fitLine(targets, halves, g, k, start, end, scratch), scratch, (x, p) => {
    cost += (p - (targets[g + x] as number)) ** 2;
  });
  return cost;
}

/** No walls: the circle is cut after the widest gap between items, which makes it a line. */
function placeFree(targets: readonly number[], halves: readonly number[]): number[] {
  const n = targets.length;
  const room = halves.reduce((s, h) => s + 2 * h, 0);
  if (room >= 360) throw new RangeError(`${n} items need ${room.toFixed(1)}° on a circle`);
  const order = targets.map((t, i) => ({ t: norm(t), i })).sort((a, b) => a.t - b.t);
  // The gap after the last item wraps round to the first; on a tie, keep the order as sorted.
  const gapAfter = (k: number) => {
    const a = order[k] as { t: number; i: number };
    const b = order[(k + 1) % n] as { t: number; i: number };
    const raw = k === n - 1 ? 360 - (a.t - (order[0] as { t: number }).t) : b.t - a.t;
    return raw - (halves[a.i] as number) - (halves[b.i] as number);
  };
  let widest = gapAfter(n - 1);
  let cut = 0;
  for (let k = 0; k < n - 1; k++) {
    const gap = gapAfter(k);
    if (gap > widest) {
      widest = gap;
      cut = k + 1;
    }
  }
  const run = [...order.slice(cut), ...order.slice(0, cut)];
  const first = (run[0] as { t: number }).t;
  const placed = placeOnLine(
    run.map((o) => first + norm(o.t - first)),
    run.map((o) => halves[o.i] as number),
  );
  const out = new Array<number>(n);
  run.forEach((o, k) => (out[o.i] = norm(placed[k] as number)));
  return out;
}

/** Free arcs between the walls, from `cut` (a wall's far edge) round to it, merged walls counting as one. */
function freeArcs(walls: readonly Wall[]): { start: number; end: number }[] {
  const blocked = walls
    .map((w) => ({ from: norm(w.angle) - w.half, to: norm(w.angle) + w.half }))
    .sort((a, b) => a.from - b.from);
  const merged: { from: number; to: number }[] = [];
  for (const b of blocked) {
    const last = merged[merged.length - 1];
    if (last && b.from <= last.to) last.to = Math.max(last.to, b.to);
    else merged.push({ ...b });
  }
  // The last interval may reach round onto the first.
  while (merged.length > 1) {
    const first = merged[0] as { from: number; to: number };
    const last = merged[merged.length - 1] as { from: number; to: number };
    if (last.to - 360 < first.from) break;
    first.from = last.from - 360;
    first.to = Math.max(first.to, last.to - 360);
    merged.pop();
  }
  return merged
    .map((b, k) => {
      const next = merged[(k + 1) % merged.length] as { from: number };
      return { start: b.to, end: k + 1 < merged.length ? next.from : next.from + 360 };
    })
    .filter((a) => a.end > a.start);
}

/**
 * Display angles, index for index with `targets`: each item `halves[i]` degrees wide on either side,
 * no two overlapping, none over a wall, each as near its target as the others allow, none more than
 * `reach` arcs from its own; null when the free arcs between the walls cannot hold the items so.
 */
export function placeOnCircle(
  targets: readonly number[],
  halves: readonly number[],
  walls: readonly Wall[] = [],
  reach = REACH,
): number[] | null {
  const n = targets.length;
  if (n === 0) return [];
  if (walls.length === 0) return placeFree(targets, halves);
  let arcs = freeArcs(walls);
  const need = halves.reduce((s, h) => s + 2 * h, 0);
  if (!arcs.length || arcs.reduce((s, a) => s + a.end - a.start, 0) < need) return null;
  // Cut the circle at the wall farthest from every target, so no group has to wrap round the cut.
  const gapAt = (angle: number) => Math.min(...targets.map((t) => Math.abs(((t - angle + 540) % 360) - 180)));
  const cutArc = arcs.reduce(
    (best, a, k) => (gapAt(a.start) > gapAt((arcs[best] as { start: number }).start) ? k : best),
    0,
  );
  arcs = [
    ...arcs.slice(cutArc),
    ...arcs.slice(0, cutArc).map((a) => ({ start: a.start + 360, end: a.end + 360 })),
  ];
  const base = (arcs[0] as { start: number }).start;
  arcs = arcs.map((a) => ({ start: a.start - base, end: a.end - base }));
  const order = targets.map((t, i) => ({ t: norm(t - base), i })).sort((a, b) => a.t - b.t);
  const m = arcs.length;
  // The arc each item's target is in (or the nearer one when the target is under a wall).
  const home = order.map((o) => {
    let bestArc = 0;
    let bestGap = Infinity;
    arcs.forEach((a, j) => {
      const gap = o.t < a.start ? a.start - o.t : o.t > a.end ? o.t - a.end : -1;
      if (gap < bestGap) {
        bestGap = gap;
        bestArc = j;
      }
    });
    return bestArc;
  });
  // cost[j][g][k]: items g..k-1 on arc j; best[j][k]: first k items on the first j arcs.
  // Room the first k items need, for a quick refusal of groups too wide for an arc.
  const room: number[] = [0];
  for (const o of order) room.push((room[room.length - 1] as number) + 2 * (halves[o.i] as number));
  const sortedTargets = order.map((o) => o.t);
  const sortedHalves = order.map((o) => halves[o.i] as number);
  const scratch = lineScratch(n);
  const groupCost = (j: number, g: number, k: number, away: number): number => {
    if (g === k) return 0;
    const arc = arcs[j] as { start: number; end: number };
    if ((room[k] as number) - (room[g] as number) > arc.end - arc.start + 1e-9) return Infinity;
    return away * AWAY + lineCost(sortedTargets, sortedHalves, g, k, arc.start, arc.end, scratch);
  };
  const best: number[][] = [Array.from({ length: n + 1 }, (_, k) => (k === 0 ? 0 : Infinity))];
  const from: number[][] = [];
  for (let j = 0; j < m; j++) {
    const row = Array<number>(n + 1).fill(Infinity);
    const back = Array<number>(n + 1).fill(0);
    for (let k = 0; k <= n; k++) {
      // An item is drawn at most `reach` arcs from its own: groups farther off are never tried.
      if (k > 0 && (home[k - 1] as number) > j + reach) continue;
      // Items g..k-1 drawn outside arc j, counted as g moves down.
      let away = 0;
      for (let g = k; g >= 0; g--) {
        if (g < k) {
          if ((home[g] as number) < j - reach) break;
          if (home[g] !== j) away++;
        }
        const before = (best[j] as number[])[g] as number;
        if (before === Infinity) continue;
        // The group's cost is at least its items drawn away: skip the fit when that cannot win.
        if (before + away * AWAY >= (row[k] as number)) continue;
        const total = before + groupCost(j, g, k, away);
        if (total < (row[k] as number)) {
          row[k] = total;
          back[k] = g;
        }
      }
    }
    best.push(row);
    from.push(back);
  }
  if ((best[m] as number[])[n] === Infinity) return null;
  const out = new Array<number>(n);
  for (let j = m - 1, k = n; j >= 0; j--) {
    const g = (from[j] as number[])[k] as number;
    const items = order.slice(g, k);
    const arc = arcs[j] as { start: number; end: number };
    const placed = placeOnLine(
      items.map((o) => o.t),
      items.map((o) => halves[o.i] as number),
      arc.start,
      arc.end,
    );
    items.forEach((o, x) => (out[o.i] = norm((placed[x] as number) + base)));
    k = g;
  }
  return out;
}

/** Display longitudes, index for index with `longitudes`, at least `minGap` degrees apart. */
export function spreadOnCircle(longitudes: readonly number[], minGap: number): number[] {
  if (longitudes.length < 2) return longitudes.map(norm);
  if (longitudes.length * minGap >= 360) {
    throw new RangeError(`${longitudes.length} items cannot be ${minGap}° apart on a circle`);
  }
  return placeFree(
    longitudes,
    longitudes.map(() => minGap / 2),
  );
}
