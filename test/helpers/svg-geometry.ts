import { defaultFontDir } from '../../src/core/render/png.js';
import { type FontMetrics, readFontMetrics } from './font-metrics.js';
import type { XmlElement } from './xml.js';

/**
 * Where the text and lines of a rendered SVG lie, for the geometry tests: each text run (a <text>,
 * a positioned <tspan>, or a run of Chinese characters drawn as outlines: a <g aria-label> of <use>s
 * of the glyphs, see src/core/render/cjk-outlines.ts) becomes the box its characters cover, from the bundled fonts' own tables
 * (advance widths, glyph ink boxes), its font size, anchor and transforms; each <line> or path
 * segment a stroked segment. Boxes may be turned (the wheel's gate numbers), so overlaps are found
 * with the separating axis test.
 */

export interface Point {
  x: number;
  y: number;
}

export interface TextRun {
  text: string;
  size: number;
  /** Corners of the ink box, in order, in the SVG's user space. */
  corners: Point[];
  /** The element and its ancestors, innermost first (for data-* lookups). */
  path: XmlElement[];
}

export interface Segment {
  a: Point;
  b: Point;
  width: number;
  path: XmlElement[];
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
const apply = (m: Matrix, p: Point): Point => ({
  x: m[0] * p.x + m[2] * p.y + m[4],
  y: m[1] * p.x + m[3] * p.y + m[5],
});

function transformOf(attr: string | undefined): Matrix {
  let m = IDENTITY;
  for (const [, op, args] of (attr ?? '').matchAll(/(\w+)\(([^)]*)\)/g)) {
    const v = (args as string)
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (op === 'translate') m = multiply(m, [1, 0, 0, 1, v[0] ?? 0, v[1] ?? 0]);
    else if (op === 'scale') m = multiply(m, [v[0] ?? 1, 0, 0, v[1] ?? v[0] ?? 1, 0, 0]);
    else if (op === 'rotate') {
      const a = ((v[0] ?? 0) * Math.PI) / 180;
      const [cx, cy] = [v[1] ?? 0, v[2] ?? 0];
      m = multiply(m, [1, 0, 0, 1, cx, cy]);
      m = multiply(m, [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0]);
      m = multiply(m, [1, 0, 0, 1, -cx, -cy]);
    } else if (op === 'matrix') m = multiply(m, v as Matrix);
    else throw new Error(`unsupported transform ${op}`);
  }
  return m;
}

let faces: Record<'regular' | 'bold' | 'cjk', FontMetrics> | undefined;
const fonts = () =>
  (faces ??= {
    regular: readFontMetrics(`${defaultFontDir()}/DejaVuSans-charts.ttf`),
    bold: readFontMetrics(`${defaultFontDir()}/DejaVuSans-Bold-charts.ttf`),
    cjk: readFontMetrics(`${defaultFontDir()}/ChartHan-Regular.otf`),
  });

/** Width and ink extent of a run in SVG units. */
export function runExtent(
  text: string,
  size: number,
  bold: boolean,
): { width: number; top: number; bottom: number } {
  const f = fonts();
  let width = 0;
  let top = 0;
  let bottom = 0;
  for (const c of text) {
    const code = c.codePointAt(0) as number;
    if (code === 0xfe0e || code === 0xfe0f) continue;
    const face = code >= 0x2e80 ? f.cjk : bold ? f.bold : f.regular;
    const g = face.glyph(code) ?? f.regular.glyph(code);
    if (!g) throw new Error(`no glyph for U+${code.toString(16)} (${c})`);
    const scale = size / face.unitsPerEm;
    width += g.advance * scale;
    top = Math.max(top, g.yMax * scale);
    bottom = Math.min(bottom, g.yMin * scale);
  }
  return { width, top, bottom };
}

const inherited = (path: XmlElement[], attr: string): string | undefined => {
  for (const e of path) if (e.attrs[attr] !== undefined) return e.attrs[attr];
  return undefined;
};

