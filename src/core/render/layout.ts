import { measureText } from './font-metrics.js';
import { el, escapeXml } from './svg.js';
import { fitLines } from './text-lines.js';

/**
 * Shared layout pieces: the horizontal frame a picture is drawn in (its viewBox), and centred blocks
 * of text lines (headers, footers) that wrap to the frame instead of running off it.
 */

export interface Frame {
  left: number;
  width: number;
}

export const frameOf = (left: number, right: number): Frame => ({ left, width: right - left });

/** Side margin of text lines inside the frame. */
const MARGIN = 10;
/** Space between lines, as a share of the font size. */
const LEADING = 0.35;

export interface LineSpec {
  text: string;
  size: number;
  bold?: boolean;
  cls: string;
  /** `data-line` of the line's tspans (what it says: title, birth, cross ...). */
  role: string;
  /** At most this many lines (default 2); the rest is cut with an ellipsis. */
  maxLines?: number;
}

export interface Block {
  svg: string;
  /** Ink extent of the block (top of the first line, bottom of the last). */
  top: number;
  bottom: number;
}

/**
 * Lines centred in the frame, each wrapped to its width, stacked `down` from `y` (the block's top)
 * or `up` from it (the block's bottom). One <text> element: resvg lays out each <text> on its own.
 */
export function linesBlock(
  frame: Frame,
  y: number,
  direction: 'up' | 'down',
  specs: readonly LineSpec[],
): Block {
  const rows = specs.flatMap((spec) =>
    fitLines(
      spec.text,
      frame.width - 2 * MARGIN,
      spec.size,
      spec.bold ? 'bold' : 'regular',
      spec.maxLines,
    ).map((line) => ({ spec, line })),
  );
  if (!rows.length) return { svg: '', top: y, bottom: y };
  const heights = rows.map(({ spec, line }) => {
    const m = measureText(line, spec.size, spec.bold ? 'bold' : 'regular');
    return { ascent: Math.max(m.ascent, spec.size * 0.73), descent: Math.max(m.descent, spec.size * 0.24) };
  });
  const total = heights.reduce(
    (sum, h, i) => sum + h.ascent + h.descent + (i ? (rows[i]?.spec.size ?? 0) * LEADING : 0),
    0,
  );
  const top = direction === 'down' ? y : y - total;
  const x = frame.left + frame.width / 2;
  let cursor = top;
  const spans = rows.map(({ spec, line }, i) => {
    const h = heights[i] as { ascent: number; descent: number };
    cursor += (i ? spec.size * LEADING : 0) + h.ascent;
    const baseline = cursor;
    cursor += h.descent;
    return el(
      'tspan',
      {
        x,
        y: baseline,
        'font-size': spec.size,
        'font-weight': spec.bold ? 'bold' : undefined,
        class: spec.cls,
        'data-line': spec.role,
      },
      escapeXml(line),
    );
  });
  return { svg: el('text', { 'text-anchor': 'middle' }, ...spans), top, bottom: top + total };
}
