import { type BaziChart, BRANCHES, type Element, type Pillar, STEMS } from '../bazi/index.js';
import { BAZI_WORDS } from './bazi-text.js';
import { el, text } from './svg.js';
import { CJK_FONT_FAMILY, DEFAULT_OPTIONS, type RenderOptions, svgDocument } from './theme.js';

/**
 * The BaZi chart as SVG text: the four pillars (year, month, day, hour, left to right as the answer
 * lists them), each with the ten god of its stem, stem and branch in their element's colour with
 * pinyin, polarity, element and animal under them, the hidden stems with their ten gods and the na
 * yin; then the eight luck pillars with their start age and year, and the element count. Every
 * Chinese word has Latin text beside it, so the chart stays readable where no CJK font is present.
 */

export type BaziRenderChart = Pick<BaziChart, 'pillars' | 'dayMaster' | 'elements' | 'luckPillars'> & {
  birthInfo?: { date: string; time: string; location: string };
};

const VIEW = { width: 640, height: 560 } as const;
const PILLARS = ['year', 'month', 'day', 'hour'] as const;
const COLUMN_WIDTH = 136;
const COLUMN_GAP = 12;
const LEFT = (VIEW.width - 4 * COLUMN_WIDTH - 3 * COLUMN_GAP) / 2;

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const elementOfChar = new Map<string, Element>([...STEMS, ...BRANCHES].map((x) => [x.char, x.element]));
const cjk = { 'font-family': CJK_FONT_FAMILY };

function charCell(x: number, y: number, char: string, element: Element, lines: [string, string]): string {
  const mid = x + COLUMN_WIDTH / 2;
  return el(
    'g',
    {},
    el('rect', {
      x,
      y,
      width: COLUMN_WIDTH,
      height: 84,
      rx: 8,
      class: `panel wx-${element}-stroke`,
      'stroke-width': 2,
    }),
    text({ x: mid, y: y + 44, 'font-size': 38, class: `wx-${element}`, ...cjk }, char),
    text({ x: mid, y: y + 62, 'font-size': 11, class: 'ink' }, lines[0]),
    text({ x: mid, y: y + 76, 'font-size': 10, class: 'muted' }, lines[1]),
  );
}

function pillarColumn(name: (typeof PILLARS)[number], pillar: Pillar, index: number, options: RenderOptions) {
  const x = LEFT + index * (COLUMN_WIDTH + COLUMN_GAP);
  const mid = x + COLUMN_WIDTH / 2;
  const { stem, branch } = pillar;
  const hiddenWidth = COLUMN_WIDTH / 3;
  return el(
    'g',
    { 'data-pillar': name, 'data-ganzhi': pillar.ganzhi, 'text-anchor': 'middle' },
    text({ x: mid, y: 78, 'font-size': 14, 'font-weight': 'bold', class: 'ink' }, capital(name)),
    text({ x: mid, y: 96, 'font-size': 12, class: 'muted', ...cjk }, BAZI_WORDS.pillars[name]),
    text({ x: mid, y: 118, 'font-size': 11, class: 'ink' }, pillar.tenGod.english),
    text({ x: mid, y: 134, 'font-size': 11, class: 'muted', ...cjk }, pillar.tenGod.chinese),
    charCell(x, 144, stem.char, stem.element, [
      stem.pinyin,
      `${capital(stem.polarity)} ${capital(stem.element)}`,
    ]),
    charCell(x, 236, branch.char, branch.element, [
      branch.pinyin,
      `${capital(branch.polarity)} ${capital(branch.element)} · ${branch.animal}`,
    ]),
    ...pillar.hiddenStems.map((h, k) => {
      const hx = x + hiddenWidth * (k + 0.5);
      return el(
        'g',
        { 'data-hidden-stem': h.char },
        text({ x: hx, y: 350, 'font-size': 20, class: `wx-${h.element}`, ...cjk }, h.char),
        options.labels && text({ x: hx, y: 367, 'font-size': 10, class: 'muted', ...cjk }, h.tenGod.chinese),
      );
    }),
    text(
      { x: mid, y: 392, 'font-size': 12, class: `wx-${pillar.naYin.element}`, ...cjk },
      pillar.naYin.chinese,
    ),
    options.labels && text({ x: mid, y: 406, 'font-size': 8.5, class: 'muted' }, pillar.naYin.english),
  );
}

