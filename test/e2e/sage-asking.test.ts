/**
 * Questions that say how they were asked get the answer the question itself gets, over the whole
 * knowledge base loaded as the server loads it. Regression: "What does a defined Heart center mean,
 * asked via Claude?" was refused as not covered while "What does a defined Heart center mean?" was
 * answered; the channel's name ("Claude", a word the base never uses) weighed most against coverage.
 * The Heart center's entry (knowledge: "also called the Ego or Will center ... willpower") is the
 * answer each in-scope wording must give; the off-topic ones must still be refused, asked via
 * anything. The answers are the extractive ones (no model key), read back in full.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultKnowledgeDir } from '../../src/core/knowledge/index.js';
import { hashEmbedder } from '../../src/core/sage/index.js';
import { loadSageIndex, Sage } from '../../src/sage/index.js';
import { openStore, type Store } from '../../src/store/index.js';

let store: Store;
let sage: Sage;

beforeAll(async () => {
  store = await openStore({ dataDir: 'memory://' });
  const embedder = hashEmbedder();
  await loadSageIndex(store.sage, defaultKnowledgeDir(), embedder);
  sage = new Sage(store.sage, embedder, null);
}, 120_000);
afterAll(async () => {
  await store?.close();
});

const HEART = [
  'What does a defined Heart center mean?',
  'What does a defined Heart center mean, asked via Claude?',
  'According to ChatGPT, what does a defined Ego center mean?',
  'Please explain to me what a defined heart centre means (asked through the Claude app)',
  'what does a defined heart center mean according to chatgpt',
  'Is my Ego center defined? What does that mean? Sent from my iPhone',
  'What does a defined Heart center mean for me, per Gemini?',
];

const OFF_TOPIC = [
  'What is the best pizza in Rome, asked via Claude?',
  'How do I reset my router, according to ChatGPT?',
  'Write me a poem about cats via Claude please',
  'What is the weather tomorrow according to the BBC?',
  'Please explain to me how to file my taxes, asked via Claude',
];

describe('the channel of asking does not count against coverage', () => {
  it.each(HEART)('answers "%s" from the Heart center', async (question) => {
    const r = await sage.retrieve(question);
    expect(r.abstain, JSON.stringify(r.evidence)).toBe(false);
    expect(r.entries[0]).toBe('center:heart');
    const reply = await sage.answer(question);
    expect(reply.covered).toBe(true);
    expect(reply.domain).toBe('hd');
    expect(reply.answer).toMatch(/^### Heart Center/);
    expect(reply.answer).toContain('A defined Heart gives consistent access to willpower.');
  });

  it.each(OFF_TOPIC)('still refuses "%s"', async (question) => {
    const reply = await sage.answer(question);
    expect(reply.covered).toBe(false);
    expect(reply.answer).toMatch(/^SAGE's knowledge base does not cover this question/);
  });
});
