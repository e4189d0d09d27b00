import { statSync } from 'node:fs';
import { isIP } from 'node:net';
import { ENGINE_SETTINGS, EPHEMERIS_ENGINE } from '../core/ephemeris/index.js';
import { availableParallelism } from 'node:os';
import type { AdmissionLimits } from '../http-bridge/admission.js';
import { parseProxyEntry } from '../http-bridge/proxy-trust.js';
import type { RateLimit } from '../http-bridge/rate-limit.js';
import { DEFAULT_CACHE_BYTES } from '../operations/cache.js';
import type { OAuthConfig } from '../oauth/settings.js';

const MIB = 1024 * 1024;

/** Operator settings, all from the environment (documented in the README). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How long a start keeps trying an unreachable DATABASE_URL before it exits; null: as long as it runs. */
  databaseWaitMs: number | null;
  logLevel: string;
  admission: AdmissionLimits;
  rateLimit: RateLimit;
  bodyLimit: string;
  /** Longest time a request body may take to arrive (408 beyond). */
  bodyTimeoutMs: number;
  /** Browser origins allowed on /mcp besides same-origin (and loopback on a loopback bind). */
  allowedOrigins: string[];
  /** Reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (addresses, CIDR blocks, `loopback`). */
  trustProxy: string[];
  cacheEntries: number;
  /** Bytes the result cache may hold in answers (text, pictures, keys), per process. */
  cacheBytes: number;
  /** Worker threads for CPU-heavy operations (transit series and the like). */
  workers: number;
  keyCacheMs: number;
  /** On SIGTERM: how long /ready fails while requests are still served, before the listener closes. */
  shutdownDrainMs: number;
  shutdownGraceMs: number;
  /** Where SAGE's Markdown knowledge lives (KNOWLEDGE_DIR); undefined = the bundled `knowledge/`. */
  knowledgeDir: string | undefined;
  /** Claude for SAGE answers; null without ANTHROPIC_API_KEY (extractive answers then). */
  anthropic: AnthropicConfig | null;
  /** Service processes on one port (WEB_CONCURRENCY, node:cluster); above 1 only with DATABASE_URL. */
  webConcurrency: number;
  /** `/metrics` for callers sending this bearer token; null = no `/metrics` (404). */
  metricsToken: string | null;
  /** Also serve `/metrics` on 127.0.0.1 at this port (same token); null = not. */
  metricsPort: number | null;
  /** The OAuth authorization server's settings (PUBLIC_URL and its limits). */
  oauth: OAuthConfig;
}

export interface AnthropicConfig {
  apiKey: string;
  model: string;
  /** ANTHROPIC_BASE_URL: a proxy, or a fake server in tests; undefined = the SDK's default. */
  baseURL: string | undefined;
  /** Per attempt; one retry follows a failed attempt. */
  timeoutMs: number;
}

/** Claude model for SAGE when ANTHROPIC_MODEL is not set. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';

function anthropic(env: NodeJS.ProcessEnv): AnthropicConfig | null {
  const model = env.ANTHROPIC_MODEL?.trim() || DEFAULT_ANTHROPIC_MODEL;
  if (!/^[\w.:@/-]+$/.test(model))
    throw new ConfigError(
      `ANTHROPIC_MODEL must be a model name such as ${DEFAULT_ANTHROPIC_MODEL}, got "${model}"`,
    );
  const baseURL = env.ANTHROPIC_BASE_URL?.trim() || undefined;
  if (baseURL !== undefined && !/^https?:\/\/[^\s]+$/.test(baseURL)) {
    throw new ConfigError(`ANTHROPIC_BASE_URL must be an http(s) URL, got "${baseURL}"`);
  }
  const timeoutMs = int(env, 'ANTHROPIC_TIMEOUT_MS', 20_000, 100, 600_000);
  const apiKey = env.ANTHROPIC_API_KEY?.trim();
  if (!apiKey) return null;
  if (!/^[\x21-\x7e]+$/.test(apiKey))
    throw new ConfigError('ANTHROPIC_API_KEY must be one word of printable characters (no spaces)');
  return { apiKey, model, baseURL, timeoutMs };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

/** ALLOWED_ORIGINS: comma-separated origins, each scheme://host[:port] with nothing after. */
function origins(env: NodeJS.ProcessEnv): string[] {
  const list = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const o of list) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(o);
    } catch {
      parsed = null;
    }
    if (!parsed || parsed.origin === 'null' || parsed.origin !== o.toLowerCase().replace(/\/$/, '')) {
      throw new ConfigError(
        `ALLOWED_ORIGINS takes origins such as https://app.example.com (scheme, host, optional port; no path), got "${o}"`,
      );
    }
  }
  return list.map((o) => new URL(o).origin);
}

