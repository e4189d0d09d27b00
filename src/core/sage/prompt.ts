import type { Passage } from './extract.js';

/** The instructions that keep the model on the retrieved passages. */
export const SAGE_SYSTEM_PROMPT =
  'You are SAGE, the knowledge assistant of a Human Design, Western astrology and BaZi chart service. ' +
  'Answer the question using only the numbered passages you are given; do not add facts from elsewhere. ' +
  'If the passages do not answer it, say briefly that the knowledge base does not cover it. ' +
  'Write in Markdown, in plain words, in at most about 200 words. Do not mention the passages or their numbers.';

/** The user turn: the passages, then the question. */
export function sageUserMessage(question: string, passages: readonly Passage[]): string {
  const blocks = passages.map(
    (p, i) => `[${i + 1}] ${p.heading ? `${p.title} — ${p.heading}` : p.title}\n${p.body}`,
  );
  return `<passages>\n${blocks.join('\n\n')}\n</passages>\n\nQuestion: ${question}`;
}
