/**
 * SAGE's tokenizer: the identifiers people ask about become tokens of their own, the same for a
 * question and for the stored text (issue: "What's a 4/1 profile?" was answered with Profile 1/4
 * because PostgreSQL's parser stored "6/2" as one token and "20-34" as "20" and "-34"). Expected
 * tokens follow the Human Design and astrology notations in reference/human-design.md (profile
 * Personality line / Design line, channel gate-gate) and the pinyin syllable table of the Chinese
 * standard (GB/T 16159).
 */
import { describe, expect, it } from 'vitest';
import { normalize, tokenize } from '../../../src/core/sage/index.js';
import { anyTokenQuery, tsvectorLiteral } from '../../../src/store/index.js';

const ids = (text: string) => tokenize(text).filter((t) => t.includes(':'));

describe('SAGE tokenizer', () => {
  it('keeps profiles in order and channels either way round (regression: 4/1 answered with 1/4)', () => {
    expect(ids("What's a 4/1 profile?")).toEqual(['profile:4-1']);
    expect(ids('1/4')).toEqual(['profile:1-4']);
    expect(ids('I am a 41 profile')).toEqual(['profile:4-1']);
    expect(ids('profile 6-2')).toEqual(['profile:6-2']);
    expect(ids('Profile 4/1 — Opportunist / Investigator')).toEqual(['profile:4-1']);
    expect(ids('the 20-34 channel')).toEqual(['channel:20-34']);
    expect(ids('channel 34/20')).toEqual(['channel:20-34']);
    expect(ids('the channel between 59 and 6')).toEqual(['channel:6-59']);
    expect(ids('Channel 20-34 — Charisma')).toEqual(ids('what is 34-20'));
  });

  it('reads gates, lines and houses from numbers, ordinals and words', () => {
    expect(ids('gate 41')).toEqual(['gate:41']);
    expect(ids('gate ten')).toEqual(['gate:10']);
    expect(ids('gate 41.3')).toEqual(['gate:41', 'line:3']);
    expect(ids('the 4th line')).toEqual(['line:4']);
    for (const q of ['7th house', 'seventh house', 'house 7', 'the Seventh House', 'Mars in the 7th'])
      expect(ids(q), q).toEqual(['house:7']);
    expect(ids('Mars in the 7th and 8th houses')).toEqual(['house:7', 'house:8']);
    // Not a house: a count of houses, an ordinal with nothing astrological beside it, a date.
    expect(ids('The Twelve Houses')).toEqual([]);
    expect(ids('my first job')).toEqual([]);
    expect(ids('born 1990-06-15')).toEqual([]);
  });

  it('reads Chinese per character and by known terms, traditional as simplified', () => {
    expect(tokenize('庚金')).toEqual(['庚', '金', 'geng', 'metal']);
    const killings = tokenize('七殺是什麼');
    expect(killings).toEqual(expect.arrayContaining(['七', '杀', '七杀', 'seven', 'kill']));
    expect(killings).not.toContain('是');
    expect(tokenize('火星在白羊座')).toEqual(expect.arrayContaining(['火星', '白羊座', 'mars', 'aries']));
  });

  it('reads pinyin with tone marks or tone numbers as plain pinyin', () => {
    expect(tokenize('gēng jīn')).toEqual(['geng', 'metal']);
    expect(tokenize('geng1 metal')).toEqual(['geng', 'metal']);
    expect(tokenize('ding1 fire')).toEqual(['ding', 'fire']);
    // A word with a number that is no pinyin keeps it.
    expect(tokenize('gate1')).toEqual(['gate1']);
  });

  it('folds width, case, accents and spelling variants; stems plurals and verb forms alike', () => {
    expect(ids('１／４ profile')).toEqual(['profile:1-4']);
    expect(normalize('Émotional ÅJNA')).toBe('emotional ajna');
    expect(tokenize('open G centre')).toEqual(['open', 'g', 'center']);
    expect(tokenize('Seven Killings')).toEqual(tokenize('seven killing'));
    expect(tokenize('frustrated')).toEqual(tokenize('frustration'));
    expect(tokenize('defined')).toEqual(tokenize('define'));
    expect(tokenize('Aries Pisces Sagittarius')).toEqual(['aries', 'pisces', 'sagittarius']);
    expect(tokenize('undefined sacral')).toEqual(tokenize('open sacral'));
  });

  it('reads a clock time as one token, not two numbers', () => {
    expect(tokenize('born at 11:30 pm')).toEqual(['born', 'time:clock']);
    expect(tokenize('from 23:00 to 00:59')).toEqual(['time:clock', 'time:clock']);
  });

  it('passes words it does not know to the typo corrector, and only those', () => {
    const seen: string[] = [];
    const correct = (w: string) => (seen.push(w), w === 'sagitarius' ? 'sagittarius' : w);
    expect(tokenize('sagitarius traits in a 4/1', { correct })).toEqual([
      'sagittarius',
      'trait',
      '4',
      '1',
      'profile:4-1',
    ]);
    expect(seen).toEqual(['sagitarius', 'traits']);
  });

  it('stores exactly these tokens: the tsvector and tsquery literals are cast, not parsed', () => {
    expect(tsvectorLiteral({ A: ['profile:4-1', 'profil'], B: ['geng'], C: ['profil', "o'neil"] })).toBe(
      "'profile:4-1':1A 'profil':2A,4C 'geng':3B 'o''neil':5C",
    );
    expect(anyTokenQuery(['profile:4-1', '庚', 'profile:4-1'])).toBe("'profile:4-1' | '庚'");
  });
});
