/**
 * SAGE on a real PostgreSQL server with pgvector (0.8.6, built from vendor/pgvector by .ci/run): the
 * production retrieval path. The load turns vectors on (extension, `embedding vector(n)` column,
 * HNSW index), the nearest-neighbour query is planned as an index scan on that index (EXPLAIN), the
 * index is really scanned when SAGE answers a question (pg_stat_user_indexes), and the answer comes
 * from the right passages. The full-text fallback is sage-postgres.test.ts.
 *
 * Below a few thousand chunks PostgreSQL rightly plans an exact scan and sort instead (measured on
 * this server: a sequential scan at 2,000 rows of 384 dimensions, the HNSW index from 5,000), and the
 * bundled knowledge base has far fewer. So after the real load the test adds generated chunks, as a
 * knowledge base that has grown would hold, to bring the table past that point.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultKnowledgeDir } from '../../src/core/knowledge/index.js';
import { hashEmbedder } from '../../src/core/sage/index.js';
import { startPostgres, type TempPostgres } from '../helpers/postgres.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';

let pg: TempPostgres;
let s: TestService;
let dir: string;

beforeAll(async () => {
  pg = await startPostgres();
  dir = await mkdtemp(join(tmpdir(), 'sage-pgvector-'));
  await cp(defaultKnowledgeDir(), dir, { recursive: true });
  s = await startService({ DATABASE_URL: pg.url, KNOWLEDGE_DIR: dir }, { skipKnowledgeLoad: false });
});
afterAll(async () => {
  await s?.close().catch(() => {});
  pg?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Generated chunks in the astrology domain (the one the question below names), as a grown knowledge base. */
const GROWN = 6000;

/**
 * Adds GROWN chunks with random unit-scale vectors straight to the table (the loader's path is the
 * first test's; this only makes the table the size the planner needs), then gathers statistics as
 * autovacuum does after a load.
 */
async function growTable(): Promise<void> {
  const dimension = hashEmbedder().dimension;
  // Rows first and the index after, from its own definition: one build is many times faster than
  // thousands of inserts into the graph.
  const { rows } = await db().query<{ def: string }>(
    "SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'kb_chunks_embedding'",
  );
  await db().query('DROP INDEX kb_chunks_embedding');
  await db().query(
    "INSERT INTO kb_files (path, hash, entry_id) VALUES ('grown/almanac.md', 'x', 'article:astrology:almanac')",
  );
  await db().query(
    `INSERT INTO kb_chunks (path, entry_id, domain, title, heading, ordinal, keywords, body, embedding)
     SELECT 'grown/almanac.md', 'article:astrology:almanac', 'astrology', 'Almanac', 'Note ' || n, n, '',
            'Record ' || n || ' of a generated almanac.',
            (SELECT array_agg(random() - 0.5) FROM generate_series(1, $2) AS d WHERE n > 0)::vector
     FROM generate_series(1, $1) AS n`,
    [GROWN, dimension],
  );
  await db().query(rows[0]!.def);
  await db().query('ANALYZE kb_chunks');
}

const db = () => s.service.deps.store.db;

/** Index scans of the HNSW index so far (a connection that goes idle reports them within 10 s). */
async function hnswScans(): Promise<number> {
  const r = await db().query<{ n: string }>(
    "SELECT idx_scan AS n FROM pg_stat_user_indexes WHERE indexrelname = 'kb_chunks_embedding'",
  );
  return Number(r.rows[0]?.n ?? 0);
}

describe('SAGE on PostgreSQL with pgvector', () => {
  it('turns vectors on: extension 0.8.6, a vector column of the embedder dimension, an HNSW index', async () => {
    const report = await s.service.knowledgeLoad;
    expect(report?.vector).toBe(true);
    expect(report?.vectorNote ?? null).toBeNull();
    expect(report?.malformed).toEqual([]);
    const ext = await db().query<{ extversion: string }>(
      "SELECT extversion FROM pg_extension WHERE extname = 'vector'",
    );
    expect(ext.rows[0]?.extversion).toBe('0.8.6');
    const column = await db().query<{ t: string }>(
      "SELECT format_type(atttypid, atttypmod) AS t FROM pg_attribute WHERE attrelid = 'kb_chunks'::regclass AND attname = 'embedding'",
    );
    expect(column.rows[0]?.t).toBe(`vector(${hashEmbedder().dimension})`);
    const index = await db().query<{ def: string }>(
      "SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'kb_chunks_embedding'",
    );
    expect(index.rows[0]?.def).toMatch(/USING hnsw \(embedding vector_cosine_ops\)/);
    const missing = await db().query<{ n: string }>(
      'SELECT count(*) AS n FROM kb_chunks WHERE embedding IS NULL',
    );
    expect(Number(missing.rows[0]!.n)).toBe(0);
    expect(await s.service.deps.store.sage.countChunks()).toBeGreaterThan(500);
  });

  it("plans SAGE's nearest-neighbour query as a scan of the HNSW index", async () => {
    await growTable();
    const [query] = await hashEmbedder().embed(['saturn return']);
    const vector = `[${Array.from(query!, (x) => x.toFixed(6)).join(',')}]`;
    // The statement SageIndex.searchVector sends, with the default ef_search.
    const plan = await db().query<{ 'QUERY PLAN': string }>(
      'EXPLAIN SELECT id FROM kb_chunks ORDER BY embedding <=> $1::vector LIMIT $2',
      [vector, 30],
    );
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text, text).toMatch(/Index Scan using kb_chunks_embedding on kb_chunks/);
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('answers a question through the index (its scan count rises) from the right passages', async () => {
    const before = await hnswScans();
    const res = await fetch(`${s.url}/api/sage`, {
      method: 'POST',
      headers: authHeaders(s.key),
      body: JSON.stringify({ query: 'What is a Saturn return?' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { answer: string; domain: string } };
    expect(body.data.domain).toBe('astrology');
    expect(body.data.answer).toMatch(/Saturn/);
    let after = before;
    for (let i = 0; i < 150 && after === before; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await hnswScans();
    }
    expect(after).toBeGreaterThan(before);
  });

  it('ranks by vector distance: the nearest chunks to a topic come from the index', async () => {
    const [query] = await hashEmbedder().embed(['saturn return']);
    const nearest = await s.service.deps.store.sage.searchVector(query!, 5);
    expect(nearest).toHaveLength(5);
    expect(nearest.some((c) => /saturn/i.test(`${c.title} ${c.heading} ${c.body}`))).toBe(true);
  });
});
