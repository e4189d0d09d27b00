/**
 * The astrology knowledge base (knowledge/astrology) against the ids the engine asks for:
 * 12 signs, 10 planets, 8 points (north node, Chiron, Black Moon Lilith, Part of Fortune and the four
 * asteroids), 12 houses, 11 aspects, 4 elements, 3 qualities; every entry has domain astrology, sits
 * in the folder of its kind, links only to ids that exist, and a sign entry links its element and
 * quality as the reference table gives them (astrology-bazi-location.md A3, written out here).
 * Tooltips of a real answer resolve through the loaded base.
 *
 * The placements SAGE answers from: every planet in every sign and house (10 x 12 each), keyed to
 * their planet and sign or house; the traditional dignities they state are Ptolemy's (Tetrabiblos
 * I.17-19: domicile, exaltation and their opposites, written out here as DIGNITY), and the years
 * an outer planet's entry gives for its generation agree with astronomy-engine's positions.
 */
import { fileURLToPath } from 'node:url';
import * as Astronomy from 'astronomy-engine';
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

/** The kinds the chart tooltips use; the other entries under knowledge/astrology are for SAGE. */
const isTooltipKind = (e: KnowledgeEntry): boolean => e.id.split(':')[0]! in FOLDER;

let all: KnowledgeEntry[];
let entries: KnowledgeEntry[];
beforeAll(async () => {
  all = await loadKnowledgeDir(ROOT);
  entries = all.filter(isTooltipKind);
});

