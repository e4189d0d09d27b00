import { type GlyphOutline, type OutlineFace, outlineFaces } from './glyph-outlines.js';

/**
 * Text drawn as outlines, for the PNG path only: each <text> in the chart faces becomes a <g> of one
 * <path> per run, the glyphs' outlines placed at their advances, so resvg parses paths instead of
 * laying out text (about 50 µs per run, most of a picture's parse time). Placement is what
 * font-metrics measures: advances without kerning, `text-anchor` over each chunk. The SVG the routes
 * send keeps its text. A <text> this does not handle exactly (another face, a character the face
 * lacks, an attribute outside the renderers' set, a stroke) is left as text for resvg.
 */

interface Inherited {
  size: number;
  anchor: string;
  bold: boolean;
  family: string;
  /**
   * Left to resvg: a stroke reaches the text (an attribute, or a class the style sheet strokes; the
   * outlines' scale would scale it too), or a container set something this does not read.
   */
  keepText: boolean;
}

/** resvg's defaults: 12 units, start, normal weight, the default family (DejaVu Sans). */
const ROOT: Inherited = { size: 12, anchor: 'start', bold: false, family: 'DejaVu Sans', keepText: false };

/** Attributes kept on the <g> or <path> that stands for a <text> or <tspan>. */
const PAINT = new Set(['class', 'fill', 'fill-opacity', 'opacity', 'transform']);
/** Attributes read for placement and face, dropped from the output. */
const PLACEMENT = new Set(['x', 'y', 'font-size', 'font-weight', 'font-family', 'text-anchor']);

const tags = () => /<(\/?)([\w:-]+)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/g;
const ATTR = /([\w:-]+)="([^"]*)"/g;

function attributes(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of source.matchAll(ATTR)) out.set(m[1] as string, m[2] as string);
  return out;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const decodeEntities = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] as string);

/** Classes the document's style sheet gives a stroke. */
function strokedClasses(svg: string): Set<string> {
  const out = new Set<string>();
  for (const style of svg.matchAll(/<style>([^<]*)<\/style>/g))
    for (const rule of (style[1] as string).matchAll(/([^{}]+)\{([^}]*)\}/g))
      if (/(^|;)\s*stroke\s*:/.test(rule[2] as string))
        for (const selector of (rule[1] as string).split(',')) {
          const last = /\.([\w-]+)[^.]*$/.exec(selector);
          if (last) out.add(last[1] as string);
        }
  return out;
}

function inherit(parent: Inherited, attrs: Map<string, string>, stroked: Set<string>): Inherited | undefined {
  const size = attrs.get('font-size');
  const weight = attrs.get('font-weight');
  const sizeValue = size === undefined ? parent.size : Number(size);
  if (!Number.isFinite(sizeValue) || sizeValue <= 0) return undefined;
  if (weight !== undefined && !['bold', 'normal', '400', '700'].includes(weight)) return undefined;
  const classes = (attrs.get('class') ?? '').split(/\s+/);
  return {
    size: sizeValue,
    anchor: attrs.get('text-anchor') ?? parent.anchor,
    bold: weight === undefined ? parent.bold : weight === 'bold' || weight === '700',
    family: attrs.get('font-family') ?? parent.family,
    keepText:
      parent.keepText ||
      attrs.has('stroke') ||
      attrs.has('paint-order') ||
      classes.some((c) => stroked.has(c)),
  };
}

/** Only the chart faces' family (as the renderers write it) is drawn here. */
const chartFamily = (family: string) => /^\s*'?DejaVu Sans'?\s*(,\s*sans-serif\s*)?$/.test(family);

/** A <tspan> (or the <text> itself) and what it holds, in document order. */
interface Span {
  attrs: Map<string, string>;
  style: Inherited;
  children: (Span | Run)[];
}

/** Character data, placed: a chunk starts where a <tspan> (or the <text>) sets x. */
interface Run {
  text: string;
  style: Inherited;
  x?: string;
  y?: string;
  glyphs: GlyphOutline[];
  face?: OutlineFace;
  /** Advance in user units, and the pen position of the run's start (baseline). */
  width: number;
  at: { x: number; y: number };
}

