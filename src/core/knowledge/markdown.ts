import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Knowledge entries: one Markdown file per entry, with a small fixed front matter
 *
 * ```
 * ---
 * id: gate:41
 * domain: hd
 * title: Gate 41 — Contraction
 * keys: [gate:41, center:root, channel:30-41]
 * ---
 * Markdown body ...
 * ```
 *
 * The front matter is deliberately not YAML: four known fields (and optional `tags`, free words that
 * help SAGE find an article), one per line, so a typo fails loudly with the file name instead of
 * silently becoming an extra property.
 */

export const KNOWLEDGE_DOMAINS = ['hd', 'astrology', 'bazi'] as const;
export type KnowledgeDomain = (typeof KNOWLEDGE_DOMAINS)[number];

export interface KnowledgeEntry {
  /** Core id the entry explains, e.g. `gate:41`, `type:projector`, `cross:right-angle:sphinx`. */
  id: string;
  domain: KnowledgeDomain;
  title: string;
  /** Core ids the entry is about (its own id included by convention); used for lookups and tooltips. */
  keys: string[];
  /** Optional free words (`tags: [open center, conditioning]`) that say what the entry answers. */
  tags: string[];
  /** Markdown after the front matter, trimmed. */
  body: string;
  /** Text under each `## Heading` of the body, keyed by the heading text (the intro is not a section). */
  sections: Record<string, string>;
  /** The file name the entry was parsed from, as given to the parser. */
  file: string;
}

export class KnowledgeFormatError extends Error {
  readonly file: string;
  /** 1-based line of the file where the problem is, when one line is to blame. */
  readonly line: number | undefined;
  /** The message without the file name. */
  readonly reason: string;

