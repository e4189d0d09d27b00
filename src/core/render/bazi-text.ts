import { ALL_TEN_GODS, BRANCHES, NA_YIN, STEMS } from '../bazi/index.js';

/** The Chinese words the BaZi chart draws besides the chart's own stems, branches and gods. */
export const BAZI_WORDS = {
  pillars: { year: '年柱', month: '月柱', day: '日柱', hour: '时柱' },
  luck: '大运',
  hidden: '藏干',
  dayMaster: '日主',
  elements: { wood: '木', fire: '火', earth: '土', metal: '金', water: '水' },
  /** The chart's name by gender: 乾造 a man's chart, 坤造 a woman's. */
  chartOf: { male: '乾造', female: '坤造' },
} as const;

/**
 * Every Chinese character the BaZi chart can draw, each once, in code point order: the set the
 * bundled CJK subset (data/fonts/ChartHan-Regular.otf) must cover.
 */
export function baziCharacters(): string {
  const words = [
    ...STEMS.map((s) => s.char),
    ...BRANCHES.map((b) => b.char),
    ...ALL_TEN_GODS.map((g) => g.chinese),
    ...NA_YIN.map((n) => n.chinese),
    ...Object.values(BAZI_WORDS.pillars),
    BAZI_WORDS.luck,
    BAZI_WORDS.hidden,
    BAZI_WORDS.dayMaster,
    ...Object.values(BAZI_WORDS.elements),
    ...Object.values(BAZI_WORDS.chartOf),
  ];
  return [...new Set([...words.join('')])]
    .sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0))
    .join('');
}