const isRun = (node: Span | Run): node is Run => 'text' in node;

/** The tree of a <text>'s content, or undefined for anything but character data and <tspan>s. */
function spanTree(text: Span, inner: string, stroked: Set<string>): Run[] | undefined {
  const runs: Run[] = [];
  const open: Span[] = [text];
  // x and y of a <tspan> (or the <text>) position the first character after its start tag.
  let x: string | undefined = text.attrs.get('x');
  let y: string | undefined = text.attrs.get('y');
  let at = 0;
  const data = (raw: string) => {
    if (raw === '') return;
    const top = open.at(-1) as Span;
    const run: Run = {
      text: decodeEntities(raw),
      style: top.style,
      x,
      y,
      glyphs: [],
      width: 0,
      at: { x: 0, y: 0 },
    };
    x = y = undefined;
    top.children.push(run);
    runs.push(run);
  };
  for (const m of inner.matchAll(tags())) {
    data(inner.slice(at, m.index));
    at = (m.index as number) + m[0].length;
    const [, close, name, source, selfClosing] = m;
    if (name !== 'tspan' || selfClosing) return undefined;
    if (close) {
      if (open.length === 1) return undefined;
      open.pop();
      continue;
    }
    const top = open.at(-1) as Span;
    const attrs = attributes(source as string);
    const style = inherit(top.style, attrs, stroked);
    if (!style) return undefined;
    const span: Span = { attrs, style, children: [] };
    top.children.push(span);
    open.push(span);
    x = attrs.get('x') ?? x;
    y = attrs.get('y') ?? y;
  }
  data(inner.slice(at));
  return open.length === 1 ? runs : undefined;
}

/** xml:space="default" as resvg reads it: newlines and tabs as spaces, runs of spaces as one, none at the ends. */
function collapseSpaces(runs: Run[]): void {
  let previousSpace = true;
  for (const run of runs) {
    let out = '';
    for (const c of run.text.replace(/\r\n?|[\n\t]/g, ' ')) {
      if (c === ' ' && previousSpace) continue;
      out += c;
      previousSpace = c === ' ';
    }
    run.text = out;
  }
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i] as Run;
    const trimmed = run.text.replace(/ +$/, '');
    const done = trimmed !== '';
    run.text = trimmed;
    if (done) break;
  }
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const ZERO_WIDTH = new Set([0xfe0e, 0xfe0f]);
const r2 = (v: number) => String(Math.round(v * 100) / 100);
/** Glyph scales (size / units per em) to six significant digits: a thousandth of a pixel over an em. */
const scaleText = (v: number) => String(Number(v.toPrecision(6)));

/** Glyphs, widths and pen positions of the runs; false when one cannot be drawn here. */
function place(runs: Run[]): boolean {
  const faces = outlineFaces();
  let x = 0;
  let y = 0;
  let chunk: Run[] = [];
  const chunks: Run[][] = [chunk];
  for (const run of runs) {
    if (run.style.keepText || !chartFamily(run.style.family)) return false;
    if (run.x !== undefined) {
      if (!PLAIN_NUMBER.test(run.x)) return false;
      x = Number(run.x);
      chunk = [];
      chunks.push(chunk);
    }
    if (run.y !== undefined) {
      if (!PLAIN_NUMBER.test(run.y)) return false;
      y = Number(run.y);
    }
    const face = run.style.bold ? faces.bold : faces.regular;
    for (const char of run.text) {
      const code = char.codePointAt(0) as number;
      if (ZERO_WIDTH.has(code)) continue;
      const glyph = face.glyph(code);
      if (!glyph) return false;
      run.glyphs.push(glyph);
    }
    run.face = face;
    run.width = (run.glyphs.reduce((sum, g) => sum + g.advance, 0) * run.style.size) / face.unitsPerEm;
    run.at = { x, y };
    chunk.push(run);
    x += run.width;
  }
  // text-anchor moves a whole chunk, by the anchor of its first run.
  for (const c of chunks) {
    const first = c[0];
    if (!first) continue;
    const total = c.reduce((sum, r) => sum + r.width, 0);
    const anchor = first.style.anchor;
    const shift = anchor === 'middle' ? total / 2 : anchor === 'end' ? total : 0;
    for (const r of c) r.at.x -= shift;
  }
  return true;
}