function luckRow(chart: BaziRenderChart, options: RenderOptions): string {
  const { pillars, direction } = chart.luckPillars;
  const width = (VIEW.width - 2 * LEFT) / pillars.length;
  return el(
    'g',
    { class: 'luck', 'text-anchor': 'middle' },
    text(
      { x: LEFT, y: 440, 'font-size': 13, 'font-weight': 'bold', class: 'ink', 'text-anchor': 'start' },
      `Luck pillars (${direction})`,
    ),
    ...pillars.map((p, i) => {
      const mid = LEFT + width * (i + 0.5);
      const [s, b] = [...p.ganzhi] as [string, string];
      return el(
        'g',
        { 'data-luck-pillar': i + 1, 'data-ganzhi': p.ganzhi, 'data-start-year': p.startYear },
        el('rect', { x: mid - width / 2 + 3, y: 450, width: width - 6, height: 92, rx: 6, class: 'panel' }),
        text({ x: mid - 11, y: 482, 'font-size': 22, class: `wx-${elementOfChar.get(s)}`, ...cjk }, s),
        text({ x: mid + 11, y: 482, 'font-size': 22, class: `wx-${elementOfChar.get(b)}`, ...cjk }, b),
        text({ x: mid, y: 500, 'font-size': 10, class: 'ink' }, `age ${p.startAge.years}`),
        text({ x: mid, y: 514, 'font-size': 10, class: 'muted' }, String(p.startYear)),
        options.labels && text({ x: mid, y: 532, 'font-size': 8, class: 'muted' }, p.tenGod.english),
      );
    }),
  );
}

function describe(chart: BaziRenderChart): { title: string; desc: string } {
  const birth = chart.birthInfo;
  const title = `BaZi chart${birth ? ` for ${birth.date} ${birth.time}, ${birth.location}` : ''}`;
  const pillar = (name: (typeof PILLARS)[number]) => {
    const p = chart.pillars[name];
    return `${name} ${p.ganzhi} (${p.stem.pinyin} ${p.branch.pinyin}, ${p.stem.polarity} ${p.stem.element} ${p.branch.animal})`;
  };
  const dm = chart.dayMaster;
  const luck = chart.luckPillars;
  const desc =
    `Four pillars: ${PILLARS.map(pillar).join(', ')}. Day Master ${dm.char} ${dm.pinyin}, ${dm.polarity} ${dm.element}. ` +
    `Elements: ${Object.entries(chart.elements)
      .map(([e, n]) => `${e} ${n}`)
      .join(', ')}. ` +
    `Luck pillars run ${luck.direction} from age ${luck.startAge.years}: ${luck.pillars.map((p) => p.ganzhi).join(' ')}.`;
  return { title, desc };
}

export function renderBazi(chart: BaziRenderChart, options: RenderOptions = DEFAULT_OPTIONS): string {
  const { title, desc } = describe(chart);
  const dm = chart.dayMaster;
  const elements = Object.entries(chart.elements) as [Element, number][];
  const body = [
    text(
      {
        x: VIEW.width / 2,
        y: 34,
        'font-size': 16,
        'font-weight': 'bold',
        class: 'ink',
        'text-anchor': 'middle',
      },
      `Day Master ${dm.pinyin} · ${capital(dm.polarity)} ${capital(dm.element)}`,
    ),
    el(
      'text',
      { x: VIEW.width / 2, y: 54, 'font-size': 11, 'text-anchor': 'middle' },
      ...elements.map(([e, n], i) =>
        el(
          'tspan',
          { class: `wx-${e}`, 'data-element': e, dx: i === 0 ? undefined : 10 },
          `${capital(e)} ${n}`,
        ),
      ),
    ),
    ...PILLARS.map((name, i) => pillarColumn(name, chart.pillars[name], i, options)),
    luckRow(chart, options),
  ].join('');
  return svgDocument(
    { kind: 'bazi', viewWidth: VIEW.width, viewHeight: VIEW.height, title, desc, options },
    body,
  );
}
