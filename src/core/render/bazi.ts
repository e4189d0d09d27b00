import {
  type BaziChart,
  BRANCHES,
  type Element,
  type LuckPillar,
  luckPillarAt,
  luckStartDate,
  type Pillar,
  STEMS,
} from '../bazi/index.js';
import { BAZI_WORDS } from './bazi-text.js';
import { cjkDefs, cjkRun, cjkWidth } from './cjk-outlines.js';
import { type Face, measureText } from './font-metrics.js';
import { el, text } from './svg.js';
import { fitLines } from './text-lines.js';
import { COMPACT_BELOW, DEFAULT_OPTIONS, type RenderOptions, svgDocument } from './theme.js';

/**
 * The BaZi chart as SVG text, laid out as four-pillar tables usually are: a header with 乾造 or 坤造
 * (a man's or a woman's chart), the birth and the day master, the element count; the four pillars
 * (year, month, day, hour, left to right as the answer lists them), each with the ten god of its
 * stem, stem and branch in their element's colour with pinyin, polarity, element and animal, the
 * hidden stems centred under their pillar with their ten gods, and the na yin; then the eight luck
 * pillars with start age and year, the one running at `asOf` outlined. Every Chinese word has Latin
 * text beside it. The Chinese characters are drawn as the bundled face's outlines (./cjk-outlines.ts),
 * so they read on a system without a CJK font; Latin text stays text. Below 600 pixels the compact
 * layout draws everything larger (luck pillars in two rows), so no text is under 9 pixels.
 */

export type BaziRenderChart = Pick<BaziChart, 'pillars' | 'dayMaster' | 'elements' | 'luckPillars'> & {
  options?: { gender: 'male' | 'female' };
  birthInfo?: { date: string; time: string; location: string; utcOffset?: string };
};

export interface BaziRenderOptions extends RenderOptions {
  /** The date (YYYY-MM-DD) whose luck pillar is outlined; none when absent. */
  asOf?: string;
}

const WIDTH = 640;
const PILLARS = ['year', 'month', 'day', 'hour'] as const;
const COLUMN = 136;
const COLUMN_GAP = 12;
const LEFT = (WIDTH - 4 * COLUMN - 3 * COLUMN_GAP) / 2;

interface Sizes {
  compact: boolean;
  /** Smallest text (pinyin, Latin notes). */
  small: number;
  body: number;
  heading: number;
  char: number;
  hidden: number;
  luckChar: number;
  /** Luck pillars per row. */
  luckPerRow: number;
}

const sizesFor = (width: number): Sizes =>
  width < COMPACT_BELOW
    ? { compact: true, small: 19.5, body: 20, heading: 22, char: 44, hidden: 28, luckChar: 30, luckPerRow: 4 }
    : {
        compact: false,
        small: 10,
        body: 11.5,
        heading: 16,
        char: 38,
        hidden: 21,
        luckChar: 22,
        luckPerRow: 8,
      };

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const elementOfChar = new Map<string, Element>([...STEMS, ...BRANCHES].map((x) => [x.char, x.element]));
const isCjk = (s: string) => (s.codePointAt(0) ?? 0) >= 0x2e80;

/** Ink ascent and descent of a line of `size`, at least those of the face's capitals. */
function lineBox(line: string, size: number, face: Face = 'regular') {
  const m = measureText(line, size, isCjk(line) ? 'cjk' : face);
  return { ascent: Math.max(m.ascent, size * 0.73), descent: Math.max(m.descent, size * 0.24) };
}