/** Every text run of the document with its box. */
export function textRuns(root: XmlElement): TextRun[] {
  const runs: TextRun[] = [];
  const allText = (e: XmlElement): string => e.text + e.children.map(allText).join('');
  const walk = (e: XmlElement, path: XmlElement[], m: Matrix) => {
    const here = [e, ...path];
    const matrix = multiply(m, transformOf(e.attrs.transform));
    if (e.name === 'title' || e.name === 'desc' || e.name === 'style') return;
    const outlines = e.children.filter((c) => c.name === 'use' && /^#cjk-u/.test(c.attrs.href ?? ''));
    if (e.name === 'g' && e.attrs['aria-label'] && outlines.length > 0) {
      runs.push(outlineRun(e, here, matrix, outlines));
      return;
    }
    const positioned =
      (e.name === 'text' || e.name === 'tspan') && e.attrs.x !== undefined && e.attrs.y !== undefined;
    const hasPositionedChild = e.children.some((c) => c.name === 'tspan' && c.attrs.x !== undefined);
    if (positioned && !hasPositionedChild) {
      const content = allText(e);
      if (content.trim()) {
        const size = Number(inherited(here, 'font-size') ?? 16);
        const bold = inherited(here, 'font-weight') === 'bold';
        const { width, top, bottom } = runExtent(content, size, bold);
        const anchor = inherited(here, 'text-anchor') ?? 'start';
        const x = Number(e.attrs.x);
        const y = Number(e.attrs.y);
        const x0 = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
        const corners = [
          { x: x0, y: y - top },
          { x: x0 + width, y: y - top },
          { x: x0 + width, y: y - bottom },
          { x: x0, y: y - bottom },
        ].map((p) => apply(matrix, p));
        runs.push({ text: content, size, corners, path: here });
      }
      return;
    }
    for (const c of e.children) walk(c, here, matrix);
  };
  walk(root, [], IDENTITY);
  return runs;
}

/**
 * A run of glyph outlines: each <use> scales a glyph of the CJK face (em = unitsPerEm units) and puts
 * its origin on the baseline; the box spans the first origin to the last glyph's advance.
 */
function outlineRun(e: XmlElement, here: XmlElement[], m: Matrix, uses: XmlElement[]): TextRun {
  const text = e.attrs['aria-label'] as string;
  const chars = [...text];
  if (chars.length !== uses.length) throw new Error(`"${text}" drawn with ${uses.length} glyphs`);
  const first = transformOf(uses[0]!.attrs.transform);
  const last = transformOf(uses.at(-1)!.attrs.transform);
  const face = fonts().cjk;
  const size = first[0] * face.unitsPerEm;
  const lastAdvance = runExtent(chars.at(-1)!, size, false).width;
  const { top, bottom } = runExtent(text, size, false);
  const [x0, x1, y] = [first[4], last[4] + lastAdvance, first[5]];
  const corners = [
    { x: x0, y: y - top },
    { x: x1, y: y - top },
    { x: x1, y: y - bottom },
    { x: x0, y: y - bottom },
  ].map((p) => apply(m, p));
  return { text, size, corners, path: here };
}

/** Every <line> (and straight path segment of `d` with M/L only) under elements `select` accepts. */
export function segments(root: XmlElement, select: (path: XmlElement[]) => boolean): Segment[] {
  const out: Segment[] = [];
  const walk = (e: XmlElement, path: XmlElement[], m: Matrix) => {
    const here = [e, ...path];
    const matrix = multiply(m, transformOf(e.attrs.transform));
    const width = Number(inherited(here, 'stroke-width') ?? 1);
    if (e.name === 'line' && select(here)) {
      const a = apply(matrix, { x: Number(e.attrs.x1), y: Number(e.attrs.y1) });
      const b = apply(matrix, { x: Number(e.attrs.x2), y: Number(e.attrs.y2) });
      out.push({ a, b, width, path: here });
    }
    if (e.name === 'path' && select(here) && /^[ML\d\s.,-]+$/.test(e.attrs.d ?? '')) {
      const pts = [...(e.attrs.d as string).matchAll(/[ML]\s*(-?[\d.]+)[\s,]+(-?[\d.]+)/g)].map((p) =>
        apply(matrix, { x: Number(p[1]), y: Number(p[2]) }),
      );
      for (let i = 0; i + 1 < pts.length; i++)
        out.push({ a: pts[i] as Point, b: pts[i + 1] as Point, width, path: here });
    }
    for (const c of e.children) walk(c, here, matrix);
  };
  walk(root, [], IDENTITY);
  return out;
}

/** Every <rect> under elements `select` accepts, as its four corners (transforms applied). */
export function rectangles(
  root: XmlElement,
  select: (path: XmlElement[]) => boolean,
): { corners: Point[]; path: XmlElement[] }[] {
  const out: { corners: Point[]; path: XmlElement[] }[] = [];
  const walk = (e: XmlElement, path: XmlElement[], m: Matrix) => {
    const here = [e, ...path];
    const matrix = multiply(m, transformOf(e.attrs.transform));
    if (e.name === 'rect' && select(here)) {
      const [x, y] = [Number(e.attrs.x ?? 0), Number(e.attrs.y ?? 0)];
      const [w, h] = [Number(e.attrs.width), Number(e.attrs.height)];
      const corners = [
        { x, y },
        { x: x + w, y },
        { x: x + w, y: y + h },
        { x, y: y + h },
      ].map((p) => apply(matrix, p));
      out.push({ corners, path: here });
    }
    for (const c of e.children) walk(c, here, matrix);
  };
  walk(root, [], IDENTITY);
  return out;
}

const axesOf = (poly: Point[]): Point[] =>
  poly.map((p, i) => {
    const q = poly[(i + 1) % poly.length] as Point;
    return { x: -(q.y - p.y), y: q.x - p.x };
  });

const bounds = (poly: Point[]) => {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of poly) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return { x0, y0, x1, y1 };
};

