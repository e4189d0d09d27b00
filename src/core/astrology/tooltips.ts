import { slug, type Tooltip } from '../human-design/index.js';
import { type KnowledgeBase, knowledgeEntry } from '../knowledge/index.js';
import { ASPECT_NAMES } from './aspects.js';
import { ASTEROID_NAMES, ASTRO_PLANETS, type AstrologyChart, HOUSE_NAMES, POINT_NAMES } from './chart.js';
import type { CrossAspects } from './cross.js';
import { ELEMENTS, QUALITIES, SIGNS } from './zodiac.js';

/**
 * Tooltips of an astrology answer, from the `knowledge/astrology/` entries: ids `sign:<slug>`,
 * `planet:<slug>`, `house:<n>`, `aspect:<name>`, `element:<slug>`, `quality:<slug>` and
 * `point:<slug>` (the four points and the four asteroids), keyed in the answer by display name.
 */

// A type alias, not an interface: it must stay assignable to the schema's string-keyed record.
export type AstrologyTooltips = {
  signs?: Record<string, Tooltip>;
  planets?: Record<string, Tooltip>;
  points?: Record<string, Tooltip>;
  houses?: Record<string, Tooltip>;
  aspects?: Record<string, Tooltip>;
  elements?: Record<string, Tooltip>;
  qualities?: Record<string, Tooltip>;
};

const POINT_LABELS: readonly string[] = [...Object.values(POINT_NAMES), ...Object.values(ASTEROID_NAMES)];

/** Every knowledge id the astrology answers can use, in a fixed order. */
export function allAstrologyKnowledgeIds(): string[] {
  return [
    ...SIGNS.map((s) => `sign:${slug(s)}`),
    ...ASTRO_PLANETS.map((p) => `planet:${slug(p)}`),
    ...POINT_LABELS.map((p) => `point:${slug(p)}`),
    ...HOUSE_NAMES.map((_, i) => `house:${i + 1}`),
    ...ASPECT_NAMES.map((a) => `aspect:${a}`),
    ...ELEMENTS.map((e) => `element:${slug(e)}`),
    ...QUALITIES.map((q) => `quality:${slug(q)}`),
  ];
}

function tooltips(knowledge: KnowledgeBase, kind: string, keys: Iterable<string>): Record<string, Tooltip> {
  const out: Record<string, Tooltip> = {};
  for (const key of keys) {
    const id = `${kind}:${slug(key)}`;
    const entry = knowledgeEntry(knowledge, id);
    out[key] = { id, title: entry.title, text: entry.body };
  }
  return out;
}

/** Explanations of what the two charts show: their signs and aspects, and every planet, point and house. */
export function astrologyTooltips(
  knowledge: KnowledgeBase,
  charts: readonly AstrologyChart[],
  cross: CrossAspects,
): AstrologyTooltips {
  const signs = new Set<string>();
  const aspects = new Set<string>();
  for (const c of charts) {
    const placements = [
      ...Object.values(c.planets),
      ...Object.values(c.points),
      ...Object.values(c.asteroids),
      ...Object.values(c.angles),
    ];
    for (const p of placements) signs.add(p.sign);
    for (const a of [...c.aspects.major, ...c.aspects.minor]) aspects.add(a.aspect);
  }
  for (const a of [...cross.major, ...cross.minor]) aspects.add(a.aspect);
  return {
    signs: tooltips(
      knowledge,
      'sign',
      SIGNS.filter((s) => signs.has(s)),
    ),
    planets: tooltips(knowledge, 'planet', ASTRO_PLANETS),
    points: tooltips(knowledge, 'point', POINT_LABELS),
    houses: tooltips(
      knowledge,
      'house',
      HOUSE_NAMES.map((_, i) => String(i + 1)),
    ),
    aspects: tooltips(
      knowledge,
      'aspect',
      ASPECT_NAMES.filter((a) => aspects.has(a)),
    ),
    elements: tooltips(knowledge, 'element', ELEMENTS),
    qualities: tooltips(knowledge, 'quality', QUALITIES),
  };
}