/** Lines centred on `x`, stacked down from `y` (their top); returns the SVG and the bottom. */
function centred(
  x: number,
  y: number,
  lines: readonly {
    text: string;
    size: number;
    cls: string;
    bold?: boolean;
    attrs?: Record<string, string>;
  }[],
  leading = 0.3,
): { svg: string; bottom: number } {
  let cursor = y;
  const out = lines.map((l, i) => {
    const box = lineBox(l.text, l.size, l.bold ? 'bold' : 'regular');
    cursor += (i ? l.size * leading : 0) + box.ascent;
    const baseline = cursor;
    cursor += box.descent;
    if (isCjk(l.text))
      return cjkRun(l.text, { x, y: baseline, size: l.size, anchor: 'middle' }, { class: l.cls, ...l.attrs });
    return text(
      {
        x,
        y: baseline,
        'text-anchor': 'middle',
        'font-size': l.size,
        class: l.cls,
        'font-weight': l.bold ? 'bold' : undefined,
        ...l.attrs,
      },
      l.text,
    );
  });
  return { svg: out.join(''), bottom: cursor };
}

interface LinePart {
  text: string;
  cjk?: boolean;
}

/**
 * One line centred on `x`, Latin text around Chinese outlines. Each Latin piece is anchored to the
 * outlines beside it (its end to the ones after it when it comes first, its start to the ones before
 * it otherwise), so a browser's substitute for DejaVu Sans, wider or narrower, moves only the line's
 * outer ends and never runs into the characters. The spaces between are kept as widths: SVG drops a
 * text's leading and trailing spaces.
 */
function mixedLine(x: number, y: number, size: number, bold: boolean, parts: readonly LinePart[]): string {
  const face = bold ? 'bold' : 'regular';
  const widthOf = (p: LinePart) => (p.cjk ? cjkWidth(p.text, size) : measureText(p.text, size, face).width);
  const total = parts.reduce((sum, p) => sum + widthOf(p), 0);
  const firstCjk = parts.findIndex((p) => p.cjk);
  let cursor = x - total / 2;
  const out = parts.map((p, i) => {
    const start = cursor;
    cursor += widthOf(p);
    if (p.cjk) return cjkRun(p.text, { x: start, y, size, anchor: 'start' });
    const lead = measureText(p.text.slice(0, p.text.length - p.text.trimStart().length), size, face).width;
    const trail = measureText(p.text.slice(p.text.trimEnd().length), size, face).width;
    const before = i < firstCjk;
    return text(
      {
        x: before ? cursor - trail : start + lead,
        y,
        'text-anchor': before ? 'end' : 'start',
        'font-size': size,
        'font-weight': bold ? 'bold' : undefined,
      },
      p.text.trim(),
    );
  });
  return out.join('');
}

/** Text wrapped to `width` into lines of one style (at most `maxLines`, then an ellipsis). */
const wrapped = (s: string, width: number, size: number, cls: string, maxLines = 2) =>
  fitLines(s, width, size, 'regular', maxLines).map((line) => ({ text: line, size, cls }));

function header(chart: BaziRenderChart, sizes: Sizes, y: number): { svg: string; bottom: number } {
  const dm = chart.dayMaster;
  const gender = chart.options?.gender;
  const x = WIDTH / 2;
  const parts: string[] = [];
  let cursor = y;
  if (gender) {
    const word = BAZI_WORDS.chartOf[gender];
    const box = lineBox(word, sizes.heading);
    cursor += box.ascent;
    parts.push(
      el(
        'g',
        { class: 'ink', 'data-chart-of': gender },
        mixedLine(x, cursor, sizes.heading, false, [
          { text: word, cjk: true },
          { text: ` ${gender === 'male' ? "a man's chart" : "a woman's chart"}` },
        ]),
      ),
    );
    cursor += box.descent + sizes.heading * 0.3;
  }
  const master = lineBox('D', sizes.heading, 'bold');
  cursor += master.ascent;
  parts.push(
    el(
      'g',
      { class: 'ink', 'data-day-master': dm.char },
      mixedLine(x, cursor, sizes.heading, true, [
        { text: 'Day Master ' },
        { text: dm.char, cjk: true },
        { text: ` ${dm.pinyin} · ${capital(dm.polarity)} ${capital(dm.element)}` },
      ]),
    ),
  );
  cursor += master.descent + sizes.heading * 0.3;
  const birth = chart.birthInfo;
  const birthText = birth
    ? `${birth.date} ${birth.time}${birth.utcOffset ? ` UTC${birth.utcOffset}` : ''} · ${birth.location}`
    : '';
  const block = centred(x, cursor, birthText ? wrapped(birthText, WIDTH - 20, sizes.body, 'muted') : []);
  parts.push(block.svg);
  cursor = block.bottom + sizes.body * 0.5;
  // The element count, one coloured run each, centred as one line.
  const elements = Object.entries(chart.elements) as [Element, number][];
  const runs = elements.map(([e, n]) => `${capital(e)} ${n}`);
  const gap = sizes.body * 0.9;
  const total = runs.reduce((s, r) => s + measureText(r, sizes.body).width, 0) + gap * (runs.length - 1);
  let rx = x - total / 2;
  const box = lineBox('Wood 0', sizes.body);
  cursor += box.ascent;
  parts.push(
    el(
      'text',
      { 'font-size': sizes.body },
      ...elements.map(([e], i) => {
        const run = runs[i] as string;
        const span = el('tspan', { x: rx, y: cursor, class: `wx-${e}`, 'data-element': e }, run);
        rx += measureText(run, sizes.body).width + gap;
        return span;
      }),
    ),
  );
  return { svg: parts.join(''), bottom: cursor + box.descent };
}

