import type { IndexedChunk } from '../core/sage/index.js';
import type { Database } from './db.js';

/** Full-text tokens of a chunk by weight: A (title), B (heading and tags), C (body). */
export interface WeightedTokens {
  A: readonly string[];
  B: readonly string[];
  C: readonly string[];
}

/** A chunk row as the loader writes it (the embedding is absent without pgvector). */
export interface ChunkRow {
  entryId: string;
  domain: string;
  title: string;
  heading: string;
  ordinal: number;
  keywords: string;
  body: string;
  /** The chunk's tokens from SAGE's tokenizer: the full-text column is built from them. */
  tokens: WeightedTokens;
  embedding?: Float32Array;
}

/** A chunk as a search returns it (what SAGE's catalog keeps, less the order and tags). */
export type StoredChunk = Omit<IndexedChunk, 'ordinal' | 'keywords'>;

export interface VectorSupport {
  /** Whether the `embedding` column exists (pgvector present). */
  vector: boolean;
  /** Why vectors are off, for the start-up log; null when they are on. */
  note: string | null;
  /** Why every file is indexed again (another embedder or tokenizer), or null. */
  reindex: string | null;
}

const CHUNK_COLUMNS = 'id, entry_id, domain, title, heading, body';
/** How long a generation read from the database stands for the current one (see `generation`). */
const GENERATION_TTL_MS = 1000;
const CATALOG_COLUMNS = `${CHUNK_COLUMNS}, ordinal, keywords`;
const ROWS_PER_INSERT = 100;

/** Vector literal for pgvector; six decimals keep the statement small and lose nothing that matters. */
const vectorLiteral = (v: Float32Array): string => `[${Array.from(v, (x) => x.toFixed(6)).join(',')}]`;

/** PostgreSQL keeps at most 256 positions per lexeme and positions up to 16383. */
const MAX_POSITIONS = 256;
const MAX_POSITION = 16383;

