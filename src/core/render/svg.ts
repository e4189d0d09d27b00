/**
 * A few helpers to write SVG as text: escaping, elements with attributes, stable numbers. No DOM:
 * the render core builds strings so it runs anywhere and its output can be compared byte for byte.
 */

export type Attrs = Record<string, string | number | boolean | undefined>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export const escapeXml = (text: string): string => text.replace(/[&<>"]/g, (c) => ESCAPES[c] as string);

/** Coordinates to two decimals (a hundredth of a pixel), without trailing zeros; never `-0`. */
export function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(rounded === 0 ? 0 : rounded);
}

function attrText(attrs: Attrs): string {
  let out = '';
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    const text = value === true ? name : typeof value === 'number' ? num(value) : escapeXml(value);
    out += ` ${name}="${text}"`;
  }
  return out;
}

/** An element; children are already-built SVG text (use `text()` for character data). */
export function el(tag: string, attrs: Attrs = {}, ...children: (string | false | undefined)[]): string {
  const inner = children.filter((c): c is string => typeof c === 'string' && c !== '').join('');
  return inner ? `<${tag}${attrText(attrs)}>${inner}</${tag}>` : `<${tag}${attrText(attrs)}/>`;
}

/** A <text> element with escaped content. */
export const text = (attrs: Attrs, content: string): string =>
  `<text${attrText(attrs)}>${escapeXml(content)}</text>`;

export interface Point {
  x: number;
  y: number;
}

export const points = (list: readonly Point[]): string =>
  list.map((p) => `${num(p.x)},${num(p.y)}`).join(' ');

export const pathOf = (list: readonly Point[], closed = false): string =>
  list.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)} ${num(p.y)}`).join('') + (closed ? 'Z' : '');
