/**
 * SAGE on a real PostgreSQL database where pgvector cannot be enabled (the server has it, but the
 * service's role is no superuser, so `CREATE EXTENSION vector` is refused, as on a managed server
 * where nobody ran it): the service starts, says why vectors are off and what to run, answers from
 * full-text retrieval, and keeps the chart routes working; once the server is stopped, SAGE answers
 * 503 `Knowledge service unavailable` while charts still answer. The vector path is
 * sage-pgvector.test.ts.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultKnowledgeDir } from '../../src/core/knowledge/index.js';
import { startPostgres, type TempPostgres } from '../helpers/postgres.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';

let pg: TempPostgres | null = null;
let s: TestService;
let dir: string;

beforeAll(async () => {
  pg = await startPostgres();
  dir = await mkdtemp(join(tmpdir(), 'sage-pg-'));
  await cp(join(defaultKnowledgeDir(), 'articles'), dir, { recursive: true });
  const url = await pg.restrictedDatabase('sage_app');
  s = await startService({ DATABASE_URL: url, KNOWLEDGE_DIR: dir }, { skipKnowledgeLoad: false });
});
afterAll(async () => {
  await s?.close().catch(() => {});
  pg?.stop();
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

describe('SAGE on PostgreSQL where pgvector cannot be enabled', () => {
  it('loads with full-text only and says how to add vectors', async () => {
    const report = await s.service.knowledgeLoad;
    expect(report?.vector).toBe(false);
    expect(report?.vectorNote).toMatch(
      /installed on the server but could not be enabled.*permission denied.*full-text search only.*CREATE EXTENSION vector as a superuser/s,
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

  it('answers 503 Knowledge service unavailable when the server is down; charts still answer', async () => {
    pg?.stop();
    pg = null;
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
