/**
 * Label placement on the wheel (src/core/render/spread.ts). The arcs' dynamic programme prices a
 * group of labels with `lineCost`, which reads the same fit `placeOnLine` draws from: it must give
 * exactly the squared moves of that placement, or the programme would choose other groups than the
 * ones it draws. `placeOnCircle` is checked against its contract: no two labels overlap, none
 * covers a wall, and a label with room stays on its target.
 */
import { describe, expect, it } from 'vitest';
import { lineCost, lineScratch, placeOnCircle, placeOnLine } from '../../../src/core/render/spread.js';

let seed = 3;
const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;

/** Angular distance between two angles, in degrees [0, 180]. */
const apart = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('lineCost', () => {
  it('equals the squared moves of placeOnLine exactly, for crowded and loose groups alike', () => {
    const scratch = lineScratch(20);
    for (let trial = 0; trial < 2000; trial++) {
      const n = 1 + Math.floor(random() * 19);
      const targets = Array.from({ length: n }, () => random() * 60).sort((a, b) => a - b);
      const halves = targets.map(() => 0.5 + random() * 4);
      const g = Math.floor(random() * n);
      const k = g + 1 + Math.floor(random() * (n - g));
      const start = random() * 20;
      const end = start + 5 + random() * 60;
      const placed = placeOnLine(targets.slice(g, k), halves.slice(g, k), start, end);
      const expected = placed.reduce((s, p, x) => s + (p - (targets[g + x] as number)) ** 2, 0);
      expect(lineCost(targets, halves, g, k, start, end, scratch)).toBe(expected);
    }
  });
});

describe('placeOnCircle', () => {
  it('keeps labels apart, off the walls, and where they have room on their targets', () => {
    let placed = 0;
    // Gathered, then asserted once: 78,000 expect calls were most of this test's 2 s.
    const problems: string[] = [];
    for (let trial = 0; trial < 300; trial++) {
      const walls = Array.from({ length: 12 }, (_, h) => ({ angle: h * 30 + random() * 20, half: 1 }));
      const targets = Array.from({ length: 14 }, () => random() * 360);
      const halves = targets.map(() => 2 + random() * 2);
      const shown = placeOnCircle(targets, halves, walls);
      if (!shown) continue;
      placed++;
      shown.forEach((a, i) => {
        shown.forEach((b, j) => {
          if (i < j && !(apart(a, b) >= (halves[i] as number) + (halves[j] as number) - 1e-9))
            problems.push(`trial ${trial}: labels ${i} and ${j} overlap (${a}, ${b})`);
        });
        for (const w of walls)
          if (!(apart(a, w.angle) >= w.half + (halves[i] as number) - 1e-9))
            problems.push(`trial ${trial}: label ${i} at ${a} covers the wall at ${w.angle}`);
      });
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(placed).toBeGreaterThan(250);
    // One label alone between two walls far apart stays where it is.
    expect(
      placeOnCircle(
        [45],
        [3],
        [
          { angle: 0, half: 1 },
          { angle: 90, half: 1 },
        ],
      ),
    ).toEqual([45]);
  });
});
