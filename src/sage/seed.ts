import { resolve } from 'node:path';
import { defaultKnowledgeDir } from '../core/knowledge/index.js';
import { type Embedder, hashEmbedder, TOKENIZER_VERSION } from '../core/sage/index.js';
import { SageIndex, type StoreSeed } from '../store/index.js';
import { knowledgeDigest, loadSageIndex } from './load.js';

/**
 * SAGE's index of the bundled knowledge as the seed of new embedded stores: the snapshot they are
 * copied from carries it loaded and indexed, so a first start finds every file unchanged instead of
 * loading 716 of them. Its kind names how the index is built (the tokenizer's version, the
 * embedder), so a change to either gives the snapshot a new name and an index built another way is
 * never copied. Its content is the folder's digest: a store copied from a snapshot of an older
 * folder (knowledge edited since the last build) gets the edited files at its start-up load, which
 * compares that digest first and then file by file.
 */
export function knowledgeSeed(embedder: Embedder, dir: string = defaultKnowledgeDir()): StoreSeed {
  return {
    kind: JSON.stringify({
      index: 'SAGE knowledge chunks',
      tokenizer: TOKENIZER_VERSION,
      embedder: `${embedder.name}:${embedder.dimension}`,
    }),
    content: () => knowledgeDigest(dir),
    fill: async (db) => {
      await loadSageIndex(new SageIndex(db), dir, embedder);
    },
  };
}

/** The bundled knowledge with the service's embedder: what `store snapshot` (npm run build) indexes. */
export const bundledKnowledgeSeed = (): StoreSeed => knowledgeSeed(hashEmbedder());

/**
 * The seed a store opened to serve `knowledgeDir` (KNOWLEDGE_DIR, unset for the bundled folder) is
 * opened with: the bundled knowledge when that is the folder served, else none (a new store starts
 * empty and the start loads that folder, rather than starting with 716 files it would then remove).
 */
export function seedFor(knowledgeDir: string | undefined): StoreSeed | undefined {
  const bundled = defaultKnowledgeDir();
  return knowledgeDir === undefined || resolve(knowledgeDir) === resolve(bundled)
    ? bundledKnowledgeSeed()
    : undefined;
}
