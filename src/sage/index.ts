/**
 * SAGE, the question-answering service over the knowledge base: the start-up and command load of the
 * chunks into the store's search index, the in-memory catalog of what is indexed, hybrid retrieval
 * with abstention, and answers from Claude or extractive ones. Its pure text handling (tokens, names,
 * chunks, embedder, domain, composer, prompt) is in core/sage; the chunks' storage in
 * store/sage-index.ts; the tool in tools/query_sage.ts.
 */
export { CatalogCache } from './catalog.js';
export { describeLoad, folderDigest, knowledgeDigest, type LoadReport, loadSageIndex } from './load.js';
export {
  type Candidates,
  gather,
  rank,
  RANKING,
  type RankingSettings,
  type Retrieval,
  retrieve,
} from './retrieval.js';
export { bundledKnowledgeSeed, knowledgeSeed, seedFor } from './seed.js';
export { Sage, type SageAnswer, type SageModel, type SageReply } from './service.js';
