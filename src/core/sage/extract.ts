import { LIST_ITEM, sentences } from './sentences.js';
import { tokenize } from './tokens.js';

/** A retrieved passage, as the answer composer needs it. */
export interface Passage {
  entryId: string;
  title: string;
  heading: string;
  body: string;
  /** Position within the entry (0 = introduction), so an answer keeps the entry's reading order. */
  ordinal?: number;
  /** The system the entry belongs to: related lines stay in the answer's systems. */
  domain?: string;
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
/** Related lines under the answer, and the words a related line's definition runs to. */
const RELATED = 2;
const RELATED_WORDS = 15;

/** Sentences that lean on the one before ("It stations retrograde", "So the four branches are ..."). */
const LEANS_BACK =
  /^(?:\*\*)?(?:but|and|so|thus|this|these|that|those|it|its|they|their|them|such|also|however|here|there)\b/i;

const wordCount = (s: string): number => s.split(/\s+/).filter(Boolean).length;

/** Question tokens weighted by rarity among the passages: "geng" outweighs "day master". */
type Weights = ReadonlyMap<string, number>;

function termWeights(query: readonly string[], passages: readonly Passage[]): Weights {
  const sets = passages.map((p) => new Set(tokenize(`${p.title} ${p.heading} ${p.body}`)));
  return new Map(
    query.map((t) => [t, Math.log(1 + (sets.length + 1) / (1 + sets.filter((s) => s.has(t)).length))]),
  );
}

/** The summed weight of the question tokens a text contains (each once), and how many it has. */
function overlap(text: string | readonly string[], weights: Weights): { score: number; hits: number } {
  let score = 0;
  let hits = 0;
  for (const t of new Set(typeof text === 'string' ? tokenize(text) : text)) {
    const w = weights.get(t);
    if (w === undefined) continue;
    score += w;
    hits++;
  }
  return { score, hits };
}

interface Unit {
  text: string;
  /** Index of its passage in the entry's passages, and of the sentence in its passage. */
  passage: number;
  index: number;
  score: number;
  hits: number;
  /** The first sentence of the entry's introduction: what the entry is. */
  lead: boolean;
  /** In the section whose heading the question names ("Saturn return"): that section is the answer. */
  named: boolean;
}

const order = (u: Unit): number => u.passage * 1000 + u.index;

/**
 * An entry's sentences and list items in reading order, without those its siblings share. When the
 * question matches section headings ("open" and the section "Open", "Saturn return" and "Saturn
 * return"), only the best matching sections are kept: the others answer another question.
 */
function unitsOf(own: readonly Passage[], weights: Weights, isShared: AnswerPlan['isShared']): Unit[] {
  // What a heading adds to the entry's name: "Reading luck pillars" under "Luck Pillars — ..." says
  // "reading", "Saturn return" under "Planetary Returns — ..." says "Saturn".
  const name = new Set(tokenize((own[0]?.title ?? '').split(' — ')[0]!));
  const headingScores = own.map((p) =>
    p.heading
      ? overlap(
          tokenize(p.heading).filter((t) => !name.has(t)),
          weights,
        ).score
      : 0,
  );
  const bestHeading = Math.max(0, ...headingScores);
  const out: Unit[] = [];
  own.forEach((p, pi) => {
    if (bestHeading > 0 && p.heading && headingScores[pi]! < bestHeading) return;
    // A sentence under a heading that matches the question shares the heading's match.
    const heading = headingScores[pi]! / 2;
    sentences(p.body).forEach((text, index) => {
      if (isShared(text)) return;
      const o = overlap(text, weights);
      const named = bestHeading > 0 && headingScores[pi] === bestHeading;
      out.push({ text, passage: pi, index, score: o.score + heading, hits: o.hits, lead: false, named });
    });
  });
  const first = out[0];
  if (first && first.passage === 0 && first.index === 0 && !own[0]!.heading) first.lead = true;
  return out;
}

/**
 * The definition first, then the sentences that match the question best, within `budget` words; a
 * short pick goes on reading the entry from its start. A sentence that leans on the one before it
 * brings that one along, or is left out when there is no room for both.
 */
function pick(units: readonly Unit[], budget: number, minimum: number): Unit[] {
  const chosen = new Set(units.filter((u) => u.lead));
  let used = [...chosen].reduce((n, u) => n + wordCount(u.text), 0);
  const previous = (u: Unit) => units.find((v) => v.passage === u.passage && v.index === u.index - 1);
  const take = (u: Unit): boolean => {
    if (chosen.has(u)) return true;
    const before = LEANS_BACK.test(u.text) ? previous(u) : undefined;
    const extra = before && !chosen.has(before) ? [before] : [];
    const n = [u, ...extra].reduce((sum, v) => sum + wordCount(v.text), 0);
    if (chosen.size > 0 && used + n > budget) return false;
    for (const v of [...extra, u]) chosen.add(v);
    used += n;
    return true;
  };
  const ranked = units.filter((u) => !u.lead).sort((a, b) => b.score - a.score || order(a) - order(b));
  // The section the question names, as far as it fits; then the best sentences elsewhere, leaving
  // out those far weaker than the best one (filler, not answer).
  for (const u of units) if (u.named) take(u);
  const floor = Math.max(0.2, (ranked[0]?.score ?? 0) / 2);
  for (const u of ranked) if (u.score >= floor) take(u);
  // Too short to say much: read on in the section of the best match, then from the entry's start.
  const best = ranked[0];
  const onward =
    best && best.passage > 0 ? units.filter((u) => u.passage === best.passage && u.index > best.index) : [];
  for (const u of [...onward, ...units]) {
    if (used >= minimum) break;
    take(u);
  }
  // A list that was started is finished, within half a budget more: "the four arrows" are four.
  for (const u of units) {
    if (!LIST_ITEM.test(u.text) || chosen.has(u)) continue;
    const listStarted = [...chosen].some((v) => v.passage === u.passage && LIST_ITEM.test(v.text));
    if (listStarted && used + wordCount(u.text) <= budget * 1.5) {
      chosen.add(u);
      used += wordCount(u.text);
    }
  }
  return [...chosen].sort((a, b) => order(a) - order(b));
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

/**
 * The chosen sentences, a paragraph per passage: the introduction's plain, a section's under its
 * heading in bold ("**Open**: An open G center ..."), so sentences from different sections do not
 * run together as if they followed each other.
 */
function render(own: readonly Passage[], chosen: readonly Unit[]): string {
  const blocks: string[] = [];
  for (const [pi, p] of own.entries()) {
    const texts = chosen.filter((u) => u.passage === pi).map((u) => u.text);
    if (!texts.length) continue;
    const text = paragraph(texts);
    if (!p.heading || pi === 0) blocks.push(text);
    else if (LIST_ITEM.test(text)) blocks.push(`**${p.heading}**\n\n${text}`);
    else blocks.push(`**${p.heading}**: ${text}`);
  }
  return blocks.join('\n\n');
}

/** `profile:4-1` -> `profile`, `planet-in-house:mars:7` -> `planet-in-house:mars`: what siblings share. */
const kindOf = (id: string): string => id.slice(0, id.lastIndexOf(':'));

/**
 * One line about a related entry. One the question names gets its definition: the introduction's
 * first sentence, and the next when the first is short ("Taurus covers 30° to 60° of longitude. It is
 * a fixed earth sign, traditionally ruled by Venus."). Another gets its sentence that matches the
 * question best, if that holds two of its tokens and half its weight, and stands on its own.
 */
function relatedLine(
  own: readonly Passage[],
  named: boolean,
  weights: Weights,
  plan: AnswerPlan,
): string | null {
  const units = unitsOf(own, weights, plan.isShared).filter((u) => !u.text.endsWith(':'));
  let texts: string[];
  if (named) {
    const intro = units.filter((u) => u.passage === 0 && !own[0]!.heading);
    texts = [];
    for (const u of intro.length ? intro : units.slice(0, 1)) {
      if (texts.length && wordCount(texts.join(' ')) >= RELATED_WORDS) break;
      texts.push(u.text.replace(LIST_ITEM, ''));
    }
  } else {
    const total = [...weights.values()].reduce((a, b) => a + b, 0);
    const best = units
      .filter((u) => !LEANS_BACK.test(u.text) && u.score >= total / 2 && u.hits >= Math.min(2, weights.size))
      .sort((a, b) => b.score - a.score || order(a) - order(b))[0];
    texts = best ? [best.text.replace(LIST_ITEM, '')] : [];
  }
  if (!texts.length) return null;
  const p = named ? own[0]! : own[units.find((u) => u.text.endsWith(texts[0]!))?.passage ?? 0]!;
  const name = p.heading && !named ? `${p.title} — ${p.heading}` : p.title;
  return `- **${name}**: ${texts.join(' ')}`;
}

/**
 * A grounded answer without a language model, every sentence taken from the knowledge base as
 * written: the best entry's definition and the sentences that answer the question (never a sentence
 * its sibling entries share), lists kept as lists and sections under their headings; when the
 * question names a second system, that system's entry under its own heading; then up to two related
 * lines, from the other entries the question names (Mars and the Seventh House beside Mars in the
 * 7th House) or that match it, never a sibling of the answer the question did not ask about
 * (Profile 1/4 under a 4/1 question).
 */
export function extractiveAnswer(plan: AnswerPlan): string {
  const { passages } = plan;
  const first = passages[0];
  if (!first) return '';
  const weights = termWeights(plan.tokens, passages);
  const byEntry = new Map<string, Passage[]>();
  for (const p of passages) byEntry.set(p.entryId, [...(byEntry.get(p.entryId) ?? []), p]);
  for (const own of byEntry.values()) own.sort((a, b) => (a.ordinal ?? 0) - (b.ordinal ?? 0));
  const section = (id: string, budget: number, minimum: number) => {
    const own = byEntry.get(id)!;
    return `### ${own[0]!.title}\n\n${render(own, pick(unitsOf(own, weights, plan.isShared), budget, minimum))}`;
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
  // The systems the answer speaks of: a Human Design cross has no place under a BaZi answer.
  const systems = new Set([
    first.domain,
    plan.alsoFrom ? byEntry.get(plan.alsoFrom)?.[0]?.domain : undefined,
  ]);
  const candidates = [...plan.named.filter((id) => byEntry.has(id)), ...byEntry.keys()];
  const related: string[] = [];
  for (const id of candidates) {
    if (related.length === RELATED) break;
    if (shown.has(id)) continue;
    shown.add(id);
    if (!named.has(id) && asked.has(kindOf(id))) continue;
    if (!systems.has(byEntry.get(id)![0]!.domain)) continue;
    const line = relatedLine(byEntry.get(id)!, named.has(id), weights, plan);
    if (line) related.push(line);
  }
  if (related.length) parts.push(`**Related**\n${related.join('\n')}`);
  return parts.join('\n\n');
}
