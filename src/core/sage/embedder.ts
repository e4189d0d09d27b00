import { terms } from './text.js';

/**
 * Text -> unit vector. One interface so a real embedding model can replace the local one; the name
 * and dimension are stored with the chunks, and a change of either re-embeds the whole base.
 */
export interface Embedder {
  /** Identifies the model and its settings, e.g. `hash-ngram-v1`. */
  readonly name: string;
  readonly dimension: number;
  embed(text: string): Float32Array;
}

/** 32-bit FNV-1a: fast, deterministic, good enough spread for feature hashing. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The default embedder: feature hashing of stemmed words (weight 1), word pairs (0.7) and character
 * 4-grams of each word (0.3, so "splenic" still meets "spleen"), each feature with sublinear term
 * frequency (1 + ln tf) and a hashed sign, then L2-normalised. No network, no model files, a few
 * microseconds per sentence; the hybrid ranking's full-text half covers what it misses.
 */
export function hashEmbedder(dimension = 384): Embedder {
  const name = `hash-ngram-v1-${dimension}`;
  return {
    name,
    dimension,
    embed(text) {
      // feature -> [weight of its kind, occurrences]
      const counts = new Map<string, [number, number]>();
      const add = (feature: string, weight: number) => {
        const seen = counts.get(feature);
        if (seen) seen[1]++;
        else counts.set(feature, [weight, 1]);
      };
      const ts = terms(text);
      for (let i = 0; i < ts.length; i++) {
        const t = ts[i]!;
        add(`w:${t}`, 1);
        if (i + 1 < ts.length) add(`b:${t} ${ts[i + 1]}`, 0.7);
        const padded = `^${t}$`;
        for (let j = 0; j + 4 <= padded.length; j++) add(`c:${padded.slice(j, j + 4)}`, 0.3);
      }
      const v = new Float32Array(dimension);
      for (const [feature, [weight, tf]] of counts) {
        const h = fnv1a(feature);
        const sign = h & 0x80000000 ? -1 : 1;
        v[h % dimension]! += sign * weight * (1 + Math.log(tf));
      }
      let norm = 0;
      for (const x of v) norm += x * x;
      norm = Math.sqrt(norm);
      if (norm > 0) for (let i = 0; i < dimension; i++) v[i]! /= norm;
      return v;
    },
  };
}
