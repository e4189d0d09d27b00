import { tokenize } from './tokens.js';

/**
 * Words about how a question is asked rather than what it asks: "asked via Claude", "according to
 * ChatGPT", "sent from my phone". The name after such a phrase is a word the knowledge base never
 * uses, which would weigh most against its coverage of the question, so SAGE reads the question
 * without it. Courtesy ("please", "explain to me") is in the stop list already (text.ts).
 *
 * No channel is named here: the marker goes, and after it the words the knowledge base does not
 * know are the channel, up to the first word it knows ("defined via the channel 20-34" keeps
 * "the channel 20-34"). What is left is judged as before, so an off-topic question asked via anything
 * is still refused for its own words.
 */

/**
 * Phrases that introduce the channel of asking: a verb of asking with its preposition, or "via"
 * (group 1), or a source (group 2).
 */
const MARKER =
  /\b(?:((?:asked|asking|ask|posed|posing|sent|sending|posted|posting|typed|written|answered)\s+(?:via|through|on|in|with|using|from|to|by|at)|via)|(according\s+to|as\s+per|per))\b/giu;

/**
 * A source is named ("according to ChatGPT", "per Ra Uru Hu", "according to GPT-4"): after "according
 * to" a lower-case word is a discipline or a thing ("according to numerology", "according to my
 * chart"), which is what the question is about, not where it was asked.
 */
const NAME = /^(?:\p{Lu}|.*\p{N}|.+\p{Lu})/u;

/** One word after a marker (letters, digits, inner dots or dashes: "GPT-4o", "claude.ai"). */
const WORD = /\s*([\p{L}\p{N}]+(?:[.-][\p{L}\p{N}]+)*)/uy;

/** Most words a channel runs to ("the Claude mobile app"). */
const MAX_CHANNEL_WORDS = 4;

/**
 * The question without its channel-of-asking phrases. `knows` says whether the knowledge base uses
 * a token; a word none of whose tokens it knows (or a stop word) may be part of a channel's name.
 */
export function withoutAskingChannel(question: string, knows: (token: string) => boolean): string {
  let out = '';
  let from = 0;
  for (const marker of question.matchAll(MARKER)) {
    const start = marker.index;
    if (start < from) continue;
    // The marker itself goes: it says how the question came, never what it is about.
    let end = start + marker[0].length;
    let named = 0;
    WORD.lastIndex = end;
    for (let m = WORD.exec(question); m && named < MAX_CHANNEL_WORDS; m = WORD.exec(question)) {
      const tokens = tokenize(m[1]!);
      if (tokens.some(knows)) break;
      if (tokens.length) {
        if (marker[2] && !named && !NAME.test(m[1]!)) break;
        named += 1;
        end = WORD.lastIndex;
      }
    }
    out += `${question.slice(from, start)} `;
    from = end;
  }
  return `${out}${question.slice(from)}`
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .trim();
}
