import type { KnowledgeDomain } from '../knowledge/index.js';
import { words } from './text.js';
import { tokenize } from './tokens.js';

/**
 * Which system a question is about, from its own words. Naming a system decides outright; otherwise
 * each system's own vocabulary scores (a word used by two systems, such as "transit", counts for
 * neither). A question with no telling word, or a tie, gets `null`: the caller then lets retrieval
 * pick the best-matching domain.
 */

/** Phrases that name a system. */
const SYSTEM_NAMES: Record<KnowledgeDomain, readonly string[]> = {
  hd: ['human design', 'bodygraph', 'body graph', 'rave chart', 'hd', '人类图'],
  astrology: [
    'astrology',
    'astrological',
    'horoscope',
    'zodiac sign',
    'western astrology',
    'natal chart',
    'star sign',
    '占星',
    '星座',
  ],
  bazi: [
    'bazi',
    'ba zi',
    'four pillars',
    'saju',
    'chinese astrology',
    'eight characters',
    'day master',
    '八字',
    '四柱',
  ],
};

/** Words only one system uses, with a weight for how telling they are. */
const VOCABULARY: Record<KnowledgeDomain, Readonly<Record<string, number>>> = {
  hd: weights({
    3: 'ajna sacral splenic bodygraph electromagnetic companionship projector manifestor reflector generator generators projectors manifestors reflectors',
    2:
      'gate gates channel channels center centers centre centres authority strategy profile incarnation ' +
      'definition hanging circuit circuits investigator hermit martyr opportunist heretic ' +
      'plexus spleen throat ego variables arrows phs juxtaposition',
    1: 'open undefined defined split type types cross line lines role model design personality conditioning',
  }),
  astrology: weights({
    3:
      'ascendant midheaven retrograde trine sextile quincunx conjunction opposition aries taurus gemini ' +
      'cancer leo virgo libra scorpio sagittarius capricorn aquarius pisces placidus natal horoscope',
    2:
      'house houses aspect aspects orb orbs mercury venus mars jupiter saturn uranus neptune pluto chiron ' +
      'rising eclipse eclipses lunation cusp return returns station stations',
    1: 'sign signs square planet planets moon sun phase quintile lilith nodes node',
  }),
  bazi: weights({
    3:
      'bazi pillar pillars stem stems branch branches jia bing geng xin ren gui chou mao chen shen xu zi ' +
      'lichun dayun',
    2:
      'metal wood yin yang hidden officer killings wealth resource rob eating hurting luck chinese rat ox ' +
      'tiger rabbit dragon snake horse goat monkey rooster dog pig clash',
    1: 'element elements ten gods god useful favourable favorable',
  }),
};

function weights(table: Record<number, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [weight, list] of Object.entries(table))
    for (const w of list.split(' ')) out[w] = Number(weight);
  return out;
}

const DOMAINS: readonly KnowledgeDomain[] = ['hd', 'astrology', 'bazi'];

export interface DomainScores {
  /** The decided domain, or null when the words do not tell. */
  domain: KnowledgeDomain | null;
  scores: Record<KnowledgeDomain, number>;
}

/** Identifier tokens that belong to one system (gate:41 is Human Design, house:7 astrology). */
const IDENTIFIER_DOMAIN: Readonly<Record<string, KnowledgeDomain>> = {
  gate: 'hd',
  channel: 'hd',
  profile: 'hd',
  line: 'hd',
  house: 'astrology',
};

const names = (text: string, name: string): boolean =>
  /\p{Script=Han}/u.test(name) ? text.includes(name) : text.includes(` ${name} `);

export function classifyDomain(question: string): DomainScores {
  // "Chinese astrology" names BaZi, not Western astrology.
  const text = ` ${words(question).join(' ')} `.replace(/ chinese astrology /g, ' bazi ');
  const scores: Record<KnowledgeDomain, number> = { hd: 0, astrology: 0, bazi: 0 };
  const named = DOMAINS.filter((d) => SYSTEM_NAMES[d].some((name) => names(text, name)));
  for (const w of words(question)) for (const d of DOMAINS) scores[d] += VOCABULARY[d][w] ?? 0;
  for (const t of tokenize(question)) {
    const d = IDENTIFIER_DOMAIN[t.split(':')[0]!];
    if (d && t.includes(':')) scores[d] += 3;
  }
  if (named.length === 1) {
    scores[named[0]!] += 100;
    return { domain: named[0]!, scores };
  }
  for (const d of named) scores[d] += 100;
  const best = Math.max(...DOMAINS.map((d) => scores[d]));
  const leaders = DOMAINS.filter((d) => scores[d] === best);
  return { domain: best > 0 && leaders.length === 1 ? leaders[0]! : null, scores };
}

/** Phrases that only say which system is meant; once the domain is known they carry no topic. */
const SYSTEM_ONLY =
  /\b(human design|western astrology|chinese astrology|astrology|astrological|astrologers?|ba ?zi|hd)\b|人类图|八字/gi;

/**
 * The question without the words that only name the system ("in Human Design"), for ranking; empty
 * when nothing else is left ("hd", "astrology?").
 */
export const topicOf = (question: string): string =>
  question.replace(SYSTEM_ONLY, ' ').replace(/\s+/g, ' ').trim();

/**
 * How much each system should be favoured in the ranking, from 0 to 1: a named system 1 (two named
 * systems 1 each), otherwise each system's share of the telling words. Soft: the search always runs
 * across all three systems, so a wrong guess can still be outranked by a better passage.
 */
export function domainPrior(question: string): Record<KnowledgeDomain, number> {
  const { scores } = classifyDomain(question);
  const named = DOMAINS.filter((d) => scores[d] >= 100);
  if (named.length)
    return {
      hd: named.includes('hd') ? 1 : 0,
      astrology: named.includes('astrology') ? 1 : 0,
      bazi: named.includes('bazi') ? 1 : 0,
    };
  const total = DOMAINS.reduce((sum, d) => sum + scores[d], 0);
  if (total === 0) return { hd: 0, astrology: 0, bazi: 0 };
  return { hd: scores.hd / total, astrology: scores.astrology / total, bazi: scores.bazi / total };
}

/** The systems a question names outright ("Saturn return in Human Design vs astrology"). */
export const namedSystems = (question: string): KnowledgeDomain[] => {
  const { scores } = classifyDomain(question);
  return DOMAINS.filter((d) => scores[d] >= 100);
};
