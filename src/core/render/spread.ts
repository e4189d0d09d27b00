/**
 * Collision-free placement on a circle: longitudes moved as little as possible (least squares) so
 * that neighbours, kept in their order, are at least `minGap` degrees apart (glyphs of close planets
 * would overlap otherwise). The circle is cut in its widest empty arc, which turns the problem into
 * one on a line: with q_i = x_i - i * gap the constraint is q non-decreasing, solved exactly by pool
 * adjacent violators (each run of violators moves to its mean).
 */

const norm = (d: number): number => ((d % 360) + 360) % 360;

/** Display longitudes, index for index with `longitudes`. */
export function spreadOnCircle(longitudes: readonly number[], minGap: number): number[] {
  const n = longitudes.length;
  if (n < 2) return longitudes.map(norm);
  if (n * minGap >= 360) throw new RangeError(`${n} items cannot be ${minGap}° apart on a circle`);
  const order = longitudes.map((lon, i) => ({ lon: norm(lon), i })).sort((a, b) => a.lon - b.lon);
  // Start after the widest gap, unwrapping so the values increase.
  let widest = 0;
  let cut = 0;
  for (let k = 0; k < n; k++) {
    const next = order[(k + 1) % n] as { lon: number };
    const gap = norm(next.lon - (order[k] as { lon: number }).lon) || (n === 1 ? 360 : 0);
    if (gap > widest) {
      widest = gap;
      cut = (k + 1) % n;
    }
  }
  const run = [...order.slice(cut), ...order.slice(0, cut)];
  const first = (run[0] as { lon: number }).lon;
  const q = run.map((o, k) => first + norm(o.lon - first) - k * minGap);
  // Pool adjacent violators: blocks of [sum, count] whose means must not decrease.
  const blocks: { sum: number; count: number }[] = [];
  for (const value of q) {
    blocks.push({ sum: value, count: 1 });
    for (;;) {
      const last = blocks[blocks.length - 1] as { sum: number; count: number };
      const before = blocks[blocks.length - 2];
      if (!before || before.sum / before.count <= last.sum / last.count) break;
      before.sum += last.sum;
      before.count += last.count;
      blocks.pop();
    }
  }
  const out = new Array<number>(n);
  let k = 0;
  for (const block of blocks) {
    for (let j = 0; j < block.count; j++, k++) {
      out[(run[k] as { i: number }).i] = norm(block.sum / block.count + k * minGap);
    }
  }
  return out;
}
