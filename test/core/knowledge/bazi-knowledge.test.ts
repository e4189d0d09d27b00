/**
 * The BaZi knowledge base under knowledge/bazi: one entry per stem, branch, ten god (and the day
 * master), na yin pair and element, exactly the ids the tooltips use, each in domain bazi and naming
 * its own Chinese characters in the title (tables of reference astrology-bazi-location.md C2).
 *
 * The relations SAGE answers from follow the classical tables (as in the Yuan Hai Zi Ping), which
 * are rules of position on the circle of branches (子丑寅卯辰巳午未申酉戌亥, 0 to 11) and the
 * cycle of stems (0 to 9), checked here from those rules rather than from a list of ours: the six
 * clashes are branches 6 apart; the six harmonies the pairs whose positions add up to 1 (mod 12) and
 * the six harms those adding up to 7; a three harmony frame takes branches 4 apart; a directional
 * combination the three branches of a season (from Yin, Si, Shen, Hai); the stems combine 5 apart
 * and clash 6 apart, except the earth stems Wu and Ji.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BAZI_KNOWLEDGE_IDS,
  BRANCH_SLUGS,
  baziTooltips,
  computeBazi,
  NA_YIN,
  STEM_SLUGS,
  STEMS,
} from '../../../src/core/bazi/index.js';
import { createEphemeris } from '../../../src/core/ephemeris/index.js';
import { type KnowledgeBase, loadKnowledgeBase, loadKnowledgeDir } from '../../../src/core/knowledge/index.js';

const ROOT = fileURLToPath(new URL('../../../knowledge', import.meta.url));

let knowledge: KnowledgeBase;
beforeAll(async () => {
  knowledge = await loadKnowledgeBase(ROOT);
});

describe('knowledge/bazi', () => {
  it('holds exactly the 68 ids the tooltips use, all in domain bazi', async () => {
    const all = await loadKnowledgeDir(`${ROOT}/bazi`);
    for (const e of all) expect(e.domain).toBe('bazi');
    // The relations and symbolic stars are for SAGE; the rest are the tooltip kinds.
    const entries = all.filter((e) => !/^bazi:(clash|harmony|harm|three-harmony|directional|punishment|stem-combination|stem-clash|star):/.test(e.id));
    expect(entries.map((e) => e.id).sort()).toEqual([...BAZI_KNOWLEDGE_IDS].sort());
    expect(BAZI_KNOWLEDGE_IDS).toHaveLength(10 + 12 + 11 + 30 + 5);
    for (const e of entries) expect(e.domain).toBe('bazi');
  });

  it('titles name the characters of their stem and na yin', () => {
    for (const [i, stem] of STEMS.entries()) {
      expect(knowledge.byId.get(BAZI_KNOWLEDGE_IDS[i] as string)?.title).toContain(stem.char);
    }
    for (const n of NA_YIN) {
      const entry = knowledge.entries.find((e) => e.domain === 'bazi' && e.title.includes(n.chinese));
      expect(entry?.title).toContain(n.english);
    }
  });

  it('tooltips of 2005-12-23 08:37 Beijing explain its own values', () => {
    const chart = computeBazi(
      createEphemeris(),
      { utcMs: Date.UTC(2005, 11, 23, 0, 37), offsetSeconds: 8 * 3600, longitude: 116.4 },
      { gender: 'male', dayBoundary: 'midnight', solarTime: 'standard' },
    );
    const t = baziTooltips(knowledge, chart);
    expect(t.stems?.['辛']?.id).toBe('bazi:stem:xin');
    expect(Object.keys(t.branches ?? {})).toEqual(['酉', '子', '巳', '辰']);
    expect(Object.keys(t.naYin ?? {})).toEqual(['泉中水', '霹雳火', '白蜡金', '长流水']);
    expect(t.tenGods?.['日主']?.id).toBe('bazi:ten-god:day-master');
    expect(t.tenGods?.['伤官']?.title).toContain('Hurting Officer');
    expect(Object.keys(t.elements ?? {})).toEqual(['wood', 'fire', 'earth', 'metal', 'water']);
  });
});

describe('knowledge/bazi relations and stars', () => {
  const B: readonly string[] = BRANCH_SLUGS;
  const S: readonly string[] = STEM_SLUGS;
  const ids = () => new Set(knowledge.entries.map((e) => e.id));
  const pairs = (test: (i: number, j: number) => boolean, names: readonly string[]) => {
    const out: string[] = [];
    for (let i = 0; i < names.length; i++)
      for (let j = i + 1; j < names.length; j++) if (test(i, j)) out.push(`${names[i]}-${names[j]}`);
    return out;
  };
  const kind = (k: string) =>
    knowledge.entries
      .filter((e) => e.id.startsWith(`bazi:${k}:`))
      .map((e) => e.id.slice(`bazi:${k}:`.length))
      .sort();

  it('has the six clashes, six harmonies and six harms of the classical rules', () => {
    expect(kind('clash')).toEqual(pairs((i, j) => j - i === 6, B).sort());
    expect(kind('harmony')).toEqual(pairs((i, j) => (i + j) % 12 === 1, B).sort());
    expect(kind('harm')).toEqual(pairs((i, j) => (i + j) % 12 === 7, B).sort());
    expect(kind('clash')).toHaveLength(6);
    expect(kind('harmony')).toHaveLength(6);
    expect(kind('harm')).toHaveLength(6);
  });

  it('has the four frames and the four directional combinations, each keyed to its branches and element', () => {
    const ELEMENT_OF_PEAK: Record<string, string> = { zi: 'water', wu: 'fire', mao: 'wood', you: 'metal' };
    for (const peak of ['zi', 'mao', 'wu', 'you']) {
      const p = B.indexOf(peak);
      const frame = [B[(p + 8) % 12], peak, B[(p + 4) % 12]];
      const e = knowledge.byId.get(`bazi:three-harmony:${ELEMENT_OF_PEAK[peak]}`)!;
      expect(e.keys.slice(1, 4), e.id).toEqual(frame.map((b) => `bazi:branch:${b}`));
      expect(e.keys, e.id).toContain(`bazi:element:${ELEMENT_OF_PEAK[peak]}`);
    }
    const SEASON: [string, string][] = [['yin', 'wood'], ['si', 'fire'], ['shen', 'metal'], ['hai', 'water']];
    for (const [first, element] of SEASON) {
      const f = B.indexOf(first);
      const e = knowledge.byId.get(`bazi:directional:${element}`)!;
      expect(e.keys.slice(1, 4), e.id).toEqual([0, 1, 2].map((k) => `bazi:branch:${B[(f + k) % 12]}`));
    }
  });

  it('has the three punishments and the self-punishment', () => {
    for (const id of ['yin-si-shen', 'chou-xu-wei', 'zi-mao', 'self']) expect(ids().has(`bazi:punishment:${id}`), id).toBe(true);
    expect(knowledge.byId.get('bazi:punishment:self')!.keys.slice(1).sort()).toEqual(
      ['chen', 'wu', 'you', 'hai'].map((b) => `bazi:branch:${b}`).sort(),
    );
  });

  it('has the five stem combinations and the four stem clashes', () => {
    expect(kind('stem-combination')).toEqual(pairs((i, j) => j - i === 5, S).sort());
    expect(kind('stem-clash')).toEqual(pairs((i, j) => j - i === 6 && ![4, 5].includes(i), S).sort());
  });

  it('has the symbolic stars users ask about first, each tagged with its common names', () => {
    const stars = ['nobleman', 'peach-blossom', 'travelling-horse', 'academic', 'canopy', 'goat-blade', 'prosperity', 'void', 'kui-gang', 'red-phoenix', 'general'];
    for (const star of stars) {
      const e = knowledge.byId.get(`bazi:star:${star}`);
      expect(e, star).toBeDefined();
      expect(e!.tags.length, star).toBeGreaterThanOrEqual(3);
      expect(e!.title, star).toMatch(/\p{Script=Han}/u);
    }
  });
});
