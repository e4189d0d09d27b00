import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type KnowledgeEntry, type KnowledgeFile, loadKnowledgeDir, parseKnowledgeFiles } from './markdown.js';

/** The Markdown knowledge base, loaded once at start and immutable: tooltips and resources read it. */
export interface KnowledgeBase {
  readonly entries: readonly KnowledgeEntry[];
  readonly byId: ReadonlyMap<string, KnowledgeEntry>;
}

export function indexKnowledge(entries: readonly KnowledgeEntry[]): KnowledgeBase {
  return { entries, byId: new Map(entries.map((e) => [e.id, e])) };
}

/** `knowledge/` at the package root, from src/core/knowledge (tsx) or dist/src/core/knowledge (built). */
export function defaultKnowledgeDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const up of ['../../../knowledge', '../../../../knowledge']) {
    const dir = resolve(here, up);
    if (existsSync(join(dir, 'hd'))) return dir;
  }
  return resolve(here, '../../../knowledge');
}

export async function loadKnowledgeBase(dir: string = defaultKnowledgeDir()): Promise<KnowledgeBase> {
  return indexKnowledge(await loadKnowledgeDir(dir));
}

/** The knowledge base of a folder already read (readKnowledgeFiles). */
export const knowledgeBaseOf = (files: readonly KnowledgeFile[]): KnowledgeBase =>
  indexKnowledge(parseKnowledgeFiles(files));

/**
 * The entry with this id. A missing entry is a deployment fault (the knowledge folder is incomplete),
 * never the caller's: it surfaces as a logged 500.
 */
export function knowledgeEntry(knowledge: KnowledgeBase, id: string): KnowledgeEntry {
  const entry = knowledge.byId.get(id);
  if (!entry) throw new Error(`knowledge entry "${id}" is missing from the knowledge folder`);
  return entry;
}

/** The entry's text before its first `## ` section (the whole body when it has none). */
export function introOf(entry: KnowledgeEntry): string {
  const cut = entry.body.search(/^##\s/m);
  return (cut === -1 ? entry.body : entry.body.slice(0, cut)).trim();
}