describe('knowledge/astrology', () => {
  it('has exactly the entries the engine uses', () => {
    const ids = allAstrologyKnowledgeIds();
    expect(ids).toHaveLength(12 + 10 + 8 + 12 + 11 + 4 + 3);
    expect(entries.map((e) => e.id).sort()).toEqual([...ids].sort());
  });

  it('every entry is in its folder, domain astrology, with known keys and a real body', () => {
    const ids = new Set(all.map((e) => e.id));
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

const PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'];
const SIGNS = Object.keys(SIGN_ELEMENT_QUALITY);

/**
 * Ptolemy's dignities (Tetrabiblos I.17-19) for the seven classical planets: the signs each rules
 * (domicile) and its exaltation; detriment and fall are the opposite signs. The outer planets rule
 * their modern signs (Uranus Aquarius, Neptune Pisces, Pluto Scorpio) and have no exaltation here.
 */
const DIGNITY: Record<string, { rules: string[]; exalted: string | null }> = {
  sun: { rules: ['leo'], exalted: 'aries' },
  moon: { rules: ['cancer'], exalted: 'taurus' },
  mercury: { rules: ['gemini', 'virgo'], exalted: 'virgo' },
  venus: { rules: ['taurus', 'libra'], exalted: 'pisces' },
  mars: { rules: ['aries', 'scorpio'], exalted: 'capricorn' },
  jupiter: { rules: ['sagittarius', 'pisces'], exalted: 'cancer' },
  saturn: { rules: ['capricorn', 'aquarius'], exalted: 'libra' },
  uranus: { rules: ['aquarius'], exalted: null },
  neptune: { rules: ['pisces'], exalted: null },
  pluto: { rules: ['scorpio'], exalted: null },
};
const opposite = (sign: string): string => SIGNS[(SIGNS.indexOf(sign) + 6) % 12]!;

describe('knowledge/astrology placements', () => {
  const placement = (id: string) => all.find((e) => e.id === id)!;

  it('has every planet in every sign and in every house, keyed to its parts', () => {
    const signs = all.filter((e) => e.id.startsWith('planet-in-sign:'));
    const houses = all.filter((e) => e.id.startsWith('planet-in-house:'));
    expect(signs).toHaveLength(120);
    expect(houses).toHaveLength(120);
    for (const p of PLANETS) {
      for (const s of SIGNS) {
        const e = placement(`planet-in-sign:${p}:${s}`);
        expect(e.keys, e.id).toEqual([e.id, `planet:${p}`, `sign:${s}`]);
        expect(e.title.toLowerCase(), e.id).toBe(`${p} in ${s}`);
        expect(e.file, e.id).toContain(`planets-in-signs/${p}/${s}.md`);
      }
      for (let h = 1; h <= 12; h++) {
        const e = placement(`planet-in-house:${p}:${h}`);
        expect(e.keys, e.id).toEqual([e.id, `planet:${p}`, `house:${h}`]);
        expect(e.title, e.id).toMatch(new RegExp(`^${p} in the ${h}(st|nd|rd|th) House$`, 'i'));
      }
    }
    for (const e of [...signs, ...houses]) {
      const words = e.body.split(/\s+/).length;
      expect(words, e.id).toBeGreaterThanOrEqual(15);
      expect(words, e.id).toBeLessThan(120);
    }
  });

  it('no two placements say the same sentence (each is written for its own pair)', () => {
    const seen = new Map<string, string>();
    for (const e of all.filter((x) => x.id.startsWith('planet-in-'))) {
      // The dignity and generation lines follow one pattern on purpose; the description must not.
      const description = e.body.split('\n\n')[0]!;
      for (const sentence of description.split(/(?<=\.)\s+/)) {
        const key = sentence.toLowerCase().replace(/\b(sun|moon|mercury|venus|mars|jupiter|saturn|uranus|neptune|pluto)\b/g, 'P');
        expect(seen.get(key), `${e.id} repeats ${seen.get(key)}: ${sentence}`).toBeUndefined();
        seen.set(key, e.id);
      }
    }
  });

  it("states Ptolemy's dignities exactly where they apply", () => {
    for (const p of PLANETS) {
      const { rules, exalted } = DIGNITY[p]!;
      for (const s of SIGNS) {
        const text = placement(`planet-in-sign:${p}:${s}`).body;
        const label = `${p} in ${s}`;
        expect(/rules|ruler of/.test(text) && /own sign/.test(text), label).toBe(rules.includes(s));
        expect(/\bexalted\b/.test(text), label).toBe(exalted === s);
        expect(/\bdetriment\b/.test(text), label).toBe(rules.map(opposite).includes(s));
        expect(/\bfall\b/.test(text), label).toBe(exalted !== null && opposite(exalted) === s);
      }
    }
  });

  it("gives the outer planets' generations the years astronomy-engine finds them in the sign", () => {
    const BODY = { uranus: Astronomy.Body.Uranus, neptune: Astronomy.Body.Neptune, pluto: Astronomy.Body.Pluto };
    const signAt = (p: keyof typeof BODY, year: number, month: number, day = 1): string => {
      const time = Astronomy.MakeTime(new Date(Date.UTC(year, month, day)));
      return SIGNS[Math.floor(Astronomy.Ecliptic(Astronomy.GeoVector(BODY[p], time, true)).elon / 30)]!;
    };
    let spans = 0;
    for (const p of ['uranus', 'neptune', 'pluto'] as const) {
      for (const s of SIGNS) {
        const text = placement(`planet-in-sign:${p}:${s}`).body;
        // "from 1941–42 to 1948–49": first entry and final entry, first exit and final exit
        for (const m of text.matchAll(/from (\d{4})(?:–(\d{2,4}))? to (\d{4})(?:–(\d{2,4}))?/g)) {
          const full = (a: string, b: string | undefined) => (b ? Number(a.slice(0, 4 - b.length) + b) : Number(a));
          const [enter, entered, leave, left] = [Number(m[1]), full(m[1]!, m[2]), Number(m[3]), full(m[3]!, m[4])];
          spans++;
          // Inside the stay it is in the sign; the year before it enters and the year after it has
          // left, it is not; in the first year given it is in the sign at some point.
          for (let y = entered + 1; y < leave; y++) expect(signAt(p, y, 6), `${p} ${s} ${y}`).toBe(s);
          expect(signAt(p, enter - 1, 6), `${p} ${s} before ${enter}`).not.toBe(s);
          expect(signAt(p, left + 1, 6), `${p} ${s} after ${left}`).not.toBe(s);
          const days = Array.from({ length: 73 }, (_, i) => signAt(p, enter, 0, 1 + i * 5));
          expect(days, `${p} ${s} enters in ${enter}`).toContain(s);
        }
      }
    }
    expect(spans).toBeGreaterThanOrEqual(36);
  });
});
