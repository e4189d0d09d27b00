import { type KnowledgeBase, knowledgeEntry } from '../knowledge/index.js';
import type { BaziChart, Pillar } from './chart.js';
import { ALL_TEN_GODS, BRANCH_SLUGS, BRANCHES, ELEMENTS, NA_YIN, STEM_SLUGS, STEMS } from './tables.js';

/**
 * Tooltips of a BaZi chart from the knowledge entries under knowledge/bazi. Ids carry a `bazi:`
 * prefix (`bazi:stem:jia`, `bazi:element:wood`) so they never collide with astrology's elements.
 */

export interface Tooltip {
  id: string;
  title: string;
  text: string;
}

/** Tooltips by category, each keyed by the value's Chinese characters (or the element's name). */
export type BaziTooltips = Partial<
  Record<'stems' | 'branches' | 'tenGods' | 'naYin' | 'elements', Record<string, Tooltip>>
>;

const slugify = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const stemId = (char: string): string => `bazi:stem:${STEM_SLUGS[STEMS.findIndex((s) => s.char === char)]}`;
const branchId = (char: string): string =>
  `bazi:branch:${BRANCH_SLUGS[BRANCHES.findIndex((b) => b.char === char)]}`;
const tenGodId = (chinese: string): string =>
  `bazi:ten-god:${slugify(ALL_TEN_GODS.find((g) => g.chinese === chinese)?.english ?? 'day-master')}`;
const naYinId = (chinese: string): string =>
  `bazi:na-yin:${slugify(NA_YIN.find((n) => n.chinese === chinese)?.english ?? '')}`;
export const elementId = (element: string): string => `bazi:element:${element}`;

/** Every knowledge id the BaZi tooltips can use (the knowledge test checks each one exists). */
export const BAZI_KNOWLEDGE_IDS: readonly string[] = [
  ...STEMS.map((s) => stemId(s.char)),
  ...BRANCHES.map((b) => branchId(b.char)),
  ...ALL_TEN_GODS.map((g) => tenGodId(g.chinese)),
  'bazi:ten-god:day-master',
  ...NA_YIN.map((n) => naYinId(n.chinese)),
  ...ELEMENTS.map(elementId),
];

function tooltip(knowledge: KnowledgeBase, id: string): Tooltip {
  const entry = knowledgeEntry(knowledge, id);
  return { id, title: entry.title, text: entry.body };
}

/** The values of the four pillars (the day master among the stems), each explained once. */
export function baziTooltips(knowledge: KnowledgeBase, chart: BaziChart): BaziTooltips {
  const pillars: Pillar[] = [chart.pillars.year, chart.pillars.month, chart.pillars.day, chart.pillars.hour];
  const keyed = (keys: string[], idOf: (key: string) => string) =>
    Object.fromEntries([...new Set(keys)].map((k) => [k, tooltip(knowledge, idOf(k))]));
  return {
    stems: keyed(
      pillars.flatMap((p) => [p.stem.char, ...p.hiddenStems.map((h) => h.char)]),
      stemId,
    ),
    branches: keyed(
      pillars.map((p) => p.branch.char),
      branchId,
    ),
    tenGods: keyed(
      pillars.flatMap((p) => [p.tenGod.chinese, ...p.hiddenStems.map((h) => h.tenGod.chinese)]),
      tenGodId,
    ),
    naYin: keyed(
      pillars.map((p) => p.naYin.chinese),
      naYinId,
    ),
    elements: keyed([...ELEMENTS], elementId),
  };
}