/** A stem or branch: the character in a cell with its pinyin and description under it. */
function charCell(
  x: number,
  y: number,
  char: string,
  element: Element,
  notes: string[],
  sizes: Sizes,
  height?: number,
) {
  const mid = x + COLUMN / 2;
  const inner = centred(mid, y + 8, [
    { text: char, size: sizes.char, cls: `wx-${element}` },
    ...notes.flatMap((n, i) =>
      wrapped(n, COLUMN - 10, i === 0 ? sizes.body : sizes.small, i === 0 ? 'ink' : 'muted'),
    ),
  ]);
  const h = height ?? inner.bottom - y + 8;
  return {
    svg:
      el('rect', {
        x,
        y,
        width: COLUMN,
        height: h,
        rx: 8,
        class: `panel wx-${element}-stroke`,
        'stroke-width': 2,
      }) + inner.svg,
    bottom: y + h,
  };
}

type Part = (x: number, mid: number, y: number, height?: number) => { svg: string; bottom: number };

/** The rows of one pillar, top to bottom: heading and ten god, stem, branch, hidden stems, na yin. */
function pillarParts(
  name: (typeof PILLARS)[number],
  pillar: Pillar,
  sizes: Sizes,
  options: RenderOptions,
): Part[] {
  const { stem, branch } = pillar;
  const branchNotes = sizes.compact
    ? [branch.pinyin, `${capital(branch.polarity)} ${capital(branch.element)}`, branch.animal]
    : [branch.pinyin, `${capital(branch.polarity)} ${capital(branch.element)} · ${branch.animal}`];
  return [
    (_x, mid, y) =>
      centred(mid, y, [
        { text: capital(name), size: sizes.heading, cls: 'ink', bold: true },
        { text: BAZI_WORDS.pillars[name], size: sizes.body, cls: 'muted' },
        ...wrapped(pillar.tenGod.english, COLUMN - 4, sizes.body, 'ink'),
        { text: pillar.tenGod.chinese, size: sizes.body, cls: 'muted' },
      ]),
    (x, _mid, y, h) =>
      charCell(
        x,
        y,
        stem.char,
        stem.element,
        [stem.pinyin, `${capital(stem.polarity)} ${capital(stem.element)}`],
        sizes,
        h,
      ),
    (x, _mid, y, h) => charCell(x, y, branch.char, branch.element, branchNotes, sizes, h),
    (_x, mid, y) => {
      // One slot per hidden stem, the group centred under the pillar.
      const slot = Math.min(COLUMN / 3, sizes.hidden * 1.9);
      const first = mid - ((pillar.hiddenStems.length - 1) * slot) / 2;
      let bottom = y;
      const svg = pillar.hiddenStems.map((h, k) => {
        const block = centred(first + k * slot, y, [
          { text: h.char, size: sizes.hidden, cls: `wx-${h.element}` },
          ...(options.labels ? [{ text: h.tenGod.chinese, size: sizes.small, cls: 'muted' }] : []),
        ]);
        bottom = Math.max(bottom, block.bottom);
        return el('g', { 'data-hidden-stem': h.char }, block.svg);
      });
      return { svg: svg.join(''), bottom };
    },
    (_x, mid, y) =>
      centred(mid, y, [
        { text: pillar.naYin.chinese, size: sizes.body, cls: `wx-${pillar.naYin.element}` },
        // Three lines: the longest names ("Hairpin and Bracelet Metal") need them in the compact layout.
        ...(options.labels ? wrapped(pillar.naYin.english, COLUMN - 4, sizes.small, 'muted', 3) : []),
      ]),
  ];
}