function paintAttrs(attrs: Map<string, string>, allowed: (name: string) => boolean): string | undefined {
  let out = '';
  for (const [name, value] of attrs) {
    if (name.startsWith('data-') || name === 'role' || name.startsWith('aria-')) continue;
    if (PLACEMENT.has(name)) continue;
    if (!allowed(name)) return undefined;
    out += ` ${name}="${value}"`;
  }
  return out;
}

/** The <g>s and <path>s standing for a span, mirroring its nesting so style sheet fills inherit alike. */
function drawSpan(span: Span, isText: boolean): string | undefined {
  const own = paintAttrs(span.attrs, (n) => PAINT.has(n) && (isText || n !== 'transform'));
  if (own === undefined) return undefined;
  let body = '';
  for (const child of span.children) {
    if (isRun(child)) {
      const d = pathData(child.glyphs);
      if (d === '' || !child.face) continue;
      const scale = child.style.size / child.face.unitsPerEm;
      body += `<path transform="matrix(${scaleText(scale)} 0 0 ${scaleText(-scale)} ${r2(child.at.x)} ${r2(child.at.y)})" d="${d}"/>`;
    } else {
      const inner = drawSpan(child, false);
      if (inner === undefined) return undefined;
      body += inner;
    }
  }
  return `<g${own}>${body}</g>`;
}

/** The <g> standing for one <text>, or undefined to keep the text. */
function outlineText(
  attrsSource: string,
  inner: string,
  parent: Inherited,
  stroked: Set<string>,
): string | undefined {
  const attrs = attributes(attrsSource);
  const style = inherit(parent, attrs, stroked);
  if (!style) return undefined;
  const text: Span = { attrs, style, children: [] };
  const runs = spanTree(text, inner, stroked);
  if (!runs) return undefined;
  collapseSpaces(runs);
  return place(runs) ? drawSpan(text, true) : undefined;
}

/** One path for a run: each glyph's outline moved to its pen position (font units, y up). */
function pathData(glyphs: readonly GlyphOutline[]): string {
  let d = '';
  let pen = 0;
  let cx = 0;
  let cy = 0;
  for (const g of glyphs) {
    if (g.body !== '') {
      const sx = pen + g.start[0];
      const sy = g.start[1];
      d += `${d === '' ? 'M' : 'm'}${r2(sx - cx)} ${r2(sy - cy)}${g.body}`;
      cx = pen + g.end[0];
      cy = g.end[1];
    }
    pen += g.advance;
  }
  return d;
}

/** `svg` with every <text> the chart faces can draw replaced by outlines (see the top). */
export function textAsPaths(svg: string): string {
  const stroked = strokedClasses(svg);
  const stack: Inherited[] = [ROOT];
  let out = '';
  let at = 0;
  const tag = tags();
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    const [, close, name, source, selfClosing] = m;
    const parent = stack.at(-1) as Inherited;
    if (close) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    if (name === 'text' && !selfClosing) {
      const end = svg.indexOf('</text>', tag.lastIndex);
      if (end < 0) break;
      const replacement = outlineText(source as string, svg.slice(tag.lastIndex, end), parent, stroked);
      if (replacement !== undefined) out += svg.slice(at, m.index) + replacement;
      else out += svg.slice(at, end + '</text>'.length);
      at = end + '</text>'.length;
      tag.lastIndex = at;
      continue;
    }
    if (!selfClosing)
      stack.push(inherit(parent, attributes(source as string), stroked) ?? { ...parent, keepText: true });
  }
  return out + svg.slice(at);
}