  constructor(file: string, message: string, options?: { cause?: unknown; line?: number }) {
    super(`${file}: ${message}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KnowledgeFormatError';
    this.file = file;
    this.line = options?.line;
    this.reason = message;
  }
}

/** Lower-case segments joined by colons: `gate:41`, `cross:left-angle:clarion`, `profile:1-3`. */
const ID_PATTERN = /^[a-z][a-z0-9-]*(?::[a-z0-9][a-z0-9.-]*)+$/;

export const isKnowledgeId = (value: string): boolean => ID_PATTERN.test(value);

const REQUIRED = ['id', 'domain', 'title', 'keys'] as const;
const FIELDS = [...REQUIRED, 'tags'] as const;
type Field = (typeof FIELDS)[number];

const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

const isDomain = (value: string): value is KnowledgeDomain =>
  (KNOWLEDGE_DOMAINS as readonly string[]).includes(value);

const unquote = (value: string): string => {
  const first = value[0];
  if (value.length >= 2 && (first === '"' || first === "'") && value.endsWith(first)) {
    return value.slice(1, -1);
  }
  return value;
};

const parseKeys = (raw: string, file: string, line?: number): string[] => {
  if (!raw.startsWith('[') || !raw.endsWith(']')) {
    throw new KnowledgeFormatError(
      file,
      `keys must be a bracketed list like [gate:41, center:root], got "${raw}"`,
      { line },
    );
  }
  const inner = raw.slice(1, -1).trim();
  if (inner === '') return [];
  const keys = inner.split(',').map((item) => unquote(item.trim()));
  const seen = new Set<string>();
  for (const key of keys) {
    if (!isKnowledgeId(key)) {
      throw new KnowledgeFormatError(file, `keys entry "${key}" is not an id like kind:value`, { line });
    }
    if (seen.has(key)) throw new KnowledgeFormatError(file, `keys lists "${key}" twice`, { line });
    seen.add(key);
  }
  return keys;
};

const TAG = /^[a-z0-9][a-z0-9 '/-]*$/;

const parseTags = (raw: string | undefined, file: string, line?: number): string[] => {
  if (raw === undefined) return [];
  if (!raw.startsWith('[') || !raw.endsWith(']')) {
    throw new KnowledgeFormatError(file, `tags must be a bracketed list like [open center, mind], got "${raw}"`, {
      line,
    });
  }
  const inner = raw.slice(1, -1).trim();
  if (inner === '') return [];
  const tags = inner.split(',').map((item) => unquote(item.trim()));
  for (const tag of tags) {
    if (!TAG.test(tag)) {
      throw new KnowledgeFormatError(file, `tags entry "${tag}" must be lower-case words`, { line });
    }
  }
  return tags;
};

/** `firstLine` is the file line of the body's first line, so errors can name the line. */
const splitSections = (body: string, file: string, firstLine = 1): Record<string, string> => {
  const sections: Record<string, string> = {};
  let heading: string | undefined;
  let lines: string[] = [];
  const close = (): void => {
    if (heading !== undefined) sections[heading] = lines.join('\n').trim();
  };
  let inFence = false;
  for (const [index, line] of body.split('\n').entries()) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const match = inFence ? null : /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (match?.[1] !== undefined) {
      close();
      heading = match[1];
      if (Object.hasOwn(sections, heading)) {
        throw new KnowledgeFormatError(file, `section "## ${heading}" appears twice`, {
          line: firstLine + index,
        });
      }
      lines = [];
    } else {
      lines.push(line);
    }
  }
  close();
  return sections;
};

/** Parses one entry; throws KnowledgeFormatError naming `file` on any malformed input. */
export const parseEntry = (text: string, file: string): KnowledgeEntry => {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  if (lines[0]?.trim() !== '---') {
    throw new KnowledgeFormatError(file, 'missing front matter: the file must start with a line "---"', {
      line: 1,
    });
  }
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (end === -1) {
    throw new KnowledgeFormatError(file, 'unclosed front matter: no closing "---" line', { line: 1 });
  }

  const values: Partial<Record<Field, string>> = {};
  const lineOf: Partial<Record<Field, number>> = {};
  for (const [offset, line] of lines.slice(1, end).entries()) {
    if (line.trim() === '') continue;
    const match = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    const name = match?.[1];
    const value = match?.[2]?.trim();
    if (name === undefined || value === undefined) {
      throw new KnowledgeFormatError(file, `front matter line ${offset + 2} is not "name: value": "${line}"`, {
        line: offset + 2,
      });
    }
    if (!isField(name)) {
      throw new KnowledgeFormatError(
        file,
        `unknown front matter field "${name}" (expected ${FIELDS.join(', ')})`,
        { line: offset + 2 },
      );
    }
    if (values[name] !== undefined)
      throw new KnowledgeFormatError(file, `front matter field "${name}" repeated`, { line: offset + 2 });
    values[name] = value;
    lineOf[name] = offset + 2;
  }
  for (const field of REQUIRED) {
    if (values[field] === undefined || values[field] === '') {
      throw new KnowledgeFormatError(file, `front matter field "${field}" is missing or empty`, {
        line: lineOf[field] ?? end + 1,
      });
    }
  }

  const id = unquote(values.id ?? '');
  if (!isKnowledgeId(id)) {
    throw new KnowledgeFormatError(file, `id "${id}" is not an id like kind:value`, { line: lineOf.id });
  }
  const domain = unquote(values.domain ?? '');
  if (!isDomain(domain)) {
    throw new KnowledgeFormatError(file, `domain "${domain}" must be one of ${KNOWLEDGE_DOMAINS.join(', ')}`, {
      line: lineOf.domain,
    });
  }
  const title = unquote(values.title ?? '').trim();
  if (title === '') throw new KnowledgeFormatError(file, 'title is empty', { line: lineOf.title });
  const keys = parseKeys(values.keys ?? '', file, lineOf.keys);
  const tags = parseTags(values.tags, file, lineOf.tags);

  const body = lines
    .slice(end + 1)
    .join('\n')
    .trim();
  if (body === '') {
    throw new KnowledgeFormatError(file, 'the entry has no body after the front matter', { line: end + 2 });
  }
  // The trimmed body starts at the first non-blank line after the front matter.
  let bodyLine = end + 2;
  while ((lines[bodyLine - 1] ?? '').trim() === '') bodyLine++;
  return { id, domain, title, keys, tags, body, sections: splitSections(body, file, bodyLine), file };
};

/** Every `*.md` below `dir` (hidden files and folders skipped), in code-unit path order. */
export const listMarkdown = async (dir: string): Promise<string[]> => {
  const dirents = await readdir(dir, { withFileTypes: true });
  // Code-unit order, not locale order, so every machine loads the same sequence.
  const names = dirents
    .filter((dirent) => !dirent.name.startsWith('.'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: string[] = [];
  for (const dirent of names) {
    const path = join(dir, dirent.name);
    if (dirent.isDirectory()) files.push(...(await listMarkdown(path)));
    else if (dirent.isFile() && dirent.name.endsWith('.md')) files.push(path);
  }
  return files;
};

/** A knowledge file as read: its path and its text. */
export interface KnowledgeFile {
  path: string;
  text: string;
}

/** Files read together: enough to keep the I/O threads busy, few enough for any file-descriptor limit. */
const READ_AT_ONCE = 64;

/**
 * Every `*.md` below `root` with its text, in listMarkdown's order. Read many at once: one at a time,
 * each read waits its turn on an event loop busy with the rest of the start (the store, the city
 * table), and 716 such turns cost most of a second. A folder that cannot be listed is a
 * KnowledgeFormatError naming it.
 */
export async function readKnowledgeFiles(root: string): Promise<KnowledgeFile[]> {
  let paths: string[];
  try {
    paths = await listMarkdown(root);
  } catch (cause) {
    throw new KnowledgeFormatError(root, 'cannot read the knowledge folder', { cause });
  }
  const files: KnowledgeFile[] = [];
  for (let start = 0; start < paths.length; start += READ_AT_ONCE) {
    const batch = paths.slice(start, start + READ_AT_ONCE);
    const texts = await Promise.all(batch.map((path) => readFile(path, 'utf8')));
    for (const [i, text] of texts.entries()) files.push({ path: batch[i]!, text });
  }
  return files;
}

/**
 * The entries of files read by readKnowledgeFiles. A malformed file or an id used by two files is an
 * error, never a silent skip.
 */
export function parseKnowledgeFiles(files: readonly KnowledgeFile[]): KnowledgeEntry[] {
  const entries: KnowledgeEntry[] = [];
  const fileById = new Map<string, string>();
  for (const { path, text } of files) {
    const entry = parseEntry(text, path);
    const previous = fileById.get(entry.id);
    if (previous !== undefined) {
      throw new KnowledgeFormatError(path, `duplicate id "${entry.id}" (already defined in ${previous})`);
    }
    fileById.set(entry.id, path);
    entries.push(entry);
  }
  return entries;
}

/** Every entry below `root` (hidden files and folders skipped) in a deterministic order. */
export const loadKnowledgeDir = async (root: string): Promise<KnowledgeEntry[]> =>
  parseKnowledgeFiles(await readKnowledgeFiles(root));