/** The four pillars as a table: each row as tall as its tallest cell, so the columns line up. */
function pillarTable(chart: BaziRenderChart, sizes: Sizes, options: RenderOptions, top: number) {
  const columns = PILLARS.map((name, i) => ({
    name,
    pillar: chart.pillars[name],
    x: LEFT + i * (COLUMN + COLUMN_GAP),
    parts: pillarParts(name, chart.pillars[name], sizes, options),
    svg: [] as string[],
  }));
  const gaps = [0, 8, 8, 10, 10];
  let y = top;
  for (let row = 0; row < gaps.length; row++) {
    y += gaps[row] as number;
    const at = y;
    const draw = (c: (typeof columns)[number], h?: number) =>
      (c.parts[row] as Part)(c.x, c.x + COLUMN / 2, at, h);
    const height = Math.max(...columns.map((c) => draw(c).bottom - at));
    for (const c of columns) c.svg.push(draw(c, height).svg);
    y = at + height;
  }
  return {
    svg: columns
      .map((c) =>
        el('g', { 'data-pillar': c.name, 'data-ganzhi': c.pillar.ganzhi, 'text-anchor': 'middle' }, ...c.svg),
      )
      .join(''),
    bottom: y,
  };
}

function luckCell(
  p: LuckPillar,
  i: number,
  x: number,
  y: number,
  width: number,
  current: boolean,
  sizes: Sizes,
  options: RenderOptions,
  startDate: string,
  rowHeight?: number,
) {
  const mid = x + width / 2;
  const [s, b] = [...p.ganzhi] as [string, string];
  const chars = lineBox(s, sizes.luckChar);
  const charY = y + 8 + chars.ascent;
  const lines = centred(mid, charY + chars.descent + 4, [
    { text: `age ${p.startAge.years}`, size: sizes.body, cls: 'ink' },
    { text: String(p.startYear), size: sizes.small, cls: 'muted' },
    ...(options.labels ? wrapped(p.tenGod.english, width - 10, sizes.small, 'muted') : []),
  ]);
  const height = rowHeight ?? lines.bottom - y + 8;
  const offset = sizes.luckChar * 0.5;
  return {
    svg: el(
      'g',
      {
        'data-luck-pillar': i + 1,
        'data-ganzhi': p.ganzhi,
        'data-start-year': p.startYear,
        'data-start-date': luckStartDate(startDate, i),
        'data-in-force': current ? 'true' : undefined,
      },
      el('rect', {
        x: x + 3,
        y,
        width: width - 6,
        height,
        rx: 6,
        class: current ? 'panel accent-stroke' : 'panel',
        'stroke-width': current ? 3 : undefined,
      }),
      cjkRun(
        s,
        { x: mid - offset, y: charY, size: sizes.luckChar, anchor: 'middle' },
        { class: `wx-${elementOfChar.get(s)}` },
      ),
      cjkRun(
        b,
        { x: mid + offset, y: charY, size: sizes.luckChar, anchor: 'middle' },
        { class: `wx-${elementOfChar.get(b)}` },
      ),
      lines.svg,
    ),
    bottom: y + height,
  };
}

