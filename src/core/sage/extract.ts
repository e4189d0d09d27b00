import { terms } from './text.js';

/** A retrieved passage, as the answer composer needs it. */
export interface Passage {
  entryId: string;
  title: string;
  heading: string;
  body: string;
}

/** Longest main answer, in words: a paragraph a person reads, not the whole article. */
const MAIN_WORDS = 110;
/** Shortest main answer, in words, when the passage has more to say. */
const MIN_WORDS = 40;

/** Sentences and list items of a passage, in order, Markdown emphasis kept. */
function units(body: string): string[] {
  const out: string[] = [];
  for (const block of body.split(/\n\s*\n/)) {
    const lines = block.split('\n').map((l) => l.trim());
    if (lines.every((l) => /^([-*]|\d+\.)\s/.test(l) || l === '')) {
      out.push(...lines.filter(Boolean));
      continue;
    }
    const text = lines.join(' ');
    // Split after . ! ? followed by a capital, keeping abbreviations like "e.g." together.
    out.push(...text.split(/(?<=[.!?])\s+(?=[A-Z*"(])/).filter(Boolean));
  }
  return out;
}

const wordCount = (s: string): number => s.split(/\s+/).filter(Boolean).length;

/** Question terms weighted by rarity among the candidate passages: "geng" outweighs "day master". */
type Weights = ReadonlyMap<string, number>;

function termWeights(query: readonly string[], passages: readonly Passage[]): Weights {
  const sets = passages.map((p) => new Set(terms(`${p.title} ${p.heading} ${p.body}`)));
  return new Map(
    query.map((t) => [t, Math.log(1 + (sets.length + 1) / (1 + sets.filter((s) => s.has(t)).length))]),
  );
}

/** The summed weight of the question terms a sentence contains (each term once). */
function overlap(sentence: string, weights: Weights): number {
  let score = 0;
  for (const t of new Set(terms(sentence))) score += weights.get(t) ?? 0;
  return score;
}

interface Sentence {
  text: string;
  /** Order in the entry: passage ordinal, then sentence index. */
  order: number;
  score: number;
}

/** The best sentences within a word budget, returned in reading order. */
function pick(sentences: readonly Sentence[], budget: number): Sentence[] {
  const chosen: Sentence[] = [];
  let used = 0;
  const ranked = [...sentences].sort((a, b) => b.score - a.score || a.order - b.order);
  // Sentences far weaker than the best one are filler, not answer.
  const floor = Math.max(0.2, (ranked[0]?.score ?? 0) / 2);
  for (const s of ranked) {
    const n = wordCount(s.text);
    if (chosen.length > 0 && (used + n > budget || s.score < floor)) continue;
    chosen.push(s);
    used += n;
  }
  return chosen.sort((a, b) => a.order - b.order);
}

function sentencesOf(passage: Passage, rank: number, weights: Weights): Sentence[] {
  // A sentence under a heading that matches the question ("Outer planets") shares its match; the
  // passage's lead sentence gets a small bonus so the answer opens with its framing.
  const heading = overlap(passage.heading, weights) / 2;
  return units(passage.body).map((text, i) => ({
    text,
    order: rank * 1000 + i,
    score: overlap(text, weights) + heading + (i === 0 ? 0.1 : 0),
  }));
}

/**
 * The entry to answer from, among the first three retrieved: the one whose title, heading and text
 * best match the question's rarer terms, with a small bonus for rank (retrieval knows the topic,
 * the terms know the detail: "seventh house" is answered by the Seventh House entry).
 */
function mainEntry(passages: readonly Passage[], weights: Weights): string {
  const candidates = [...new Set(passages.map((p) => p.entryId))].slice(0, 3);
  let best = candidates[0]!;
  let bestScore = -1;
  candidates.forEach((id, i) => {
    const score =
      Math.max(
        ...passages
          .filter((p) => p.entryId === id)
          .map((p) => overlap(`${p.title} ${p.heading}`, weights) + overlap(p.body, weights) / 2),
      ) +
      1 / (i + 1);
    if (score > bestScore) {
      best = id;
      bestScore = score;
    }
  });
  return best;
}

const nameOf = (p: Passage): string => (p.heading ? `${p.title} — ${p.heading}` : p.title);

/** Lines of list items stay a list; sentences join into a paragraph. */
function paragraph(sentences: readonly string[]): string {
  const out: string[] = [];
  let prose: string[] = [];
  const flush = () => {
    if (prose.length) out.push(prose.join(' '));
    prose = [];
  };
  for (const s of sentences) {
    if (/^([-*]|\d+\.)\s/.test(s)) {
      flush();
      out.push(s);
    } else prose.push(s);
  }
  flush();
  // A list needs a blank line before and after it to render as one.
  return out
    .map((block, i) =>
      i > 0 && /^([-*]|\d+\.)\s/.test(block) !== /^([-*]|\d+\.)\s/.test(out[i - 1]!) ? `\n${block}` : block,
    )
    .join('\n');
}

/**
 * A grounded answer without a language model: the most relevant sentences of the best-ranked entry
 * (across its retrieved sections) under its title, then one line from each of up to two other
 * entries for context. Every sentence is taken from the knowledge base as written.
 */
export function extractiveAnswer(question: string, passages: readonly Passage[]): string {
  const first = passages[0];
  if (!first) {
    return 'The knowledge base has no passage about this question yet. Try naming the system (Human Design, astrology or BaZi) and the term you are asking about.';
  }
  const weights = termWeights(terms(question), passages);
  const mainId = mainEntry(passages, weights);
  const lead = passages.find((p) => p.entryId === mainId) ?? first;
  const own = passages
    .map((p, rank) => ({ p, rank }))
    .filter(({ p }) => p.entryId === mainId)
    .sort((a, b) => a.rank - b.rank);
  const chosen = pick(
    own.flatMap(({ p, rank }) => sentencesOf(p, rank, weights)),
    MAIN_WORDS,
  );
  // One short matching sentence says too little: continue with what follows it in its passage.
  const firstChosen = chosen[0];
  if (firstChosen && chosen.reduce((n, c) => n + wordCount(c.text), 0) < MIN_WORDS) {
    const { p, rank } = own.find((o) => o.rank === Math.floor(firstChosen.order / 1000))!;
    for (const next of sentencesOf(p, rank, weights)) {
      if (next.order <= firstChosen.order || chosen.some((c) => c.order === next.order)) continue;
      chosen.push(next);
      if (chosen.reduce((n, c) => n + wordCount(c.text), 0) >= MIN_WORDS) break;
    }
    chosen.sort((a, b) => a.order - b.order);
  }
  const main = paragraph(chosen.map((c) => c.text));

  const related: string[] = [];
  const seen = new Set([mainId]);
  for (const [rank, p] of passages.entries()) {
    if (related.length === 2) break;
    if (seen.has(p.entryId)) continue;
    seen.add(p.entryId);
    const [line] = pick(sentencesOf(p, rank, weights), 0).filter((s) => s.score >= 1);
    if (line) related.push(`- **${nameOf(p)}**: ${line.text.replace(/^([-*]|\d+\.)\s+/, '')}`);
  }
  const seeAlso = related.length ? `\n\n**Related**\n${related.join('\n')}` : '';
  return `### ${lead.title}\n\n${main}${seeAlso}`;
}
