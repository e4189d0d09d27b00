export { type Chunk, chunkEntry, chunkText } from './chunk.js';
export { classifyDomain, type DomainScores, topicOf } from './domain.js';
export { type Embedder, hashEmbedder } from './embedder.js';
export { extractiveAnswer, type Passage } from './extract.js';
export { reciprocalRankFusion } from './fuse.js';
export { SAGE_SYSTEM_PROMPT, sageUserMessage } from './prompt.js';
export { stem, terms, words } from './text.js';