/** Do two convex polygons overlap by more than `tolerance` (separating axis test)? */
export function polygonsOverlap(a: Point[], b: Point[], tolerance = 0): boolean {
  const [ba, bb] = [bounds(a), bounds(b)];
  if (
    ba.x1 - tolerance <= bb.x0 ||
    bb.x1 - tolerance <= ba.x0 ||
    ba.y1 - tolerance <= bb.y0 ||
    bb.y1 - tolerance <= ba.y0
  ) {
    return false;
  }
  for (const axis of [...axesOf(a), ...axesOf(b)]) {
    const length = Math.hypot(axis.x, axis.y);
    if (length === 0) continue;
    const project = (poly: Point[]) => poly.map((p) => (p.x * axis.x + p.y * axis.y) / length);
    const pa = project(a);
    const pb = project(b);
    if (Math.max(...pa) - tolerance <= Math.min(...pb) || Math.max(...pb) - tolerance <= Math.min(...pa))
      return false;
  }
  return true;
}

/** A stroked segment as a polygon (its stroke outline, square caps). */
export function segmentPolygon(s: Segment): Point[] {
  const dx = s.b.x - s.a.x;
  const dy = s.b.y - s.a.y;
  const l = Math.hypot(dx, dy) || 1;
  const [nx, ny] = [(-dy / l) * (s.width / 2), (dx / l) * (s.width / 2)];
  const [ex, ey] = [(dx / l) * (s.width / 2), (dy / l) * (s.width / 2)];
  return [
    { x: s.a.x - ex + nx, y: s.a.y - ey + ny },
    { x: s.b.x + ex + nx, y: s.b.y + ey + ny },
    { x: s.b.x + ex - nx, y: s.b.y + ey - ny },
    { x: s.a.x - ex - nx, y: s.a.y - ey - ny },
  ];
}

/** Distance from a point to a segment. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l = dx * dx + dy * dy;
  const t = l === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** The nearest value of a data-* attribute on a run's element or its ancestors. */
export const dataOf = (path: XmlElement[], attr: string): string | undefined => inherited(path, attr);

/** Pairs of runs whose boxes overlap. */
export function overlappingRuns(runs: readonly TextRun[], tolerance = 0.01): [TextRun, TextRun][] {
  const out: [TextRun, TextRun][] = [];
  const bounds = runs.map((r) => ({
    x0: Math.min(...r.corners.map((p) => p.x)),
    x1: Math.max(...r.corners.map((p) => p.x)),
    y0: Math.min(...r.corners.map((p) => p.y)),
    y1: Math.max(...r.corners.map((p) => p.y)),
  }));
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const [a, b] = [bounds[i]!, bounds[j]!];
      if (a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0) continue;
      if (polygonsOverlap(runs[i]!.corners, runs[j]!.corners, tolerance)) out.push([runs[i]!, runs[j]!]);
    }
  }
  return out;
}
