export {
  isKnowledgeId,
  KNOWLEDGE_DOMAINS,
  type KnowledgeDomain,
  type KnowledgeEntry,
  KnowledgeFormatError,
  loadKnowledgeDir,
  parseEntry,
} from './markdown.js';
