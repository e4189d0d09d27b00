import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import {
  KNOWLEDGE_DOMAINS,
  type KnowledgeEntry,
  KnowledgeFormatError,
  listMarkdown,
  parseEntry,
} from './markdown.js';

/**
 * Checks a knowledge folder without loading it anywhere: every file as the loaders parse it, plus
 * what the parser cannot see from one file (an id two files use, a key no entry defines) and the
 * conventions editors are asked to keep. For `knowledge check`, which knowledge editors run before
 * they commit; the README's "Writing knowledge entries" explains each rule.
 */

export interface KnowledgeProblem {
  /** Path relative to the checked folder, with '/' separators. */
  file: string;
  /** 1-based line the problem is on (1 when the whole file is to blame). */
  line: number;
  severity: 'error' | 'warning';
  message: string;
}

export interface KnowledgeCheck {
  files: number;
  entries: number;
  problems: KnowledgeProblem[];
}

/** 1-based line of the front matter field `name`, or 1. */
function fieldLine(text: string, name: string): number {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  const i = lines.slice(0, end === -1 ? lines.length : end).findIndex((l) => l.startsWith(`${name}:`));
  return i === -1 ? 1 : i + 1;
}

/** The domain a file's place in the folder implies: `hd/...` or `articles/hd/...`, else null. */
function folderDomain(rel: string): string | null {
  const parts = rel.split('/');
  const d = parts[0] === 'articles' ? parts[1] : parts[0];
  return d && (KNOWLEDGE_DOMAINS as readonly string[]).includes(d) ? d : null;
}

/** Checks the parsed entries together: ids, keys and the folder conventions. */
function crossCheck(parsed: readonly { rel: string; text: string; entry: KnowledgeEntry }[]): KnowledgeProblem[] {
  const problems: KnowledgeProblem[] = [];
  const owner = new Map<string, string>();
  const add = (rel: string, line: number, severity: KnowledgeProblem['severity'], message: string) =>
    problems.push({ file: rel, line, severity, message });
  for (const { rel, text, entry } of parsed) {
    const previous = owner.get(entry.id);
    if (previous) add(rel, fieldLine(text, 'id'), 'error', `duplicate id "${entry.id}" (already defined in ${previous})`);
    else owner.set(entry.id, rel);
  }
  for (const { rel, text, entry } of parsed) {
    const keysLine = fieldLine(text, 'keys');
    // An article's keys are the entries it explains; any other entry's keys start with its own id.
    if (!entry.id.startsWith('article:') && entry.keys[0] !== entry.id)
      add(rel, keysLine, 'warning', `keys should start with the entry's own id "${entry.id}"`);
    for (const key of entry.keys) {
      if (!owner.has(key)) add(rel, keysLine, 'warning', `keys lists "${key}", which no entry in this folder defines`);
    }
    const domain = folderDomain(rel);
    if (domain && domain !== entry.domain)
      add(rel, fieldLine(text, 'domain'), 'error', `domain "${entry.domain}" but the file is under ${domain}/`);
    if (rel.startsWith('articles/') && !entry.id.startsWith(`article:${entry.domain}:`))
      add(rel, fieldLine(text, 'id'), 'error', `an article's id is article:${entry.domain}:<topic>, got "${entry.id}"`);
    const tags = new Set<string>();
    for (const tag of entry.tags) {
      if (tags.has(tag)) add(rel, fieldLine(text, 'tags'), 'warning', `tags lists "${tag}" twice`);
      tags.add(tag);
    }
    for (const [heading, body] of Object.entries(entry.sections)) {
      if (body.trim()) continue;
      const line = text.replace(/\r\n?/g, '\n').split('\n').findIndex((l) => /^##\s/.test(l) && l.includes(heading));
      add(rel, line + 1, 'warning', `section "## ${heading}" has no text (SAGE skips it)`);
    }
  }
  return problems;
}

/** Checks the given files' text (paths relative to the folder, '/' separators). */
export function checkKnowledgeFiles(files: readonly { rel: string; text: string }[]): KnowledgeCheck {
  const problems: KnowledgeProblem[] = [];
  const parsed: { rel: string; text: string; entry: KnowledgeEntry }[] = [];
  for (const { rel, text } of files) {
    try {
      parsed.push({ rel, text, entry: parseEntry(text, rel) });
    } catch (e) {
      if (!(e instanceof KnowledgeFormatError)) throw e;
      problems.push({ file: rel, line: e.line ?? 1, severity: 'error', message: e.reason });
    }
  }
  problems.push(...crossCheck(parsed));
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { files: files.length, entries: parsed.length, problems };
}

/** Reads every `*.md` below `dir` and checks them (see checkKnowledgeFiles). */
export async function checkKnowledgeDir(dir: string): Promise<KnowledgeCheck> {
  let paths: string[];
  try {
    paths = await listMarkdown(dir);
  } catch (cause) {
    throw new KnowledgeFormatError(dir, 'cannot read the knowledge folder', { cause });
  }
  const files = await Promise.all(
    paths.map(async (path) => ({ rel: relative(dir, path).split(sep).join('/'), text: await readFile(path, 'utf8') })),
  );
  return checkKnowledgeFiles(files);
}

