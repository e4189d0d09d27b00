import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';
import {
  type KnowledgeFile,
  KnowledgeFormatError,
  parseEntry,
  readKnowledgeFiles,
} from '../core/knowledge/index.js';
import {
  chunkEntry,
  chunkText,
  chunkTokens,
  embedAll,
  type Embedder,
  TOKENIZER_VERSION,
} from '../core/sage/index.js';
import type { SageIndex } from '../store/index.js';

/** What a load did, for the command's output and the start-up log. */
export interface LoadReport {
  dir: string;
  /** Markdown files found. */
  files: number;
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
  /** Files skipped because they do not parse, with the line when one is to blame. */
  malformed: { file: string; line: number | null; reason: string }[];
  chunks: number;
  vector: boolean;
  /** Why vectors are off (pgvector missing), else null. */
  vectorNote: string | null;
  /** Why every file was indexed again (another tokenizer or embedder), else null. */
  reindexed: string | null;
  /**
   * The folder's digest equals the one recorded by the whole load that wrote the index (a new store
   * from the snapshot, a restart): checked as a whole, nothing compared file by file.
   */
  asIndexed: boolean;
  ms: number;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * A knowledge folder's digest from its files' paths (relative, with '/') and content hashes, in the
 * loader's order: two folders with the same digest load into the same chunks.
 */
export function folderDigest(files: readonly { rel: string; hash: string }[]): string {
  const digest = createHash('sha256');
  for (const { rel, hash } of files) digest.update(`${rel}\0${hash}\n`);
  return digest.digest('hex');
}

/**
 * Every Markdown file under `dir` as the loader reads it: relative path, content hash, text. `read`
 * is the folder as already read at start (readKnowledgeFiles), when the start read it for the
 * knowledge base too.
 */
async function readFolder(
  dir: string,
  read: Promise<readonly KnowledgeFile[]> = readKnowledgeFiles(dir),
): Promise<{ rel: string; hash: string; text: string }[]> {
  const files = await read.catch((e: unknown) => {
    throw e instanceof KnowledgeFormatError && e.file === dir
      ? new KnowledgeFormatError(dir, `${e.reason} (KNOWLEDGE_DIR)`, { cause: e.cause })
      : e;
  });
  // Stored paths use '/' whatever the platform, so a base loads the same everywhere.
  return files.map(({ path, text }) => ({
    rel: relative(dir, path).split(sep).join('/'),
    hash: sha256(text),
    text,
  }));
}

/** The digest of the knowledge folder `dir` (see folderDigest). */
export async function knowledgeDigest(dir: string): Promise<string> {
  return folderDigest(await readFolder(dir));
}

/**
 * Brings the store's chunks in line with the Markdown under `dir`: new and changed files are parsed,
 * chunked, embedded and replaced one file per transaction; files gone from the folder are deleted;
 * unchanged files (same content hash, same embedder) are not touched. A malformed file is reported
 * and skipped (its last good version, if any, stays) and the rest loads.
 */
export async function loadSageIndex(
  index: SageIndex,
  dir: string,
  embedder: Embedder,
  signal?: AbortSignal,
  /** The folder as already read (see readFolder). */
  read?: Promise<readonly KnowledgeFile[]>,
): Promise<LoadReport> {
  const started = performance.now();
  const support = await index.prepare(embedder, TOKENIZER_VERSION);
  const files = await readFolder(dir, read);
  const digest = folderDigest(files);
  const report: LoadReport = {
    dir,
    files: files.length,
    added: [],
    changed: [],
    removed: [],
    unchanged: 0,
    malformed: [],
    chunks: 0,
    vector: support.vector,
    vectorNote: support.note,
    reindexed: support.reindex,
    asIndexed: false,
    ms: 0,
  };
  // The index holds exactly this folder (a store made from the snapshot, a restart): nothing to do.
  if ((await index.sourceDigest()) === digest) {
    report.asIndexed = true;
    report.unchanged = files.length;
    report.chunks = await index.countChunks();
    report.ms = Math.round(performance.now() - started);
    return report;
  }
  const stored = await index.fileHashes();
  const present = new Set<string>();
  const pending: { rel: string; hash: string; text: string }[] = [];
  for (const file of files) {
    present.add(file.rel);
    if (stored.get(file.rel) === file.hash) report.unchanged++;
    else pending.push(file);
  }
  report.removed = [...stored.keys()].filter((p) => !present.has(p));
  await index.removeFiles(report.removed);

  const ownerOf = await index.entryOwners();
  for (const { rel, hash, text } of pending) {
    // The embedded store answers from WebAssembly without waiting on I/O, so a chain of awaits never
    // lets a request in: give the event loop a turn per file (the start-up load runs while serving).
    await new Promise((resolve) => setImmediate(resolve));
    // A process shutting down stops between files: each file is replaced whole, so the next start
    // finds the rest still pending and loads it.
    signal?.throwIfAborted();
    try {
      const entry = parseEntry(text, rel);
      const owner = ownerOf.get(entry.id);
      if (owner !== undefined && owner !== rel && present.has(owner)) {
        throw new KnowledgeFormatError(rel, `duplicate id "${entry.id}" (already defined in ${owner})`, {
          line: 2,
        });
      }
      const parts = chunkEntry(entry);
      const vectors = support.vector ? await embedAll(embedder, parts.map(chunkText)) : [];
      const chunks = parts.map((c, i) => ({
        ...c,
        tokens: chunkTokens(c),
        ...(support.vector ? { embedding: vectors[i] } : {}),
      }));
      await index.replaceFile(rel, hash, entry.id, chunks);
      ownerOf.set(entry.id, rel);
      (stored.has(rel) ? report.changed : report.added).push(rel);
    } catch (e) {
      if (!(e instanceof KnowledgeFormatError)) throw e;
      report.malformed.push({ file: rel, line: e.line ?? null, reason: e.reason });
    }
  }
  // Recorded only when the index now holds every file of the folder as it was read.
  if (!report.malformed.length) await index.setSourceDigest(digest);
  report.chunks = await index.countChunks();
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** The report as lines for a person (the load command prints them; the server logs them). */
export function describeLoad(r: LoadReport): string[] {
  const lines = [
    `Knowledge ${r.dir}: ${r.files} files, ${r.added.length} added, ${r.changed.length} changed, ` +
      `${r.removed.length} removed, ${r.unchanged} unchanged${r.asIndexed ? ' (as indexed: the folder digest matches)' : ''}; ${r.chunks} chunks, ` +
      `${r.vector ? 'vector + full-text' : 'full-text only'} retrieval, ${r.ms} ms.`,
  ];
  if (r.reindexed) lines.push(`Indexed every file again: ${r.reindexed}.`);
  if (r.vectorNote) lines.push(`Warning: ${r.vectorNote}`);
  for (const m of r.malformed) {
    lines.push(`Skipped malformed file ${m.file}${m.line === null ? '' : `:${m.line}`}: ${m.reason}`);
  }
  return lines;
}