/** TRUST_PROXY: comma-separated addresses, CIDR blocks or `loopback`; none by default. */
function trustedProxies(env: NodeJS.ProcessEnv): string[] {
  const list = (env.TRUST_PROXY ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const entry of list) {
    const parsed = parseProxyEntry(entry);
    if ('error' in parsed) throw new ConfigError(`TRUST_PROXY: ${parsed.error}`);
  }
  return list;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** HOST: an IP address or a host name (what `server.listen` accepts). */
function host(env: NodeJS.ProcessEnv): string {
  const value = env.HOST || '127.0.0.1';
  const name = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
  if (!isIP(value) && !name.test(value))
    throw new ConfigError(`HOST must be an IP address or a host name such as 0.0.0.0, got "${value}"`);
  return value;
}

/** DATABASE_URL: a postgres:// or postgresql:// URL, or unset for the embedded store. */
function databaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.DATABASE_URL?.trim();
  if (!value) return undefined;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || !url.hostname) {
    throw new ConfigError(
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname',
    );
  }
  return value;
}

/** KNOWLEDGE_DIR: an existing directory, or unset for the bundled `knowledge/`. */
function knowledgeDir(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.KNOWLEDGE_DIR || undefined;
  if (value !== undefined && !statSync(value, { throwIfNoEntry: false })?.isDirectory())
    throw new ConfigError(`KNOWLEDGE_DIR must be an existing directory of Markdown files, got "${value}"`);
  return value;
}

/** DATA_DIR: a directory (created at start when missing) or `memory://` (tests); never a file. */
function dataDir(env: NodeJS.ProcessEnv): string {
  const value = env.DATA_DIR || './.data';
  if (!value.startsWith('memory://') && statSync(value, { throwIfNoEntry: false })?.isDirectory() === false)
    throw new ConfigError(
      `DATA_DIR must be a directory (it is created when missing), got the file "${value}"`,
    );
  return value;
}

/** At least this long: a metrics token is a secret a scraper sends, not a password typed by hand. */
const MIN_METRICS_TOKEN = 16;

function metrics(env: NodeJS.ProcessEnv): Pick<Config, 'metricsToken' | 'metricsPort'> {
  const token = env.METRICS_TOKEN || null;
  if (token !== null && (token.length < MIN_METRICS_TOKEN || !/^[\x21-\x7e]+$/.test(token)))
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN} printable characters without spaces (e.g. openssl rand -hex 24)`,
    );
  const port = env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 0, 65535) : null;
  if (port !== null && token === null)
    throw new ConfigError('METRICS_PORT needs METRICS_TOKEN: /metrics is served only to callers sending it');
  return { metricsToken: token, metricsPort: port };
}

/** WEB_CONCURRENCY: processes on one port; the embedded store allows one process per data directory. */
function webConcurrency(env: NodeJS.ProcessEnv, database: string | undefined): number {
  const n = int(env, 'WEB_CONCURRENCY', 1, 1, 64);
  if (n > 1 && database === undefined)
    throw new ConfigError(
      `WEB_CONCURRENCY=${n} needs DATABASE_URL: the embedded store allows one process per data directory`,
    );
  return n;
}

/** PUBLIC_URL: scheme and host (and port) only, https unless the host is a loopback name. */
function publicUrl(env: NodeJS.ProcessEnv): string | null {
  const value = env.PUBLIC_URL?.trim();
  if (!value) return null;
  const url = URL.parse(value);
  const loopback = url !== null && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const bare = url !== null && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
  if (!url || !bare || url.username || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)))
    throw new ConfigError(
      `PUBLIC_URL must be the service's public origin such as https://charts.example.com (https, no path), got "${value}"`,
    );
  return url.origin;
}

