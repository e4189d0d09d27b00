/**
 * No request ends the process (docs/decisions.md, "No request path may end the process"). Regression
 * test for "one unauthenticated request stops the process" (issue 37): a 9,000-byte form posted to
 * /oauth/sign-in (a person pasting 9,000 characters into the key field) made the form reader destroy
 * the request, and with PUBLIC_URL unset the error answer then built its 401-style challenge from the
 * request's socket, gone by then: a TypeError in a rejection handler, an unhandled rejection, exit.
 * Here the real process (`src/main.ts serve`, spawned, so a crash is seen as its exit) gets that form
 * with and without PUBLIC_URL, and must answer 413 (the form's limit named, RFC 9110 section 15.5.14)
 * and go on answering /health. Then every route of its router (the list comes from the router itself,
 * so a route added later is fuzzed too) gets oversized, chunked-oversized, truncated, aborted and
 * stalled bodies, JSON and form, with and without a key; after each group of routes the process must
 * still answer /health, no answer may be a 500, and its log must hold no unhandled rejection and no
 * failure while answering an error.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/http-bridge/router.js';
import { type ServiceProcess, startServiceProcess } from '../helpers/cluster.js';
import { freePort } from '../helpers/ports.js';
import { fire, type Outcome, type Shot, shotsAt } from '../helpers/route-fuzz.js';
import { startService } from '../helpers/service.js';

/** Each started process and its data directory. */
const started = new Map<ServiceProcess, string>();

/** A service process on its own data directory (an embedded store on disk: it writes its first key). */
async function spawnService(env: (port: number) => Record<string, string>): Promise<ServiceProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'chart-route-fuzz-'));
  const port = await freePort();
  const child = await startServiceProcess(port, {
    DATA_DIR: dir,
    WORKERS: '1',
    // Under the oversized shots' 40 KB; a stalled body is refused soon.
    BODY_LIMIT: '16kb',
    BODY_TIMEOUT_MS: '300',
    // Limits out of the way: every shot must reach the body-reading paths, not a 429.
    PUBLIC_RATE_PER_MINUTE: '1000000',
    PUBLIC_RATE_BURST: '1000000',
    OAUTH_SIGN_IN_PER_MINUTE: '100000',
    OAUTH_REGISTRATIONS_PER_MINUTE: '100000',
    ...env(port),
  });
  started.set(child, dir);
  return child;
}

afterAll(async () => {
  for (const [s, dir] of started) {
    s.child.kill('SIGKILL');
    await s.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});

const keyOf = (s: ServiceProcess) =>
  readFileSync(join(started.get(s)!, 'initial-api-key.txt'), 'utf8').trim();

/** Whether the process is still running and answers /health with 200. */
async function healthy(s: ServiceProcess): Promise<boolean> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return false;
  const res = await fetch(`${s.url}/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
  return res?.status === 200;
}

/** Lines of the process's log (JSON, warn and above) whose message matches. */
const logged = (s: ServiceProcess, message: RegExp) =>
  s
    .log()
    .split('\n')
    .filter((line) => message.test(line));

/** The form of the issue: `api_key` holding 9,000 bytes in all (the form's limit is 8,192). */
const NINE_KB_FORM = 'csrf=x&api_key='.padEnd(9_000, 'k');

async function postForm(s: ServiceProcess, chunked: boolean) {
  const body = chunked
    ? new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(NINE_KB_FORM));
          c.close();
        },
      })
    : NINE_KB_FORM;
  const res = await fetch(`${s.url}/oauth/sign-in?uid=x`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
    ...(chunked ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: res.status, connection: res.headers.get('connection'), text: await res.text() };
}

let plain: ServiceProcess;
let entries: RouteEntry[];

beforeAll(async () => {
  // The router's own list, from the same code the process runs (an in-process service, closed again).
  const [spawned, inProcess] = await Promise.all([spawnService(() => ({})), startService()]);
  plain = spawned;
  entries = [...inProcess.service.http.routeEntries];
  await inProcess.close();
}, 120_000);

describe('a 9,000-byte sign-in form (issue 37)', () => {
  it('PUBLIC_URL unset (the default): 413 naming the limit, sent and chunked, and the process answers /health', async () => {
    expect(NINE_KB_FORM).toHaveLength(9_000);
    for (const chunked of [false, true]) {
      const answer = await postForm(plain, chunked);
      expect(answer.status).toBe(413);
      expect(answer.text).toContain('under 8192 bytes');
      // The rest of an unread body is not waited for: the connection ends after the answer.
      expect(answer.connection).toBe('close');
      expect(await healthy(plain)).toBe(true);
    }
  });

  it('PUBLIC_URL set: the same 413, and the process answers /health', async () => {
    const withUrl = await spawnService((port) => ({ PUBLIC_URL: `http://127.0.0.1:${port}` }));
    for (const chunked of [false, true]) {
      const answer = await postForm(withUrl, chunked);
      expect(answer.status).toBe(413);
      expect(answer.text).toContain('under 8192 bytes');
      expect(await healthy(withUrl)).toBe(true);
    }
  }, 60_000);
});

describe('every route with broken bodies', () => {
  /** Routes fuzzed at once, between two /health checks. */
  const GROUP = 8;

  it('the process answers /health after each group, never a 500, nothing unhandled in its log', async () => {
    // The list is the router's: OAuth, sign-in, /mcp, REST and pages all in it.
    for (const path of ['/oauth/sign-in', '/mcp', '/api/chart', '/health', '/oauth/authorize/'])
      expect(entries.map((e) => e.path)).toContain(path);
    const key = keyOf(plain);
    const tally: Record<string, number> = {};
    const fiveHundreds: string[] = [];
    for (let at = 0; at < entries.length; at += GROUP) {
      const group = entries.slice(at, at + GROUP);
      const shots = group.flatMap((entry) => shotsAt(entry, key));
      const outcomes: Outcome[] = await Promise.all(shots.map((shot) => fire(plain.port, shot)));
      outcomes.forEach((status, i) => {
        const shot: Shot = shots[i]!;
        tally[`${shot.shape} ${String(status)}`] = (tally[`${shot.shape} ${String(status)}`] ?? 0) + 1;
        if (status === 500)
          fiveHundreds.push(`${shot.method} ${shot.path} ${shot.shape} ${shot.contentType}`);
      });
      const routes = group.map((e) => `${e.method} ${e.path}`).join(', ');
      expect(await healthy(plain), `the process stopped answering after ${routes}:\n${plain.log()}`).toBe(
        true,
      );
    }
    expect(fiveHundreds).toEqual([]);
    expect(logged(plain, /unhandled rejection|failed answering an error/)).toEqual([]);
    // The shots reached the body paths: refusals of the body's size and time, not only of the key.
    expect(tally['oversized 413']).toBeGreaterThan(0);
    expect(tally['oversized-chunked 413']).toBeGreaterThan(0);
    expect(tally['stalled 408']).toBeGreaterThan(0);
    console.info(`route fuzz: ${entries.length} routes, ${JSON.stringify(tally)}`);
  }, 180_000);
});
