export {
  ABSTAIN_MODEL,
  type AbstainEvidence,
  abstainFeatures,
  type AbstainModel,
  abstentionAnswer,
  inScopeProbability,
  shouldAbstain,
} from './abstain.js';
export { withoutAskingChannel } from './asking.js';
export { buildCatalog, type Catalog, type CatalogEntry, type IndexedChunk } from './catalog.js';
export { type Chunk, chunkEntry, chunkText, chunkTokens } from './chunk.js';
export { classifyDomain, domainPrior, type DomainScores, namedSystems, topicOf } from './domain.js';
export { embedAll, type Embedder, hashEmbedder } from './embedder.js';
export { type NameMatch } from './lexicon.js';
export { type AnswerPlan, extractiveAnswer, type Passage } from './extract.js';
export { SAGE_SYSTEM_PROMPT, sageUserMessage } from './prompt.js';
export { sentences } from './sentences.js';
export { isStopWord, stem, words } from './text.js';
export { normalize, TOKENIZER_VERSION, tokenize, type TokenizeOptions, tokenSet } from './tokens.js';