function oauth(env: NodeJS.ProcessEnv): OAuthConfig {
  const ca = env.OAUTH_TEST_METADATA_LOOPBACK_CA || null;
  return {
    publicUrl: publicUrl(env),
    registrationsPerMinute: int(env, 'OAUTH_REGISTRATIONS_PER_MINUTE', 30, 1, 100_000),
    signInPerMinute: int(env, 'OAUTH_SIGN_IN_PER_MINUTE', 20, 1, 100_000),
    metadataLoopbackCa: ca,
  };
}

/**
 * EPHEMERIS: `auto` (the default), `native` or `wasm`. The build itself is chosen when the ephemeris
 * module loads (core/ephemeris/swiss-choice.ts); here a bad value, or `native` where the addon did
 * not load, stops the start with a message instead.
 */
function ephemerisSetting(env: NodeJS.ProcessEnv): void {
  const value = env.EPHEMERIS || 'auto';
  if (!(ENGINE_SETTINGS as readonly string[]).includes(value))
    throw new ConfigError(`EPHEMERIS must be one of ${ENGINE_SETTINGS.join(', ')}, got "${value}"`);
  if (value === 'native' && EPHEMERIS_ENGINE.kind !== 'native')
    throw new ConfigError(`EPHEMERIS=native, but ${EPHEMERIS_ENGINE.nativeUnavailable}`);
}

/** Every variable of the README's operator table, checked; a bad value is a ConfigError naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const bodyLimit = env.BODY_LIMIT || '100kb';
  if (!/^\d+(b|kb|mb)$/i.test(bodyLimit))
    throw new ConfigError(`BODY_LIMIT must look like 100kb or 1mb, got "${bodyLimit}"`);
  const database = databaseUrl(env);
  ephemerisSetting(env);
  return {
    port: int(env, 'PORT', 3000, 0, 65535),
    host: host(env),
    dataDir: dataDir(env),
    databaseUrl: database,
    databaseWaitMs: env.DATABASE_WAIT_MS ? int(env, 'DATABASE_WAIT_MS', 0, 1000, 86_400_000) : null,
    logLevel,
    admission: {
      maxConcurrent: int(env, 'MAX_CONCURRENT', 100, 1, 100_000),
      maxQueue: int(env, 'MAX_QUEUE', 12_000, 0, 1_000_000),
      maxWaitMs: int(env, 'MAX_QUEUE_WAIT_MS', 120_000, 1, 3_600_000),
    },
    rateLimit: {
      perMinute: int(env, 'PUBLIC_RATE_PER_MINUTE', 60, 1, 1_000_000),
      burst: int(env, 'PUBLIC_RATE_BURST', 30, 1, 1_000_000),
    },
    bodyLimit,
    bodyTimeoutMs: int(env, 'BODY_TIMEOUT_MS', 10_000, 100, 300_000),
    allowedOrigins: origins(env),
    trustProxy: trustedProxies(env),
    cacheEntries: int(env, 'CACHE_ENTRIES', 5000, 0, 10_000_000),
    cacheBytes: int(env, 'CACHE_MB', DEFAULT_CACHE_BYTES / MIB, 1, 1_000_000) * MIB,
    workers: int(env, 'WORKERS', availableParallelism(), 1, 64),
    keyCacheMs: int(env, 'KEY_CACHE_MS', 10_000, 0, 3_600_000),
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_MS', 5_000, 0, 600_000),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 30_000, 0, 600_000),
    knowledgeDir: knowledgeDir(env),
    anthropic: anthropic(env),
    webConcurrency: webConcurrency(env, database),
    ...metrics(env),
    oauth: oauth(env),
  };
}
