/**
 * SAGE, the question-answering service over the knowledge base: the start-up and command load of the
 * chunks into the store's search index, hybrid retrieval, and answers from Claude or extractive ones.
 * Its pure text handling (chunks, embedder, domain, composer, prompt) is in core/sage; the chunks'
 * storage in store/sage-index.ts; the tool in tools/query_sage.ts.
 */
export { describeLoad, type LoadReport, loadSageIndex } from './load.js';
export { type Retrieval, retrieve } from './retrieval.js';
export { Sage, type SageAnswer, type SageModel } from './service.js';
