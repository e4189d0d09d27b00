/**
 * The OAuth authorization server across two real service processes on one PostgreSQL (the issue's
 * cluster tier): a person signs in through one process, the code is exchanged on the other, the
 * token works on either; the key revoked, both refuse it at once (KEY_CACHE_MS=0 here). Both
 * processes name one PUBLIC_URL, as behind a load balancer. Expected behaviour: the issue's
 * "correct across processes"; codes single-use across processes (OAuth 2.1 section 4.1.2).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { type ServiceProcess, startServiceProcess } from '../helpers/cluster.js';
import { codeAcross, REDIRECT_URI, registeredClientId, tokenRequest } from '../helpers/oauth.js';
import { freePort } from '../helpers/ports.js';
import { startPostgres, type TempPostgres } from '../helpers/postgres.js';

let pg: TempPostgres;
let dir: string;
let admin: Store;
let a: ServiceProcess;
let b: ServiceProcess;

beforeAll(async () => {
  pg = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'oauth-cluster-'));
  const [portA, portB] = [await freePort(), await freePort()];
  const env = (i: number) => ({
    DATABASE_URL: pg.url,
    DATA_DIR: join(dir, `data-${i}`),
    PUBLIC_URL: `http://127.0.0.1:${portA}`,
    KEY_CACHE_MS: '0',
    WORKERS: '1',
  });
  [a, b] = await Promise.all([startServiceProcess(portA!, env(0)), startServiceProcess(portB!, env(1))]);
  admin = await openStore({ databaseUrl: pg.url, dataDir: 'memory://' });
}, 240_000);

afterAll(async () => {
  for (const p of [a, b]) p?.child.kill('SIGKILL');
  await Promise.all([a?.exited, b?.exited]);
  await admin?.close();
  pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const call = (p: ServiceProcess, token: string) =>
  fetch(`${p.url}/api/usage`, { headers: { Authorization: `Bearer ${token}` } });

it('sign in through one process, exchange on the other, call on either; a revoked key refused by both', async () => {
  const { key, record } = await admin.keys.create({ name: 'oauth-cluster', products: ['basic_chart'] });
  const clientId = await registeredClientId(b.url);
  const { code, verifier } = await codeAcross(
    a.url,
    { start: a.url, page: a.url, submit: a.url, resume: a.url },
    clientId,
    key,
  );
  const form = {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
  };
  const tokens = await tokenRequest(b.url, form);
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  expect((await tokenRequest(a.url, form)).status).toBe(400);

  // The code's reuse revoked that grant; a second sign-in, this time moving between processes.
  const second = await codeAcross(
    a.url,
    { start: b.url, page: a.url, submit: b.url, resume: a.url },
    clientId,
    key,
  );
  const fresh = await tokenRequest(a.url, {
    ...form,
    code: second.code,
    code_verifier: second.verifier,
  });
  expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
  expect((await call(a, fresh.body.access_token!)).status).toBe(200);
  expect((await call(b, fresh.body.access_token!)).status).toBe(200);

  expect(await admin.keys.revoke(record.id)).toBe(true);
  expect((await call(a, fresh.body.access_token!)).status).toBe(401);
  expect((await call(b, fresh.body.access_token!)).status).toBe(401);
  const refresh = {
    grant_type: 'refresh_token',
    refresh_token: fresh.body.refresh_token!,
    client_id: clientId,
  };
  expect((await tokenRequest(b.url, refresh)).status).toBe(400);
}, 120_000);
