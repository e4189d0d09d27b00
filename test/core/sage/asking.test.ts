/**
 * The channel a question was asked through is read out of it (src/core/sage/asking.ts), by what the
 * knowledge base knows and not by a list of names. Regression: "What does a defined Heart center
 * mean, asked via Claude?" was refused as not covered while the same question without "asked via
 * Claude" was answered, because "Claude" (a word the base never uses) weighed most against coverage.
 * The `knows` here stands for a base that uses the words of Human Design and not the channels' names.
 */
import { describe, expect, it } from 'vitest';
import { withoutAskingChannel } from '../../../src/core/sage/asking.js';
import { words } from '../../../src/core/sage/text.js';

const KNOWN = new Set([
  'defin',
  'heart',
  'center',
  'ego',
  'channel',
  '20',
  '34',
  'channel:20-34',
  'throat',
  'chart',
]);
const knows = (token: string) => KNOWN.has(token);
/** The words read (punctuation left behind says nothing to the tokenizer). */
const read = (q: string) => words(withoutAskingChannel(q, knows)).join(' ');
const plain = (q: string) => words(q).join(' ');

describe('the channel of asking is left out of the question', () => {
  it.each([
    ['What does a defined Heart center mean, asked via Claude?', 'What does a defined Heart center mean?'],
    ['According to ChatGPT, what does a defined Ego center mean?', ', what does a defined Ego center mean?'],
    [
      'what does a defined heart center mean (asked through the Claude app)',
      'what does a defined heart center mean ()',
    ],
    ['Is the ego center defined, according to GPT-4o?', 'Is the ego center defined?'],
    ['sent from my iPhone: what is a defined Ego center', ': what is a defined Ego center'],
  ])('%s', (question, expected) => {
    expect(read(question)).toBe(plain(expected));
  });

  it('keeps a word the knowledge base knows after a marker, and drops the marker alone', () => {
    expect(read('Is the throat defined via the channel 20-34?')).toBe(
      plain('Is the throat defined the channel 20-34'),
    );
    expect(read('What does my heart mean according to my chart?')).toBe(
      plain('What does my heart mean my chart'),
    );
  });

  it('keeps a lower-case discipline after "according to": a source is a name', () => {
    expect(read('What is my life path number according to numerology?')).toBe(
      plain('What is my life path number numerology'),
    );
  });

  it('leaves a question without a channel as it is', () => {
    expect(withoutAskingChannel('What does a defined Heart center mean?', knows)).toBe(
      'What does a defined Heart center mean?',
    );
  });
});
