/**
 * SAGE's in-memory catalog over the bundled knowledge base, built from the same chunks the loader
 * stores (no database): the named-entry lexicon maps what a question names to the entry of that
 * name, typos are corrected towards the base's own names and only those, and sentences that sibling
 * entries share word for word are known as such.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalog, type Catalog, chunkEntry, tokenize } from '../../../src/core/sage/index.js';
import { sharedKnowledge } from '../../helpers/shared.js';

let catalog: Catalog;
beforeAll(async () => {
  const knowledge = await sharedKnowledge();
  const chunks = knowledge.entries.flatMap(chunkEntry).map((c, i) => ({ ...c, id: i + 1 }));
  catalog = buildCatalog(chunks);
});

const named = (question: string) =>
  catalog.lexicon.match(new Set(tokenize(question, { correct: catalog.correct })));
const first = (question: string) => named(question)[0]?.id;

describe('SAGE named entries', () => {
  it('names the entry a question names, identifiers first whatever else mentions them', () => {
    expect(first("What's a 4/1 profile?")).toBe('profile:4-1');
    expect(first('1/4')).toBe('profile:1-4');
    expect(first('whats channel 34-20')).toBe('channel:20-34');
    expect(first('what does gate 34 do')).toBe('gate:34');
    expect(first('the seventh house')).toBe('house:7');
  });

  it('names the combination above its parts: Mars in the 7th, Venus in Taurus', () => {
    expect(
      named('Mars in the 7th')
        .map((n) => n.id)
        .slice(0, 3),
    ).toEqual(['planet-in-house:mars:7', 'house:7', 'planet:mars']);
    expect(first('Venus in Taurus')).toBe('planet-in-sign:venus:taurus');
    expect(first('火星在白羊座')).toBe('planet-in-sign:mars:aries');
  });

  it('knows the names users type: tags, Chinese, pinyin', () => {
    expect(first('what is an MG')).toBe('type:manifesting-generator');
    expect(first('七杀')).toBe('bazi:ten-god:seven-killings');
    expect(first('qi sha')).toBe('bazi:ten-god:seven-killings');
    expect(first('rat horse clash')).toBe('bazi:clash:zi-wu');
    expect(first('子午冲')).toBe('bazi:clash:zi-wu');
    expect(first('庚金')).toBe('bazi:stem:geng');
    expect(first('peach blossom')).toBe('bazi:star:peach-blossom');
  });

  it('does not name a relation by its branches alone, nor an entry by a common word', () => {
    expect(named('snake and monkey').map((n) => n.id)).not.toContain('bazi:harmony:si-shen');
    expect(named('what is a chart')).toEqual([]);
  });

  it('prefers an entry to an article that only lists it among its topics', () => {
    expect(first('eating god')).toBe('bazi:ten-god:eating-god');
    expect(first('what does a trine between planets do')).toBe('aspect:trine');
  });
});

describe('SAGE typo correction', () => {
  it("corrects misspelt names towards the base's own names", () => {
    expect(catalog.correct('sagitarius')).toBe('sagittarius');
    expect(catalog.correct('capricon')).toBe('capricorn');
    expect(catalog.correct('retrogade')).toBe('retrograde');
    expect(catalog.correct('emotinal')).toBe('emotional');
    expect(catalog.correct('tarus')).toBe('taurus');
  });

  // Regression: "projecter" became "projected" (an authority's title word) instead of Projector.
  it("prefers an entry's own name between equally close words", () => {
    expect(catalog.correct('projecter')).toBe('projector');
  });

  // Regression: "leaking roof" became "leading" (Gate 31) and "power plant" became "planet".
  it('leaves real words alone: short stems, short words, words it knows', () => {
    expect(catalog.correct('leaking')).toBe('leaking');
    expect(catalog.correct('plant')).toBe('plant');
    expect(catalog.correct('paris')).toBe('paris');
    expect(catalog.correct('bread')).toBe('bread');
    expect(catalog.correct('generator')).toBe('generator');
  });
});

describe('SAGE shared sentences', () => {
  it('knows the framing sentences sibling entries share', () => {
    expect(catalog.isShared('The ten heavenly stems are the upper half of each pillar.')).toBe(true);
    expect(
      catalog.isShared(
        "In this service an aspect's angle is the actual arc between the two bodies, and its orb is how far that arc is from the exact aspect.",
      ),
    ).toBe(true);
    expect(
      catalog.isShared(
        'An element that controls the day master, with the same polarity: pressure without mercy.',
      ),
    ).toBe(false);
  });

  it('weighs a rare token above a common one and an unknown one most', () => {
    expect(catalog.weight('ajna')).toBeGreaterThan(catalog.weight('center'));
    expect(catalog.weight('sourdough')).toBe(catalog.unknownWeight);
    expect(catalog.weight('庚')).toBeLessThan(1);
  });
});
