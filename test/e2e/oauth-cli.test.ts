/**
 * Operator-registered OAuth clients (`npm run oauth -- clients add|list|remove`), for hosts that take
 * a fixed client id and secret (Claude's "OAuth Client ID" field, ChatGPT's predefined clients). A
 * client with a secret authenticates at the token endpoint with it (RFC 6749 section 2.3.1,
 * client_secret_post); a wrong secret is `invalid_client` (RFC 6749 section 5.2). Its redirect URIs
 * meet the rule every client meets (src/oauth/redirect-policy.ts; RFC 8252 sections 7.1, 7.3, 8.4).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  approveWith,
  authorizationUrl,
  Browser,
  pkcePair,
  REDIRECT_URI,
  signInAsPerson,
  tokenRequest,
} from '../helpers/oauth.js';
import { startService } from '../helpers/service.js';

const ROOT = join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'oauth-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', 'oauth', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('oauth clients', () => {
  it('add, then the host signs in with that client id and secret; list; remove', async () => {
    const refused = cli('clients', 'add', '--name', 'Bad', '--redirect-uri', 'http://evil.example/cb');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--redirect-uri http://evil.example/cb is not allowed');

    const added = cli('clients', 'add', '--name', 'Claude (operator)', '--redirect-uri', REDIRECT_URI);
    expect(added.code, added.stderr).toBe(0);
    const clientId = /client_id: (oc_\S+)/.exec(added.stdout)?.[1];
    const secret = added.stdout.trim().split('\n').at(-1)!;
    expect(clientId).toBeDefined();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const svc = await startService({ DATA_DIR: dataDir });
    try {
      const key = await svc.createKey(['basic_chart']);
      const { verifier, challenge } = pkcePair();
      let page = '';
      const { callback } = await signInAsPerson(
        new Browser(),
        authorizationUrl(svc.url, clientId!, challenge),
        (form) => {
          page = form.html;
          return approveWith(key)(form);
        },
      );
      expect(page).toContain('Claude (operator)');
      expect(page).toContain('(registered by the operator of this service)');
      const code = callback!.searchParams.get('code')!;
      const form = {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: REDIRECT_URI,
      };
      const wrong = await tokenRequest(svc.url, {
        ...form,
        client_id: clientId!,
        client_secret: `${secret}x`,
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe('invalid_client');
      const ok = await tokenRequest(svc.url, { ...form, client_id: clientId!, client_secret: secret });
      expect(ok.status).toBe(200);
      expect(ok.body.scope).toBe('basic_chart');
    } finally {
      await svc.close();
    }

    const list = cli('clients', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(
      `${clientId}\toperator\t"Claude (operator)"\tclient_secret_post\t${REDIRECT_URI}`,
    );
    expect(list.stdout).not.toContain(secret);

    const removed = cli('clients', 'remove', clientId!);
    expect(removed.code, removed.stderr).toBe(0);
    expect(cli('clients', 'list').stdout).not.toContain(clientId);
    expect(cli('clients', 'remove', clientId!).code).toBe(2);
  }, 120_000);

  it('refuses the redirects registration refuses; a private-use scheme in reverse-domain form gets the code', async () => {
    for (const uri of ['app://callback', 'javascript:alert(1)', 'https://app.example/cb#x']) {
      const refused = cli('clients', 'add', '--name', 'Bad', '--redirect-uri', uri);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`--redirect-uri ${uri} is not allowed: `);
    }
    const native = 'com.example.desktop:/oauth/callback';
    const added = cli('clients', 'add', '--name', 'Desktop app', '--redirect-uri', native, '--public');
    expect(added.code, added.stderr).toBe(0);
    const clientId = /client_id: (oc_\S+)/.exec(added.stdout)![1]!;
    const svc = await startService({ DATA_DIR: dataDir });
    try {
      const { callback } = await signInAsPerson(
        new Browser(),
        authorizationUrl(svc.url, clientId, pkcePair().challenge, { redirect_uri: native }),
        approveWith(svc.key),
        native,
      );
      expect(callback?.searchParams.get('code')).toMatch(/\S{20,}/);
    } finally {
      await svc.close();
    }
  }, 120_000);
});
