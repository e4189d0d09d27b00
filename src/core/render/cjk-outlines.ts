import { type CjkGlyphTable, loadCjkGlyphs } from './cjk-glyph-files.js';
import { type Attrs, el, num, text } from './svg.js';
import { CJK_FONT_FAMILY } from './theme.js';

/**
 * Chinese text drawn as glyph outlines, so a picture reads the same on a system without a CJK font
 * (where a browser would draw empty boxes). Each character used is one <path> in the picture's
 * <defs>, in font units; every occurrence is a <use> of it, scaled and placed, so a stem repeated
 * across the chart costs a few dozen bytes. A run is a <g> with role="img" and its text as
 * aria-label, so screen readers and tools that read the structure still get the words; the picture's
 * <desc> says the chart in full as before. Placement is the renderers' own: advances from the same
 * font, no kerning (the face has none for these characters).
 */

let table: CjkGlyphTable | undefined;
const glyphs = (): CjkGlyphTable => (table ??= loadCjkGlyphs());

const ID_PREFIX = 'cjk-u';
const idOf = (code: number) => `${ID_PREFIX}${code.toString(16)}`;

/** Width of `chars` at `size` units. */
export function cjkWidth(chars: string, size: number): number {
  const t = glyphs();
  let width = 0;
  for (const c of chars) width += t.glyphs.get(c.codePointAt(0) as number)?.advance ?? t.unitsPerEm;
  return (width * size) / t.unitsPerEm;
}

export interface CjkPlacement {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  anchor: 'start' | 'middle' | 'end';
}

/**
 * A run of Chinese characters as outlines: a <g> (carrying `attrs`, e.g. its fill class) of one <use>
 * per character. A character the bundled face lacks makes the whole run ordinary text in the CJK
 * family instead (never the case for what the BaZi chart draws: a test holds the face to it).
 */
export function cjkRun(chars: string, at: CjkPlacement, attrs: Attrs = {}): string {
  const t = glyphs();
  const list = [...chars].map((c) => t.glyphs.get(c.codePointAt(0) as number));
  if (list.some((g) => g === undefined)) {
    return text(
      {
        ...attrs,
        x: at.x,
        y: at.y,
        'font-size': at.size,
        'text-anchor': at.anchor,
        'font-family': CJK_FONT_FAMILY,
      },
      chars,
    );
  }
  const scale = at.size / t.unitsPerEm;
  const width = cjkWidth(chars, at.size);
  let x = at.anchor === 'middle' ? at.x - width / 2 : at.anchor === 'end' ? at.x - width : at.x;
  const s = String(Number(scale.toPrecision(6)));
  const uses = [...chars].map((c, i) => {
    const use = `<use href="#${idOf(c.codePointAt(0) as number)}" transform="matrix(${s} 0 0 ${s} ${num(x)} ${num(at.y)})"/>`;
    x += ((list[i] as { advance: number }).advance * at.size) / t.unitsPerEm;
    return use;
  });
  return el('g', { ...attrs, role: 'img', 'aria-label': chars }, uses.join(''));
}

/** The <defs> holding the outline of every character `body` uses (empty when it uses none). */
export function cjkDefs(body: string): string {
  const t = glyphs();
  const codes = new Set<number>();
  for (const m of body.matchAll(new RegExp(`href="#${ID_PREFIX}([0-9a-f]+)"`, 'g')))
    codes.add(Number.parseInt(m[1] as string, 16));
  if (codes.size === 0) return '';
  const paths = [...codes]
    .sort((a, b) => a - b)
    .map((code) => `<path id="${idOf(code)}" d="${t.glyphs.get(code)?.d ?? ''}"/>`);
  return `<defs>${paths.join('')}</defs>`;
}

/**
 * A run of Chinese characters as a small standalone <svg> to set inline in HTML text (the MCP App's
 * tooltips), one em high on the ideographic em box (0.88 em above the baseline, 0.12 below), in the
 * text's colour; undefined when the bundled face lacks a character.
 */
export function cjkInlineSvg(chars: string): string | undefined {
  const t = glyphs();
  const list = [...chars].map((c) => t.glyphs.get(c.codePointAt(0) as number));
  if (list.length === 0 || list.some((g) => g === undefined)) return undefined;
  let x = 0;
  const paths = list.map((g) => {
    const glyph = g as { advance: number; d: string };
    const path = el('path', { transform: x ? `translate(${x} 0)` : undefined, d: glyph.d });
    x += glyph.advance;
    return path;
  });
  const em = t.unitsPerEm;
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 ${-0.88 * em} ${x} ${em}`,
      width: `${num(x / em)}em`,
      height: '1em',
      fill: 'currentColor',
      role: 'img',
      'aria-label': chars,
      class: 'cjk',
    },
    ...paths,
  );
}
