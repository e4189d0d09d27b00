import type { KnowledgeDomain, KnowledgeEntry } from '../knowledge/index.js';
import { tokenize } from './tokens.js';

/** One retrievable passage: an entry's introduction or one of its `## ` sections. */
export interface Chunk {
  entryId: string;
  domain: KnowledgeDomain;
  title: string;
  /** The `## ` heading, '' for the introduction. */
  heading: string;
  /** Position within the entry (0 = introduction). */
  ordinal: number;
  /** The passage's Markdown. */
  body: string;
  /** The entry's tags, which help full-text search find the article. */
  keywords: string;
}

/**
 * Splits an entry by its `## ` headings (the parser's sections), keeping the introduction as the
 * first chunk. Sections are short in this base (a few paragraphs), so no further split is needed.
 */
export function chunkEntry(entry: KnowledgeEntry): Chunk[] {
  const base = {
    entryId: entry.id,
    domain: entry.domain,
    title: entry.title,
    keywords: entry.tags.join(', '),
  };
  const chunks: Chunk[] = [];
  const cut = entry.body.search(/^##\s/m);
  const intro = (cut === -1 ? entry.body : entry.body.slice(0, cut)).trim();
  if (intro) chunks.push({ ...base, heading: '', ordinal: 0, body: intro });
  for (const [heading, body] of Object.entries(entry.sections)) {
    if (body.trim()) chunks.push({ ...base, heading, ordinal: chunks.length, body: body.trim() });
  }
  return chunks;
}

/** The text a chunk is embedded from: what it is about first, then what it says. */
export const chunkText = (c: Pick<Chunk, 'title' | 'heading' | 'body' | 'keywords'>): string =>
  [c.title, c.heading, c.keywords, c.body].filter(Boolean).join('. ');

/**
 * A chunk's full-text tokens by weight: what it is about (A), then what frames it (B), then its text
 * (C). An introduction is about its entry: title A, tags B. A section is about its heading: heading A,
 * the entry's title and tags B, so that among the sections of "Planetary Returns" the one headed
 * "Saturn return" ranks first for a Saturn return question.
 */
export const chunkTokens = (
  c: Pick<Chunk, 'title' | 'heading' | 'body' | 'keywords'>,
): { A: string[]; B: string[]; C: string[] } => ({
  A: tokenize(c.heading || c.title),
  B: tokenize(c.heading ? `${c.title} ${c.keywords}` : c.keywords),
  C: tokenize(c.body),
});
