/**
 * The operator settings are checked before anything starts: every variable of the README's operator
 * table, given a bad value, is refused with one line that names it (and what to send instead); the
 * defaults load. A variable added to the README without a case here fails the first test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/app/config.js';

const ROOT = join(import.meta.dirname, '../..');

/** A bad value per variable, and what the error must say besides the name. */
const BAD: Record<string, [value: string, says: RegExp]> = {
  PORT: ['80a', /whole number from 0 to 65535/],
  HOST: ['not a host!', /IP address or a host name/],
  DATA_DIR: ['package.json', /must be a directory/],
  DATABASE_URL: ['mysql://db/x', /postgres:\/\/user:password@host:5432\/dbname/],
  LOG_LEVEL: ['loud', /one of fatal, error, warn, info, debug, trace or silent|one of fatal, error/],
  MAX_CONCURRENT: ['0', /from 1 to 100000/],
  MAX_QUEUE: ['-1', /from 0 to 1000000/],
  MAX_QUEUE_WAIT_MS: ['1.5', /whole number/],
  PUBLIC_RATE_PER_MINUTE: ['many', /whole number/],
  PUBLIC_RATE_BURST: ['0', /from 1/],
  BODY_LIMIT: ['10 gigs', /100kb or 1mb/],
  BODY_TIMEOUT_MS: ['50', /from 100/],
  ALLOWED_ORIGINS: ['https://app.example.com/path', /no path/],
  TRUST_PROXY: ['10.0.0.0/33', /not an IP address, a CIDR block/],
  CACHE_ENTRIES: ['lots', /whole number/],
  CACHE_MB: ['0', /from 1 to 1000000/],
  WORKERS: ['65', /from 1 to 64/],
  KEY_CACHE_MS: ['-5', /from 0/],
  DATABASE_WAIT_MS: ['500', /from 1000/],
  SHUTDOWN_DRAIN_MS: ['5s', /whole number/],
  SHUTDOWN_GRACE_MS: ['forever', /whole number/],
  KNOWLEDGE_DIR: ['/nonexistent/knowledge', /existing directory/],
  ANTHROPIC_API_KEY: ['two words', /no spaces/],
  ANTHROPIC_MODEL: ['claude sonnet', /model name such as/],
  ANTHROPIC_BASE_URL: ['ftp://proxy', /http\(s\) URL/],
  ANTHROPIC_TIMEOUT_MS: ['0', /from 100/],
  WEB_CONCURRENCY: ['two', /whole number from 1 to 64/],
  METRICS_TOKEN: ['short', /at least 16 printable characters/],
  METRICS_PORT: ['70000', /from 0 to 65535/],
  PUBLIC_URL: ['https://charts.example.com/base', /public origin such as https:\/\/charts\.example\.com/],
  OAUTH_REGISTRATIONS_PER_MINUTE: ['0', /from 1 to 100000/],
  OAUTH_SIGN_IN_PER_MINUTE: ['many', /from 1 to 100000/],
  EPHEMERIS: ['fast', /one of auto, native, wasm/],
};

/** The variables the README's operator table lists, in its order. */
function documented(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const table = readme.slice(
    readme.indexOf('## Operator interface'),
    readme.indexOf('\n\n', readme.indexOf('| Variable |')),
  );
  return [...table.matchAll(/^\| ((?:`[A-Z_]+`(?:, )?)+) \|/gm)].flatMap((m) =>
    [...m[1]!.matchAll(/`([A-Z_]+)`/g)].map((v) => v[1]!),
  );
}

describe('operator settings', () => {
  it('has a bad-value case for every variable the README documents, and documents every case', () => {
    const vars = documented();
    expect(vars.length).toBeGreaterThan(20);
    expect([...vars].sort()).toEqual(Object.keys(BAD).sort());
  });

  it.each(Object.entries(BAD))('%s: a bad value is one line naming the variable', (name, [value, says]) => {
    const env: Record<string, string> = { [name]: value };
    // The Claude settings are read with a key; the metrics port with a token.
    if (name.startsWith('ANTHROPIC_') && name !== 'ANTHROPIC_API_KEY') env.ANTHROPIC_API_KEY = 'sk-test';
    if (name === 'METRICS_PORT') env.METRICS_TOKEN = 'a-metrics-token-of-length';
    let error: unknown = null;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(name), message).toBe(true);
    expect(message).toMatch(says);
    expect(message).not.toContain('\n');
  });

  it('loads the defaults, and refuses combinations that cannot work', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.webConcurrency).toBe(1);
    expect(config.metricsToken).toBeNull();
    expect(config.metricsPort).toBeNull();
    expect(config.cacheBytes).toBe(64 * 2 ** 20);
    expect(loadConfig({ CACHE_MB: '8' }).cacheBytes).toBe(8 * 2 ** 20);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      'WEB_CONCURRENCY=2 needs DATABASE_URL: the embedded store allows one process per data directory',
    );
    expect(loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/x' }).webConcurrency).toBe(2);
    expect(() => loadConfig({ METRICS_PORT: '9100' })).toThrow(/^METRICS_PORT needs METRICS_TOKEN/);
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
    expect(loadConfig({}).oauth.publicUrl).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'https://Charts.example.com/' }).oauth.publicUrl).toBe(
      'https://charts.example.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'http://charts.example.com' })).toThrow(/^PUBLIC_URL must/);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).oauth.publicUrl).toBe('http://localhost:3000');
  });
});
