import { LIST_ITEM, sentences } from './sentences.js';
import { tokenize } from './tokens.js';

/** A retrieved passage, as the answer composer needs it. */
export interface Passage {
  entryId: string;
  title: string;
  heading: string;
  body: string;
}

/** What the extractive answer is composed from (see sage/retrieval.ts). */
export interface AnswerPlan {
  /** The question's tokens, typos corrected. */
  tokens: readonly string[];
  /** Passages grouped by entry, the best entry first, each entry's introduction before its sections. */
  passages: readonly Passage[];
  /** Entries the question names, best first ("Mars in the 7th" names Mars and the Seventh House too). */
  named: readonly string[];
  /** An entry from a second system the question names, answered under its own heading. */
  alsoFrom?: string | null;
  /** Whether sibling entries share the sentence word for word (it says nothing about this one). */
  isShared(sentence: string): boolean;
}

/** Longest main answer, in words: a paragraph a person reads, not the whole article. */
const MAIN_WORDS = 110;
/** Shortest main answer, in words, when the passage has more to say. */
const MIN_WORDS = 40;
/** The second system's part of a two-system answer. */
const SECOND_WORDS = 70;
/** Related lines under the answer. */
const RELATED = 2;

const wordCount = (s: string): number => s.split(/\s+/).filter(Boolean).length;

/** Question tokens weighted by rarity among the passages: "geng" outweighs "day master". */
type Weights = ReadonlyMap<string, number>;

function termWeights(query: readonly string[], passages: readonly Passage[]): Weights {
  const sets = passages.map((p) => new Set(tokenize(`${p.title} ${p.heading} ${p.body}`)));
  return new Map(
    query.map((t) => [t, Math.log(1 + (sets.length + 1) / (1 + sets.filter((s) => s.has(t)).length))]),
  );
}

/** The summed weight of the question tokens a text contains (each once). */
function overlap(text: string, weights: Weights): number {
  let score = 0;
  for (const t of new Set(tokenize(text))) score += weights.get(t) ?? 0;
  return score;
}

interface Unit {
  text: string;
  /** Reading order within the entry: passage, then sentence. */
  order: number;
  score: number;
  /** The first sentence of the entry's introduction: what the entry is. */
  lead: boolean;
}

/** An entry's sentences and list items in reading order, without those its siblings share. */
function unitsOf(own: readonly Passage[], weights: Weights, isShared: AnswerPlan['isShared']): Unit[] {
  const out: Unit[] = [];
  own.forEach((p, pi) => {
    // A sentence under a heading that matches the question ("Open") shares the heading's match.
    const heading = overlap(p.heading, weights) / 2;
    sentences(p.body).forEach((text, i) => {
      if (isShared(text)) return;
      out.push({ text, order: pi * 1000 + i, score: overlap(text, weights) + heading, lead: false });
    });
  });
  const first = out[0];
  if (first && first.order < 1000 && !own[0]!.heading) first.lead = true;
  return out;
}

/**
 * The definition first, then the sentences that match the question best, within `budget` words and
 * in reading order; a short pick continues with what follows in the same passage.
 */
function pick(units: readonly Unit[], budget: number, minimum: number): Unit[] {
  const chosen: Unit[] = units.filter((u) => u.lead);
  let used = chosen.reduce((n, u) => n + wordCount(u.text), 0);
  const ranked = units.filter((u) => !u.lead).sort((a, b) => b.score - a.score || a.order - b.order);
  // Sentences far weaker than the best one are filler, not answer.
  const floor = Math.max(0.2, (ranked[0]?.score ?? 0) / 2);
  for (const u of ranked) {
    const n = wordCount(u.text);
    if (chosen.length > 0 && (used + n > budget || u.score < floor)) continue;
    chosen.push(u);
    used += n;
  }
  // Too short to say much: go on reading the entry from its start.
  for (const u of units) {
    if (used >= minimum) break;
    if (chosen.includes(u) || used + wordCount(u.text) > budget) continue;
    chosen.push(u);
    used += wordCount(u.text);
  }
  return chosen.sort((a, b) => a.order - b.order);
}

