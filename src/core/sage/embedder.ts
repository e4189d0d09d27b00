import { tokenize } from './tokens.js';

/**
 * Texts -> unit vectors. Asynchronous and batched, so a model behind a network call (an embeddings
 * API, a local model server) can take the local one's place by configuration: the loader sends a
 * file's chunks in one call and a question is a batch of one. The name and dimension are stored with
 * the chunks, and a change of either embeds the whole base again.
 */
export interface Embedder {
  /** Identifies the model and its settings, e.g. `hash-ngram-v2-384`. */
  readonly name: string;
  readonly dimension: number;
  /** Largest batch the embedder takes in one call; callers split longer lists. */
  readonly maxBatch: number;
  /** One vector per text, in order, each of `dimension` numbers and unit length. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Embeds any number of texts through `embedder` in batches of its `maxBatch`. */
export async function embedAll(embedder: Embedder, texts: readonly string[]): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += embedder.maxBatch) {
    const batch = texts.slice(i, i + embedder.maxBatch);
    const vectors = await embedder.embed(batch);
    if (vectors.length !== batch.length || vectors.some((v) => v.length !== embedder.dimension)) {
      throw new Error(
        `embedder ${embedder.name} returned ${vectors.length} vectors for ${batch.length} texts ` +
          `(expected ${batch.length} of dimension ${embedder.dimension})`,
      );
    }
    out.push(...vectors);
  }
  return out;
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

/** One text's hashed feature vector (see hashEmbedder). */
function hashVector(text: string, dimension: number): Float32Array {
  // feature -> [weight of its kind, occurrences]
  const counts = new Map<string, [number, number]>();
  const add = (feature: string, weight: number) => {
    const seen = counts.get(feature);
    if (seen) seen[1]++;
    else counts.set(feature, [weight, 1]);
  };
  const ts = tokenize(text);
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!;
    add(`w:${t}`, 1);
    if (i + 1 < ts.length) add(`b:${t} ${ts[i + 1]}`, 0.7);
    // Identifiers (gate:41, profile:4-1) and Chinese characters are whole; words also by 4-grams.
    if (!/[:\d]/.test(t) && /^[a-z]+$/.test(t)) {
      const padded = `^${t}$`;
      for (let j = 0; j + 4 <= padded.length; j++) add(`c:${padded.slice(j, j + 4)}`, 0.3);
    }
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
}

/**
 * The default embedder: feature hashing of SAGE's tokens (weight 1, identifiers such as
 * `profile:4-1` included), token pairs (0.7) and character 4-grams of each word (0.3, so "splenic"
 * still meets "spleen"), each feature with sublinear term frequency (1 + ln tf) and a hashed sign,
 * then L2-normalised. No network, no model files, a few microseconds per sentence; the full-text
 * and named-entry rankings cover what it misses.
 */
export function hashEmbedder(dimension = 384): Embedder {
  return {
    name: `hash-ngram-v2-${dimension}`,
    dimension,
    maxBatch: 256,
    embed: (texts) => Promise.resolve(texts.map((t) => hashVector(t, dimension))),
  };
}
