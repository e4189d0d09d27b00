/**
 * The astrology knowledge base (knowledge/astrology) against the ids the engine asks for:
 * 12 signs, 10 planets, 8 points (north node, Chiron, Black Moon Lilith, Part of Fortune and the four
 * asteroids), 12 houses, 11 aspects, 4 elements, 3 qualities; every entry has domain astrology, sits
 * in the folder of its kind, links only to ids that exist, and a sign entry links its element and
 * quality as the reference table gives them (astrology-bazi-location.md A3, written out here).
 * Tooltips of a real answer resolve through the loaded base.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  allAstrologyKnowledgeIds,
  astrologyBirth,
  astrologyData,
} from '../../../src/core/astrology/index.js';
import { indexKnowledge, type KnowledgeEntry, loadKnowledgeDir } from '../../../src/core/knowledge/index.js';
import { sharedCities, sharedEphemeris } from '../../helpers/shared.js';

const ROOT = fileURLToPath(new URL('../../../knowledge/astrology', import.meta.url));
const FOLDER = {
  sign: 'signs',
  planet: 'planets',
  point: 'points',
  house: 'houses',
  aspect: 'aspects',
  element: 'elements',
  quality: 'qualities',
};
const SIGN_ELEMENT_QUALITY: Record<string, [string, string]> = {
  aries: ['fire', 'cardinal'],
  taurus: ['earth', 'fixed'],
  gemini: ['air', 'mutable'],
  cancer: ['water', 'cardinal'],
  leo: ['fire', 'fixed'],
  virgo: ['earth', 'mutable'],
  libra: ['air', 'cardinal'],
  scorpio: ['water', 'fixed'],
  sagittarius: ['fire', 'mutable'],
  capricorn: ['earth', 'cardinal'],
  aquarius: ['air', 'fixed'],
  pisces: ['water', 'mutable'],
};

let entries: KnowledgeEntry[];
beforeAll(async () => {
  entries = await loadKnowledgeDir(ROOT);
});

describe('knowledge/astrology', () => {
  it('has exactly the entries the engine uses', () => {
    const ids = allAstrologyKnowledgeIds();
    expect(ids).toHaveLength(12 + 10 + 8 + 12 + 11 + 4 + 3);
    expect(entries.map((e) => e.id).sort()).toEqual([...ids].sort());
  });

  it('every entry is in its folder, domain astrology, with known keys and a real body', () => {
    const ids = new Set(entries.map((e) => e.id));
    for (const e of entries) {
      const kind = e.id.split(':')[0] as keyof typeof FOLDER;
      expect(e.file, e.id).toContain(`${FOLDER[kind]}/`);
      expect(e.domain).toBe('astrology');
      expect(e.keys[0]).toBe(e.id);
      for (const k of e.keys) expect(ids.has(k), `${e.id} -> ${k}`).toBe(true);
      const words = e.body.split(/\s+/).length;
      expect(words, e.id).toBeGreaterThan(25);
      expect(words, e.id).toBeLessThan(200);
    }
  });

  it('signs link their element and quality', () => {
    for (const [sign, [element, quality]] of Object.entries(SIGN_ELEMENT_QUALITY)) {
      const e = entries.find((x) => x.id === `sign:${sign}`)!;
      expect(e.keys).toEqual(expect.arrayContaining([`element:${element}`, `quality:${quality}`]));
    }
  });

  it('tooltips of an answer come from these entries', async () => {
    const birth = astrologyBirth(
      { cities: await sharedCities(), ephemeris: sharedEphemeris() },
      { birthDate: '1990-06-15', birthTime: '14:30', latitude: 48.85, longitude: 2.35 },
    );
    const knowledge = indexKnowledge(entries);
    const { tooltips } = astrologyData(knowledge, birth, true);
    expect(Object.keys(tooltips)).toEqual(['signs', 'planets', 'points', 'houses', 'aspects', 'elements', 'qualities']);
    expect(tooltips.planets?.Sun?.id).toBe('planet:sun');
    expect(tooltips.points?.['Black Moon Lilith']?.id).toBe('point:black-moon-lilith');
    expect(tooltips.houses?.['10']?.title).toBe('Tenth House');
    expect(tooltips.signs?.Gemini?.id).toBe('sign:gemini'); // the Sun is in Gemini
    expect(Object.keys(tooltips.aspects ?? {})).toContain('square'); // the two Suns always square
    expect(astrologyData(knowledge, birth, false).tooltips).toEqual({});
  });
});
