import type { Database } from './db.js';

/** A chunk row as the loader writes it (the embedding is absent without pgvector). */
export interface ChunkRow {
  entryId: string;
  domain: string;
  title: string;
  heading: string;
  ordinal: number;
  keywords: string;
  body: string;
  embedding?: Float32Array;
}

/** A chunk as a search returns it. */
export interface StoredChunk {
  id: number;
  entryId: string;
  domain: string;
  title: string;
  heading: string;
  body: string;
}

export interface VectorSupport {
  /** Whether the `embedding` column exists (pgvector present). */
  vector: boolean;
  /** Why vectors are off, for the start-up log; null when they are on. */
  note: string | null;
}

const CHUNK_COLUMNS = 'id, entry_id, domain, title, heading, body';
const ROWS_PER_INSERT = 100;

/** Vector literal for pgvector; six decimals keep the statement small and lose nothing that matters. */
const vectorLiteral = (v: Float32Array): string => `[${Array.from(v, (x) => x.toFixed(6)).join(',')}]`;

const toChunk = (r: Record<string, unknown>): StoredChunk => ({
  id: Number(r.id),
  entryId: String(r.entry_id),
  domain: String(r.domain),
  title: String(r.title),
  heading: String(r.heading),
  body: String(r.body),
});

/**
 * The knowledge chunks in the store: one row per file (path and content hash, for incremental
 * loads) and its chunks with a full-text `tsvector` and, where pgvector exists, an embedding under
 * an HNSW index. The embedder's name and dimension are kept in `kb_meta`.
 */
export class SageIndex {
  private vectorOn = false;
  /** pgvector 0.8 added iterative index scans; older servers answer without them. */
  private iterativeScan = false;

  constructor(private readonly db: Database) {}

  get hasVectors(): boolean {
    return this.vectorOn;
  }

  /**
   * Enables pgvector when the server has it and makes the embedding column match the embedder. A
   * different embedder (name or dimension) empties the index so everything is embedded again.
   * Returns whether vectors are on and, if not, why.
   */
  async prepare(embedder: { name: string; dimension: number }): Promise<VectorSupport> {
    const available = await this.db.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
    let note: string | null = null;
    if (available.rowCount === 0) {
      note =
        'The PostgreSQL server has no pgvector extension ("vector" is not in pg_available_extensions), ' +
        'so SAGE ranks passages by full-text search only. Install pgvector on the server (for example ' +
        'the postgresql-NN-pgvector package) and restart to add vector similarity.';
    } else {
      try {
        await this.db.query('CREATE EXTENSION IF NOT EXISTS vector');
      } catch (e) {
        note =
          `pgvector is installed on the server but could not be enabled (${(e as Error).message}); ` +
          'SAGE ranks passages by full-text search only. Run CREATE EXTENSION vector as a superuser once.';
      }
    }
    const wanted = `${embedder.name}:${embedder.dimension}`;
    const meta = await this.db.query<{ value: string }>("SELECT value FROM kb_meta WHERE key = 'embedder'");
    const stored = meta.rows[0]?.value ?? null;
    const column = await this.db.query(
      "SELECT 1 FROM information_schema.columns WHERE table_name = 'kb_chunks' AND column_name = 'embedding'",
    );
    const hasColumn = (column.rowCount ?? 0) > 0;
    const vector = note === null;
    const mismatch = stored !== wanted || hasColumn !== vector;
    if (mismatch) {
      // Another embedder (or vectors switched on or off): start from an empty index.
      await this.db.query('DELETE FROM kb_files');
      if (hasColumn) await this.db.query('ALTER TABLE kb_chunks DROP COLUMN embedding');
      if (vector) {
        await this.db.query(`ALTER TABLE kb_chunks ADD COLUMN embedding vector(${embedder.dimension})`);
        await this.db.query(
          'CREATE INDEX kb_chunks_embedding ON kb_chunks USING hnsw (embedding vector_cosine_ops)',
        );
      }
      await this.db.query(
        "INSERT INTO kb_meta (key, value) VALUES ('embedder', $1) ON CONFLICT (key) DO UPDATE SET value = $1",
        [wanted],
      );
    }
    this.vectorOn = vector;
    if (vector) {
      const v = await this.db.query<{ extversion: string }>(
        "SELECT extversion FROM pg_extension WHERE extname = 'vector'",
      );
      const [major = 0, minor = 0] = (v.rows[0]?.extversion ?? '0.0').split('.').map(Number);
      this.iterativeScan = major > 0 || minor >= 8;
    }
    return { vector, note };
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
    if (paths.length) await this.db.query('DELETE FROM kb_files WHERE path = ANY($1)', [paths]);
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
        const width = this.vectorOn ? 9 : 8;
        const values: unknown[] = [];
        const tuples = batch.map((c, i) => {
          values.push(path, c.entryId, c.domain, c.title, c.heading, c.ordinal, c.keywords, c.body);
          if (this.vectorOn) values.push(vectorLiteral(c.embedding ?? new Float32Array()));
          const p = Array.from({ length: width }, (_, j) => `$${i * width + j + 1}`);
          if (this.vectorOn) p[8] = `${p[8]}::vector`;
          return `(${p.join(',')})`;
        });
        await client.query(
          `INSERT INTO kb_chunks (path, entry_id, domain, title, heading, ordinal, keywords, body${this.vectorOn ? ', embedding' : ''}) VALUES ${tuples.join(',')}`,
          values,
        );
      }
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

  /** Nearest chunks by cosine distance through the HNSW index (empty without pgvector). */
  async searchVector(vector: Float32Array, domain: string | null, limit: number): Promise<StoredChunk[]> {
    if (!this.vectorOn) return [];
    const client = await this.db.pool.connect();
    try {
      await client.query('BEGIN');
      // Iterative scans keep an index scan with a domain filter from returning too few rows.
      await client.query('SET LOCAL hnsw.ef_search = 100');
      if (this.iterativeScan) await client.query("SET LOCAL hnsw.iterative_scan = 'relaxed_order'");
      const r = await client.query(
        `SELECT ${CHUNK_COLUMNS} FROM kb_chunks ${domain ? 'WHERE domain = $3' : ''}
         ORDER BY embedding <=> $1::vector LIMIT $2`,
        domain ? [vectorLiteral(vector), limit, domain] : [vectorLiteral(vector), limit],
      );
      await client.query('COMMIT');
      return r.rows.map(toChunk);
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  /** Chunks matching any of the terms, best `ts_rank_cd` first. Terms must be plain words. */
  async searchText(terms: readonly string[], domain: string | null, limit: number): Promise<StoredChunk[]> {
    const safe = [...new Set(terms.filter((t) => /^[\p{L}\p{N}]+$/u.test(t)))];
    if (!safe.length) return [];
    const r = await this.db.query(
      `SELECT ${CHUNK_COLUMNS} FROM kb_chunks, to_tsquery('english', $1) q
       WHERE tsv @@ q ${domain ? 'AND domain = $3' : ''}
       ORDER BY ts_rank_cd(tsv, q) DESC, id LIMIT $2`,
      domain ? [safe.join(' | '), limit, domain] : [safe.join(' | '), limit],
    );
    return r.rows.map(toChunk);
  }
}