const quoteLexeme = (token: string): string => `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A `tsvector` literal from tokens already normalised by SAGE's tokenizer: cast, not parsed, so
 * PostgreSQL stores exactly these lexemes (with their positions and weights) on every server.
 */
export function tsvectorLiteral(tokens: WeightedTokens): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  for (const weight of ['A', 'B', 'C'] as const) {
    for (const token of tokens[weight]) {
      position = Math.min(position + 1, MAX_POSITION);
      const list = positions.get(token) ?? [];
      if (list.length < MAX_POSITIONS) list.push(`${position}${weight}`);
      positions.set(token, list);
    }
  }
  return [...positions].map(([token, list]) => `${quoteLexeme(token)}:${list.join(',')}`).join(' ');
}

/** A `tsquery` literal matching any of the tokens. */
export const anyTokenQuery = (tokens: readonly string[]): string =>
  [...new Set(tokens)].map(quoteLexeme).join(' | ');

const toChunk = (r: Record<string, unknown>): StoredChunk => ({
  id: Number(r.id),
  entryId: String(r.entry_id),
  domain: String(r.domain),
  title: String(r.title),
  heading: String(r.heading),
  body: String(r.body),
});

const toIndexedChunk = (r: Record<string, unknown>): IndexedChunk => ({
  ...toChunk(r),
  ordinal: Number(r.ordinal),
  keywords: String(r.keywords),
});

/**
 * Full-text ranking: `ts_rank` with PostgreSQL's default weights (A 1.0 for the title, B 0.4 for the
 * heading and tags, C 0.2 for the body) and normalisation 1 (the rank divided by 1 + the log of the
 * chunk's length), so a long article section that repeats a word does not bury the short entry that
 * defines it.
 */
const TEXT_RANK = 'ts_rank(tsv, q, 1)';

/**
 * The knowledge chunks in the store: one row per file (path and content hash, for incremental
 * loads) and its chunks with a full-text `tsvector` built from SAGE's own tokens and, where pgvector
 * exists, an embedding under an HNSW index. The embedder (name and dimension), the tokenizer version
 * and a generation number that every change bumps are kept in `kb_meta`.
 */
export class SageIndex {
  private vectorOn = false;
  /** The last generation read and when, and whether this process changed the index since. */
  private seen: { generation: string; at: number } | null = null;

  constructor(private readonly db: Database) {}

  get hasVectors(): boolean {
    return this.vectorOn;
  }

  /** Enables pgvector when the server has it; else says why SAGE ranks by full-text alone. */
  private async enableVectors(): Promise<string | null> {
    // Enabled already (every store after its first start): the catalog of available extensions,
    // which reads the server's extension folder, is not needed (tens of milliseconds at each start).
    const enabled = await this.db.query("SELECT 1 FROM pg_extension WHERE extname = 'vector'");
    if ((enabled.rowCount ?? 0) > 0) return null;
    const available = await this.db.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
    if (available.rowCount === 0) {
      return (
        'The PostgreSQL server has no pgvector extension ("vector" is not in pg_available_extensions), ' +
        'so SAGE ranks passages by full-text search only. Install pgvector on the server (for example ' +
        'the postgresql-NN-pgvector package) and restart to add vector similarity.'
      );
    }
    try {
      await this.db.query('CREATE EXTENSION IF NOT EXISTS vector');
      return null;
    } catch (e) {
      return (
        `pgvector is installed on the server but could not be enabled (${(e as Error).message}); ` +
        'SAGE ranks passages by full-text search only. Run CREATE EXTENSION vector as a superuser once.'
      );
    }
  }

  private async meta(key: string): Promise<string | null> {
    const r = await this.db.query<{ value: string }>('SELECT value FROM kb_meta WHERE key = $1', [key]);
    return r.rows[0]?.value ?? null;
  }

  private async setMeta(key: string, value: string): Promise<void> {
    await this.db.query(
      'INSERT INTO kb_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2',
      [key, value],
    );
  }

  /**
   * Makes the index match the embedder and the tokenizer: vectors on when the server has pgvector,
   * the embedding column of the embedder's dimension. A different embedder or tokenizer (or vectors
   * switched on or off) empties the index so that the next load indexes everything again.
   */
  async prepare(embedder: { name: string; dimension: number }, tokenizer: string): Promise<VectorSupport> {
    const note = await this.enableVectors();
    const vector = note === null;
    const wanted = `${embedder.name}:${embedder.dimension}`;
    const [storedEmbedder, storedTokenizer] = [await this.meta('embedder'), await this.meta('tokenizer')];
    // The system catalog, not information_schema: the view's first read costs about 50 ms.
    const column = await this.db.query(
      "SELECT 1 FROM pg_attribute WHERE attrelid = 'kb_chunks'::regclass AND attname = 'embedding' AND NOT attisdropped",
    );
    const hasColumn = (column.rowCount ?? 0) > 0;
    const files = Number(
      (await this.db.query<{ n: string }>('SELECT count(*) AS n FROM kb_files')).rows[0]?.n,
    );
    let reindex: string | null = null;
    if (storedEmbedder !== wanted || hasColumn !== vector) {
      reindex = storedEmbedder === null ? null : `the embedder changed (${storedEmbedder} -> ${wanted})`;
      if (hasColumn !== vector) reindex = vector ? 'vectors were switched on' : 'vectors were switched off';
      if (hasColumn) await this.db.query('ALTER TABLE kb_chunks DROP COLUMN embedding');
      if (vector) {
        await this.db.query(`ALTER TABLE kb_chunks ADD COLUMN embedding vector(${embedder.dimension})`);
        await this.db.query(
          'CREATE INDEX kb_chunks_embedding ON kb_chunks USING hnsw (embedding vector_cosine_ops)',
        );
      }
      await this.setMeta('embedder', wanted);
    }
    if (storedTokenizer !== tokenizer) {
      reindex ??= `the tokenizer changed (${storedTokenizer ?? 'PostgreSQL english'} -> ${tokenizer})`;
      await this.setMeta('tokenizer', tokenizer);
    }
    if (reindex !== null || storedEmbedder === null) await this.emptyIndex();
    this.vectorOn = vector;
    return { vector, note, reindex: files > 0 ? reindex : null };
  }

  private async emptyIndex(): Promise<void> {
    await this.db.query('DELETE FROM kb_files');
    await this.bumpGeneration(this.db);
  }

  /**
   * Every change to the chunks bumps the generation, so readers know to rebuild what they derive, and
   * forgets the folder digest (see `sourceDigest`): only a load that ends whole records it again.
   */
  private async bumpGeneration(client: Pick<Database, 'query'>): Promise<void> {
    await client.query(
      `INSERT INTO kb_meta (key, value) VALUES ('generation', '1')
       ON CONFLICT (key) DO UPDATE SET value = (kb_meta.value::bigint + 1)::text`,
    );
    await client.query("DELETE FROM kb_meta WHERE key = 'source'");
    this.seen = null;
  }

  /**
   * The digest of the knowledge folder the index holds exactly (every file loaded, none malformed),
   * as the last whole load recorded it; null once anything changed since, or before a first load.
   */
  async sourceDigest(): Promise<string | null> {
    return this.meta('source');
  }

  async setSourceDigest(digest: string): Promise<void> {
    await this.setMeta('source', digest);
  }

  /**
   * The current generation (see bumpGeneration); '0' before the first load. A change made by this
   * process is seen at once; one made by another process (the `knowledge load` command beside a
   * server on PostgreSQL) within GENERATION_TTL_MS, which spares every question a round trip.
   */
  async generation(): Promise<string> {
    const now = performance.now();
    if (this.seen && now - this.seen.at < GENERATION_TTL_MS) return this.seen.generation;
    const generation = (await this.meta('generation')) ?? '0';
    this.seen = { generation, at: now };
    return generation;
  }

  /** path -> content hash of every loaded file. */
  async fileHashes(): Promise<Map<string, string>> {
    const r = await this.db.query<{ path: string; hash: string }>('SELECT path, hash FROM kb_files');
    return new Map(r.rows.map((row) => [row.path, row.hash]));
  }

  /** entry id -> path of the file that defines it. */
  async entryOwners(): Promise<Map<string, string>> {
    const r = await this.db.query<{ path: string; entry_id: string }>('SELECT path, entry_id FROM kb_files');
    return new Map(r.rows.map((row) => [row.entry_id, row.path]));
  }

  async removeFiles(paths: readonly string[]): Promise<void> {
    if (!paths.length) return;
    await this.db.query('DELETE FROM kb_files WHERE path = ANY($1)', [paths]);
    await this.bumpGeneration(this.db);
  }

  /** Replaces one file's chunks in a short transaction (others are not held up for long). */
  async replaceFile(path: string, hash: string, entryId: string, chunks: readonly ChunkRow[]): Promise<void> {
    const client = await this.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM kb_files WHERE path = $1', [path]);
      await client.query('INSERT INTO kb_files (path, hash, entry_id) VALUES ($1, $2, $3)', [
        path,
        hash,
        entryId,
      ]);
      for (let start = 0; start < chunks.length; start += ROWS_PER_INSERT) {
        const batch = chunks.slice(start, start + ROWS_PER_INSERT);
        const width = this.vectorOn ? 11 : 10;
        const values: unknown[] = [];
        const tuples = batch.map((c, i) => {
          const count = c.tokens.A.length + c.tokens.B.length + c.tokens.C.length;
          values.push(path, c.entryId, c.domain, c.title, c.heading, c.ordinal, c.keywords, c.body);
          values.push(tsvectorLiteral(c.tokens), count);
          if (this.vectorOn) values.push(vectorLiteral(c.embedding ?? new Float32Array()));
          const p = Array.from({ length: width }, (_, j) => `$${i * width + j + 1}`);
          p[8] = `${p[8]}::tsvector`;
          if (this.vectorOn) p[10] = `${p[10]}::vector`;
          return `(${p.join(',')})`;
        });
        await client.query(
          `INSERT INTO kb_chunks (path, entry_id, domain, title, heading, ordinal, keywords, body, tsv, tokens${this.vectorOn ? ', embedding' : ''}) VALUES ${tuples.join(',')}`,
          values,
        );
      }
      await this.bumpGeneration(client);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  async countChunks(): Promise<number> {
    const r = await this.db.query<{ n: string }>('SELECT count(*) AS n FROM kb_chunks');
    return Number(r.rows[0]?.n ?? 0);
  }

  /** Every chunk, in load order: SAGE keeps them in memory for its lexicon and answers. */
  async allChunks(): Promise<IndexedChunk[]> {
    const r = await this.db.query(`SELECT ${CATALOG_COLUMNS} FROM kb_chunks ORDER BY id`);
    return r.rows.map(toIndexedChunk);
  }

  /**
   * Nearest chunks by cosine distance through the HNSW index (empty without pgvector). One statement:
   * the search spans every system, so no filter can starve the index scan, and pgvector's default
   * `ef_search` (40) covers the candidates asked for.
   */
  async searchVector(vector: Float32Array, limit: number): Promise<StoredChunk[]> {
    if (!this.vectorOn) return [];
    const r = await this.db.query(
      `SELECT ${CHUNK_COLUMNS} FROM kb_chunks ORDER BY embedding <=> $1::vector LIMIT $2`,
      [vectorLiteral(vector), limit],
      'sage-vector',
    );
    return r.rows.map(toChunk);
  }

  /** Chunks holding any of the tokens (SAGE's tokenizer's output), best length-normalised rank first. */
  async searchText(tokens: readonly string[], limit: number): Promise<StoredChunk[]> {
    if (!tokens.length) return [];
    const r = await this.db.query(
      `SELECT ${CHUNK_COLUMNS} FROM kb_chunks, CAST($1 AS tsquery) q
       WHERE tsv @@ q ORDER BY ${TEXT_RANK} DESC, id LIMIT $2`,
      [anyTokenQuery(tokens), limit],
      'sage-text',
    );
    return r.rows.map(toChunk);
  }
}
