export {
  defaultKnowledgeDir,
  indexKnowledge,
  introOf,
  type KnowledgeBase,
  knowledgeBaseOf,
  knowledgeEntry,
  loadKnowledgeBase,
} from './base.js';
export {
  isKnowledgeId,
  KNOWLEDGE_DOMAINS,
  type KnowledgeDomain,
  type KnowledgeEntry,
  type KnowledgeFile,
  KnowledgeFormatError,
  listMarkdown,
  loadKnowledgeDir,
  parseEntry,
  parseKnowledgeFiles,
  readKnowledgeFiles,
} from './markdown.js';
export { checkKnowledgeDir, checkKnowledgeFiles, type KnowledgeCheck, type KnowledgeProblem } from './check.js';
