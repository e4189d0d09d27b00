/**
 * SIGTERM on the real process (`src/main.ts serve`, as the README runs it): no request sent before or
 * during the drain window is reset. During SHUTDOWN_DRAIN_MS /ready answers 503 while requests are
 * still accepted and answered, each with `Connection: close`; a body still arriving when the signal
 * comes is read and answered; then the process exits 0. Regression test for "SIGTERM resets requests
 * already sent". Expected behaviour: shared/DESIGN.md section 5 and RFC 9112 section 9.6 (a server
 * that sends `Connection: close` closes after that response).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'chart-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', SHUTDOWN_DRAIN_MS: '1500' },
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const m = /Listening on http:\/\/[^:]+:(\d+)/.exec(buf);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

interface Answer {
  status: number;
  connection: string | undefined;
}

function request(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; agent?: http.Agent },
) {
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: opts.method ?? 'GET',
    path: opts.path,
    headers: opts.headers,
    agent: opts.agent ?? false,
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
    });
    req.on('error', reject);
  });
  return { req, answer };
}

describe('SIGTERM', () => {
  it('drains: /ready 503, requests before and during the window answered with Connection: close, exit 0', async () => {
    const { child, port } = await startServer();
    const key = readFileSync(join(dataDir, 'initial-api-key.txt'), 'utf8').trim();
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    const body = JSON.stringify({ birthLocation: 'Montréal' });
    const headers = {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
    };

    // A keep-alive connection left idle before the signal, and a body still arriving when it comes.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const warm = request(port, { path: '/health', agent });
    warm.req.end();
    expect((await warm.answer).status).toBe(200);
    const slow = request(port, { method: 'POST', path: '/api/validate-location', headers });
    slow.req.flushHeaders();
    slow.req.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 100));

    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));

    const ready = request(port, { path: '/ready' });
    ready.req.end();
    expect(await ready.answer).toEqual({ status: 503, connection: 'close' });

    const reused = request(port, { method: 'POST', path: '/api/validate-location', headers, agent });
    reused.req.end(body);
    const fresh = request(port, { method: 'POST', path: '/api/validate-location', headers });
    fresh.req.end(body);
    slow.req.end(body.slice(10));

    expect(await reused.answer).toEqual({ status: 200, connection: 'close' });
    expect(await fresh.answer).toEqual({ status: 200, connection: 'close' });
    expect(await slow.answer).toEqual({ status: 200, connection: 'close' });
    expect(await exited).toBe(0);
    agent.destroy();
  }, 120_000);
});
