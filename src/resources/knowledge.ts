import {
  introOf,
  KNOWLEDGE_DOMAINS,
  type KnowledgeBase,
  type KnowledgeEntry,
} from '../core/knowledge/index.js';
import type { ResourceFamily } from './types.js';

/** MCP caps one completion answer at 100 values. */
export const MAX_COMPLETIONS = 100;

const ARTICLE = /^article:/;
const uriOf = (e: KnowledgeEntry) => `svc://knowledge/${e.domain}/${e.id}`;

/** An article's first sentence, for the list (at most 200 characters). */
const firstSentence = (text: string): string => {
  const sentence = /^.*?[.!?](?=\s|$)/s.exec(text)?.[0] ?? text;
  return sentence.length > 200 ? `${sentence.slice(0, 199)}…` : sentence;
};

/** The entry as a Markdown page: its title as the heading, then its body as written. */
export const knowledgeMarkdown = (e: KnowledgeEntry): string => `# ${e.title}\n\n${e.body}\n`;

/**
 * Entry ids of a domain (every domain when none is named) that start with what the user typed, in
 * knowledge-base order; then ids that contain it, so "34" finds `gate:34` and `channel:34-57`.
 */
export function completeKnowledgeId(knowledge: KnowledgeBase, value: string, domain?: string): string[] {
  const typed = value.trim().toLowerCase();
  const pool = knowledge.entries.filter((e) => !domain || e.domain === domain).map((e) => e.id);
  const starts = pool.filter((id) => id.startsWith(typed));
  const contains = typed ? pool.filter((id) => !id.startsWith(typed) && id.includes(typed)) : [];
  return [...starts, ...contains].slice(0, MAX_COMPLETIONS);
}

/**
 * `svc://knowledge/{domain}/{id}`: every entry and article of the Markdown knowledge base (the one
 * SAGE answers from and the tooltips quote), read as Markdown. `resources/list` shows the articles,
 * the long reads; the entries (one per gate, channel, planet in sign ...) are reached by id, which a
 * client completes while the user types. Built from the loaded knowledge base, so a new entry is a
 * resource without a change here.
 */
export const knowledgeResources: ResourceFamily = {
  name: 'knowledge',
  uriTemplate: 'svc://knowledge/{domain}/{id}',
  title: 'Knowledge base entry',
  description:
    'One entry or article of the knowledge base as Markdown: domain hd, astrology or bazi; id as in ' +
    'tooltips, e.g. svc://knowledge/hd/gate:34, svc://knowledge/astrology/planet:mars, ' +
    'svc://knowledge/hd/article:hd:authorities. Complete {id} to find one.',
  mimeType: 'text/markdown',
  list: (deps) =>
    deps.knowledge.entries
      .filter((e) => ARTICLE.test(e.id))
      .map((e) => ({
        uri: uriOf(e),
        name: e.id,
        title: e.title,
        description: firstSentence(introOf(e)),
        mimeType: 'text/markdown',
      })),
  read: (deps, { domain, id }) => {
    const entry = deps.knowledge.byId.get(decodeURIComponent(id ?? ''));
    return entry && entry.domain === domain ? knowledgeMarkdown(entry) : undefined;
  },
  complete: {
    domain: (_deps, value) => KNOWLEDGE_DOMAINS.filter((d) => d.startsWith(value.trim().toLowerCase())),
    id: (deps, value, context) => completeKnowledgeId(deps.knowledge, value, context.domain),
  },
};
