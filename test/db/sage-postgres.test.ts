/**
 * SAGE on a real PostgreSQL server without vectors: the service starts, says why vectors are off,
 * answers from full-text retrieval, and keeps the chart routes working; once the server is stopped,
 * SAGE answers 503 `Knowledge service unavailable` while charts still answer. The full-text column
 * holds SAGE's own tokens here as on the embedded store (PostgreSQL's parser would read "4/1" as one
 * token), so profiles are answered in order, and a question the knowledge base does not cover gets
 * the same "not covered" reply.
 *
 * The service connects as a role that is no superuser, so vectors are off whether or not the server
 * has pgvector installed (as on a managed server where nobody ran CREATE EXTENSION): without it the
 * note says to install it, with it (the CI installs it) the extension cannot be created by that role
 * (pgvector is not a trusted extension) and the note says to run CREATE EXTENSION as a superuser.
 * The vector path is sage-pgvector.test.ts.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultKnowledgeDir } from '../../src/core/knowledge/index.js';
import { startPostgres, type TempPostgres } from '../helpers/postgres.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';

let server: TempPostgres | null = null;
let s: TestService;
let dir: string;

beforeAll(async () => {
  server = await startPostgres();
  const databaseUrl = await server.restrictedDatabase('sage_app');
  dir = await mkdtemp(join(tmpdir(), 'sage-pg-'));
  await cp(join(defaultKnowledgeDir(), 'articles'), dir, { recursive: true });
  await cp(join(defaultKnowledgeDir(), 'hd', 'profiles'), join(dir, 'hd', 'profiles'), { recursive: true });
  s = await startService({ DATABASE_URL: databaseUrl, KNOWLEDGE_DIR: dir }, { skipKnowledgeLoad: false });
});
afterAll(async () => {
  await s?.close().catch(() => {});
  server?.stop();
  await rm(dir, { recursive: true, force: true });
});

const ask = (query: string) =>
  fetch(`${s.url}/api/sage`, {
    method: 'POST',
    headers: authHeaders(s.key),
    body: JSON.stringify({ query }),
  });

const BEIJING = {
  birthDate: '1990-06-15',
  birthTime: '14:30',
  birthLocation: 'Beijing, China',
  gender: 'male',
};
const bazi = (input: object) =>
  fetch(`${s.url}/api/bazi`, { method: 'POST', headers: authHeaders(s.key), body: JSON.stringify(input) });

describe('SAGE on PostgreSQL without vectors', () => {
  it('loads with full-text only and says how to add vectors', async () => {
    const report = await s.service.knowledgeLoad;
    expect(report?.vector).toBe(false);
    expect(report?.vectorNote).toMatch(
      /no pgvector extension.*full-text search only.*Install pgvector|installed on the server but could not be enabled.*full-text search only.*CREATE EXTENSION vector as a superuser/s,
    );
    const column = await s.service.deps.store.db.query(
      "SELECT 1 FROM information_schema.columns WHERE table_name = 'kb_chunks' AND column_name = 'embedding'",
    );
    expect(column.rowCount).toBe(0);
    expect(report?.malformed).toEqual([]);
    expect(report?.added.length).toBeGreaterThanOrEqual(30);
  });

  it('answers from full-text retrieval while the chart routes keep working', async () => {
    const res = await ask('Is a 6/2 profile rare?');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { answer: string; domain: string } };
    expect(body.data.domain).toBe('hd');
    expect(body.data.answer).toContain('6/2');
    const chart = await bazi(BEIJING);
    expect(chart.status).toBe(200);
  });

  it('stores its own tokens and answers each profile in its order, as on the embedded store', async () => {
    const stored = await s.service.deps.store.db.query<{ tsv: string }>(
      "SELECT tsv::text AS tsv FROM kb_chunks WHERE entry_id = 'profile:4-1' AND ordinal = 0",
    );
    expect(stored.rows[0]?.tsv).toMatch(/'profile:4-1':\d+A/);
    for (const [q, title] of [
      ["What's a 4/1 profile?", '### Profile 4/1 — Opportunist / Investigator'],
      ['1/4', '### Profile 1/4 — Investigator / Opportunist'],
    ]) {
      const body = (await (await ask(q!)).json()) as { data: { answer: string; domain: string } };
      expect(body.data.answer.split('\n')[0], q).toBe(title);
      expect(body.data.domain).toBe('hd');
    }
    const off = (await (await ask('how do I bake sourdough bread')).json()) as { data: { answer: string } };
    expect(off.data.answer).toMatch(/does not cover this question/);
  });

  it('answers 503 Knowledge service unavailable when the server is down; charts still answer', async () => {
    server?.stop();
    server = null;
    const res = await ask('What is a Saturn return?');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Knowledge service unavailable',
    );
    // The chart asked before the stop comes from the result cache: no database needed.
    const again = await bazi(BEIJING);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-cache')).toBe('HIT');
    // A new chart still answers: its unit waits in the local usage journal (test/db/outage.test.ts
    // follows it back into the database).
    const fresh = await bazi({ ...BEIJING, birthTime: '15:45' });
    expect(fresh.status).toBe(200);
    expect(s.service.deps.store.usage.journaled).toBe(1);
  });
});