function luckRows(chart: BaziRenderChart, sizes: Sizes, options: BaziRenderOptions, y: number) {
  const { pillars, direction, startDate } = chart.luckPillars;
  const current = luckPillarAt(chart.luckPillars, options.asOf);
  const title = centred(WIDTH / 2, y, [
    { text: `Luck pillars (${direction}) from ${startDate}`, size: sizes.body, cls: 'ink', bold: true },
    ...(current >= 0 && options.asOf
      ? wrapped(`Outlined: the pillar in force on ${options.asOf}`, WIDTH - 20, sizes.small, 'muted')
      : []),
  ]);
  const perRow = sizes.luckPerRow;
  const width = (WIDTH - 2 * LEFT) / perRow;
  let rowTop = title.bottom + 8;
  const cells: string[] = [];
  for (let r = 0; r * perRow < pillars.length; r++) {
    const row = pillars.slice(r * perRow, (r + 1) * perRow);
    const cell = (p: LuckPillar, k: number, height?: number) => {
      const i = r * perRow + k;
      return luckCell(
        p,
        i,
        LEFT + k * width,
        rowTop,
        width,
        i === current,
        sizes,
        options,
        startDate,
        height,
      );
    };
    // Every cell of a row as tall as the tallest (ten gods wrap to two lines or not).
    const height = Math.max(...row.map((p, k) => cell(p, k).bottom - rowTop));
    for (const [k, p] of row.entries()) cells.push(cell(p, k, height).svg);
    rowTop += height + 8;
  }
  return {
    svg: el('g', { class: 'luck', 'text-anchor': 'middle', 'data-as-of': options.asOf }, title.svg, ...cells),
    bottom: rowTop,
  };
}

function describe(chart: BaziRenderChart, asOf: string | undefined): { title: string; desc: string } {
  const birth = chart.birthInfo;
  const title = `BaZi chart${birth ? ` for ${birth.date} ${birth.time}, ${birth.location}` : ''}`;
  const pillar = (name: (typeof PILLARS)[number]) => {
    const p = chart.pillars[name];
    return `${name} ${p.ganzhi} (${p.stem.pinyin} ${p.branch.pinyin}, ${p.stem.polarity} ${p.stem.element} ${p.branch.animal})`;
  };
  const dm = chart.dayMaster;
  const luck = chart.luckPillars;
  const current = luckPillarAt(chart.luckPillars, asOf);
  const gender = chart.options?.gender;
  const desc =
    `${gender ? `${BAZI_WORDS.chartOf[gender]} (${gender}). ` : ''}` +
    `Four pillars: ${PILLARS.map(pillar).join(', ')}. Day Master ${dm.char} ${dm.pinyin}, ${dm.polarity} ${dm.element}. ` +
    `Elements: ${Object.entries(chart.elements)
      .map(([e, n]) => `${e} ${n}`)
      .join(', ')}. ` +
    `Luck pillars run ${luck.direction} from age ${luck.startAge.years}: ${luck.pillars.map((p) => p.ganzhi).join(' ')}.` +
    (current >= 0 ? ` On ${asOf} the luck pillar ${luck.pillars[current]?.ganzhi} is in force.` : '');
  return { title, desc };
}

export function renderBazi(chart: BaziRenderChart, options: BaziRenderOptions = DEFAULT_OPTIONS): string {
  const sizes = sizesFor(options.width);
  const { title, desc } = describe(chart, options.asOf);
  const head = header(chart, sizes, 16);
  const table = pillarTable(chart, sizes, options, head.bottom + 18);
  const luck = luckRows(chart, sizes, options, table.bottom + 22);
  const body = head.svg + table.svg + luck.svg;
  return svgDocument(
    {
      kind: 'bazi',
      viewWidth: WIDTH,
      viewHeight: luck.bottom + 8,
      title,
      desc,
      options,
      layout: sizes.compact ? 'compact' : 'full',
    },
    cjkDefs(body) + body,
  );
}
