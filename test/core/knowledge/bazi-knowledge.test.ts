/**
 * The BaZi knowledge base under knowledge/bazi: one entry per stem, branch, ten god (and the day
 * master), na yin pair and element, exactly the ids the tooltips use, each in domain bazi and naming
 * its own Chinese characters in the title (tables of reference astrology-bazi-location.md C2).
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BAZI_KNOWLEDGE_IDS,
  baziTooltips,
  computeBazi,
  NA_YIN,
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
    const entries = await loadKnowledgeDir(`${ROOT}/bazi`);
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
