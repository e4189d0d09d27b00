/**
 * CachedAnswer (src/operations/cached-answer.ts): the result cache's form of an answer gives back
 * exactly the JSON it was made from (multi-byte text included), and holds that text as bytes of its
 * own outside the JavaScript heap, so the young-generation collector never copies it (the reason
 * for the class: docs/decisions.md). Expected values are the inputs themselves and Node's Buffer
 * facts (an 8 KB shared pool for short Buffer.from texts).
 */
import { describe, expect, it } from 'vitest';
import { AnswerJson } from '../../../src/operations/answer-json.js';
import { CachedAnswer } from '../../../src/operations/cached-answer.js';

const asText = (json: string) => AnswerJson.fromText(json);

const heldValues = (answer: CachedAnswer): unknown[] =>
  Object.getOwnPropertyNames(answer).map((name) => (answer as unknown as Record<string, unknown>)[name]);

describe('CachedAnswer', () => {
  it('gives back the same JSON, multi-byte characters and all, with its warnings and bytes', () => {
    const json = JSON.stringify({ planet: 'Saturn ℞', pillar: '甲子', place: 'Zürich', moon: '🌕', n: 1 });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const answer = new CachedAnswer(asText(json), ['birth time fell in a DST gap'], png);
    expect(answer.json.text).toBe(json);
    expect(answer.json.bytes.equals(Buffer.from(json))).toBe(true);
    expect(JSON.parse(answer.json.text)).toEqual(JSON.parse(json));
    expect(answer.warnings).toEqual(['birth time fell in a DST gap']);
    expect(answer.bytes).toBe(png);
  });

  it('keeps the text as bytes, not as a string on the heap', () => {
    const json = JSON.stringify({ chart: 'x'.repeat(6000) });
    const answer = new CachedAnswer(asText(json), [], null);
    const held = heldValues(answer);
    expect(held.some((v) => typeof v === 'string')).toBe(false);
    const text = held.find((v): v is Buffer => Buffer.isBuffer(v))!;
    expect(text.toString()).toBe(json);
  });

  it('gives a short text a buffer of its own, not a slice of the shared 8 KB pool', () => {
    const json = '{"type":"Generator"}';
    for (const given of [asText(json), AnswerJson.fromBytes(Buffer.from(json))]) {
      const held = heldValues(new CachedAnswer(given, [], null)).find((v): v is Buffer =>
        Buffer.isBuffer(v),
      )!;
      expect(Buffer.from(json).buffer.byteLength).toBe(Buffer.poolSize); // what is avoided
      expect(held.buffer.byteLength).toBe(Buffer.byteLength(json));
    }
  });

  it('keeps the bytes a worker sent as they are, without a copy (a view of the message they came in)', () => {
    // As the worker channel hands a Buffer over: a view a few dozen bytes into the message read.
    const json = JSON.stringify({ points: 'x'.repeat(100_000) });
    const message = Buffer.allocUnsafeSlow(Buffer.byteLength(json) + 40);
    message.write(json, 17);
    const view = message.subarray(17, 17 + Buffer.byteLength(json));
    const answer = new CachedAnswer(AnswerJson.fromBytes(view), [], null);
    const held = heldValues(answer).find((v): v is Buffer => Buffer.isBuffer(v))!;
    expect(held).toBe(view);
    expect(answer.json.text).toBe(json);
    expect(answer.size).toBe(Buffer.byteLength(json));
  });

  it('states the bytes it holds (text in UTF-8 and picture), what the result cache counts', () => {
    const json = JSON.stringify({ pillar: '甲子', place: 'Zürich' });
    expect(new CachedAnswer(asText(json), [], null).size).toBe(Buffer.byteLength(json));
    expect(new CachedAnswer(asText(json), [], Buffer.alloc(1000)).size).toBe(Buffer.byteLength(json) + 1000);
    expect(Buffer.byteLength(json)).toBeGreaterThan(json.length); // bytes, not characters
  });

  it('keeps a size measured before caching', () => {
    const measured = new Map([[{} as never, 123]]);
    expect(new CachedAnswer(asText('{}'), [], null, measured).framed).toBe(measured);
  });
});