/** Lines of list items stay a list; sentences join into a paragraph. */
function paragraph(units: readonly string[]): string {
  const out: string[] = [];
  let prose: string[] = [];
  const flush = () => {
    if (prose.length) out.push(prose.join(' '));
    prose = [];
  };
  for (const s of units) {
    if (LIST_ITEM.test(s)) {
      flush();
      out.push(s);
    } else prose.push(s);
  }
  flush();
  // A list needs a blank line before and after it to render as one.
  return out
    .map((block, i) =>
      i > 0 && LIST_ITEM.test(block) !== LIST_ITEM.test(out[i - 1]!) ? `\n${block}` : block,
    )
    .join('\n');
}

/** `profile:4-1` -> `profile`, `planet-in-house:mars:7` -> `planet-in-house:mars`: what siblings share. */
const kindOf = (id: string): string => id.slice(0, id.lastIndexOf(':'));

/**
 * One line about a related entry: its definition when the question names it, else its sentence that
 * matches the question best, if that holds at least half of the question's weight.
 */
function relatedLine(
  own: readonly Passage[],
  named: boolean,
  weights: Weights,
  plan: AnswerPlan,
): string | null {
  const units = unitsOf(own, weights, plan.isShared).filter((u) => !u.text.endsWith(':'));
  const enough = Math.max(1, [...weights.values()].reduce((a, b) => a + b, 0) / 2);
  const best = named
    ? (units.find((u) => u.lead) ?? units[0])
    : units.filter((u) => u.score >= enough).sort((a, b) => b.score - a.score || a.order - b.order)[0];
  if (!best) return null;
  const p = own[Math.floor(best.order / 1000)]!;
  const name = p.heading && !named ? `${p.title} — ${p.heading}` : p.title;
  return `- **${name}**: ${best.text.replace(LIST_ITEM, '')}`;
}

/**
 * A grounded answer without a language model, every sentence taken from the knowledge base as
 * written: the best entry's definition and the sentences that answer the question (never a sentence
 * its sibling entries share), lists kept as lists; when the question names a second system, that
 * system's entry under its own heading; then up to two related lines, from the other entries the
 * question names (Mars and the Seventh House beside Mars in the 7th House) or that match it, never a
 * sibling of the answer the question did not ask about (Profile 1/4 under a 4/1 question).
 */
export function extractiveAnswer(plan: AnswerPlan): string {
  const { passages } = plan;
  const first = passages[0];
  if (!first) return '';
  const weights = termWeights(plan.tokens, passages);
  const byEntry = new Map<string, Passage[]>();
  for (const p of passages) byEntry.set(p.entryId, [...(byEntry.get(p.entryId) ?? []), p]);
  const section = (id: string, budget: number, minimum: number) => {
    const own = byEntry.get(id)!;
    return `### ${own[0]!.title}\n\n${paragraph(pick(unitsOf(own, weights, plan.isShared), budget, minimum).map((u) => u.text))}`;
  };

  const mainId = first.entryId;
  const parts = [section(mainId, MAIN_WORDS, MIN_WORDS)];
  const shown = new Set([mainId]);
  if (plan.alsoFrom && byEntry.has(plan.alsoFrom) && plan.alsoFrom !== mainId) {
    parts.push(section(plan.alsoFrom, SECOND_WORDS, 0));
    shown.add(plan.alsoFrom);
  }

  const named = new Set(plan.named);
  // Siblings of what the question asks about (Profile 1/4 beside 4/1, Mars beside a Mercury question).
  const asked = new Set([mainId, ...plan.named].map(kindOf));
  const candidates = [...plan.named.filter((id) => byEntry.has(id)), ...byEntry.keys()];
  const related: string[] = [];
  for (const id of candidates) {
    if (related.length === RELATED) break;
    if (shown.has(id)) continue;
    shown.add(id);
    if (!named.has(id) && asked.has(kindOf(id))) continue;
    const line = relatedLine(byEntry.get(id)!, named.has(id), weights, plan);
    if (line) related.push(line);
  }
  if (related.length) parts.push(`**Related**\n${related.join('\n')}`);
  return parts.join('\n\n');
}
