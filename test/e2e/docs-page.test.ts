/**
 * The /docs page's curl examples run when pasted: they name the scheme and host the page was
 * served from (Host header; X-Forwarded-Proto from a proxy named in TRUST_PROXY), put the
 * Authorization header in double quotes so the shell expands $CHART_KEY, and each one, run by sh
 * with the key exported, gets a successful answer. A Host header that is not a plain host name
 * falls back to the default address instead of reaching the page. Sources: POSIX shell quoting
 * (no expansion inside single quotes), RFC 9110 Host, the README's CHART_KEY convention.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../helpers/service.js';

const run = promisify(execFile);
let svc: TestService;
beforeAll(async () => {
  // The test itself stands for a reverse proxy on loopback.
  svc = await startService({ TRUST_PROXY: 'loopback' });
});
afterAll(() => svc?.close());

/** GET /docs with raw headers (fetch may not set Host). */
function getDocs(headers: Record<string, string> = {}): Promise<string> {
  const url = new URL(`${svc.url}/docs`);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: '/docs', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The text of every <pre> block (the examples), as a reader would copy it. */
const examplesOf = (html: string): string[] =>
  [...html.matchAll(/<pre>([\s\S]*?)<\/pre>/g)].map((m) => unescape(m[1]!));

describe('/docs examples', () => {
  it('use the host the page was served from and a double-quoted Authorization header', async () => {
    const examples = examplesOf(await getDocs());
    expect(examples.length).toBeGreaterThan(5);
    for (const ex of examples) {
      expect(ex).toContain(`'${svc.url}/`);
      if (ex.includes('Authorization')) expect(ex).toContain('-H "Authorization: Bearer $CHART_KEY"');
      expect(ex).not.toContain("'Authorization");
    }
    expect(examples.join('\n')).toContain(`${svc.url}/api/chart`);
  });

  it('follow the Host header and a forwarded https scheme', async () => {
    const html = await getDocs({ Host: 'charts.example.test:8443', 'X-Forwarded-Proto': 'https' });
    expect(examplesOf(html).join('\n')).toContain("'https://charts.example.test:8443/api/chart'");
  });

  it('fall back to the default address for a Host header that is not a plain host', async () => {
    const html = await getDocs({ Host: 'evil"><script>x' });
    expect(html).not.toContain('<script>x');
    expect(examplesOf(html).join('\n')).toContain("'http://127.0.0.1:3000/api/chart'");
  });

  it('succeed when pasted into sh with the key exported', async () => {
    const examples = examplesOf(await getDocs());
    const cwd = mkdtempSync(join(tmpdir(), 'docs-examples-'));
    for (const ex of examples) {
      const { stdout } = await run('sh', ['-c', ex], { cwd, env: { ...process.env, CHART_KEY: svc.key } });
      const file = / -o (\S+)/.exec(ex)?.[1];
      if (file) {
        // Pictures are written to a file: an SVG document or a PNG signature.
        const bytes = readFileSync(join(cwd, file));
        if (file.endsWith('.png')) expect(bytes.subarray(1, 4).toString(), ex).toBe('PNG');
        else expect(bytes.toString('utf8', 0, 4), ex).toBe('<svg');
      } else if (ex.includes('/mcp')) {
        expect(stdout, ex).toMatch(/"result":\{/);
        expect(stdout, ex).not.toContain('"isError":true');
      } else {
        expect(JSON.parse(stdout), ex).toMatchObject({ success: true });
      }
    }
  });
});
