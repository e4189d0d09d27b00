#!/usr/bin/env node
import { rm, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import cluster from 'node:cluster';
import { runPrimary } from './app/cluster.js';
import { type Config, ConfigError, loadConfig } from './app/config.js';
import { listenMetrics } from './app/metrics-listener.js';
import { shareWithPrimary } from './app/metrics.js';
import { STDIO_HELP, stdioCommand } from './app/stdio-command.js';
import { STORE_HELP, storeCommand, StoreUsageError } from './app/store-command.js';
import { OAUTH_HELP, oauthCommand, OAuthUsageError } from './app/oauth-command.js';
import { checkKnowledgeDir, defaultKnowledgeDir, KnowledgeFormatError } from './core/knowledge/index.js';
import { hashEmbedder } from './core/sage/index.js';
import { createLogger } from './app/log.js';
import { logNodeRuntime } from './app/node-runtime.js';
import { loggableError } from './http-bridge/fault-log.js';
import { describeLoad, loadSageIndex, seedFor } from './sage/index.js';
import { createService, registrySource, type Service } from './app/service.js';
import {
  LOCKS,
  METERS,
  openStore,
  PRODUCTS,
  type ProductName,
  ImportError,
  StoreExistsError,
  StoreLockedError,
  usageMonth,
  withAdvisoryLock,
} from './store/index.js';

/**
 * Process entry: `serve` (default), `stdio`, `keys`, `store` and `knowledge`, each with `--help`.
 * stdout carries CLI output only (and, under `stdio`, only JSON-RPC).
 */

/** Where the first start on an empty embedded store leaves its full-access key, inside DATA_DIR. */
const INITIAL_KEY_FILE = 'initial-api-key.txt';

const out = (line: string) => process.stdout.write(`${line}\n`);

class UsageError extends Error {}

const KEYS_HELP = `Usage:
  keys create --name NAME --products basic_chart,advanced_chart,sage_api [--chart-limit N] [--sage-limit N]
  keys list
  keys revoke ID_OR_PREFIX
  keys usage [--month YYYY-MM]`;

function limitArg(value: string | undefined, flag: string): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} must be a whole number >= 0`);
  return n;
}

async function keysCommand(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      products: { type: 'string' },
      'chart-limit': { type: 'string' },
      'sage-limit': { type: 'string' },
      month: { type: 'string' },
    },
  });
  const config = loadConfig();
  if (!sub || !['create', 'list', 'revoke', 'usage'].includes(sub)) throw new UsageError(KEYS_HELP);
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    seed: seedFor(config.knowledgeDir),
  });
  try {
    if (sub === 'create') {
      if (!values.name) throw new UsageError(`--name is required\n${KEYS_HELP}`);
      const products = (values.products ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const unknown = products.filter((p) => !(PRODUCTS as readonly string[]).includes(p));
      if (!products.length || unknown.length) {
        throw new UsageError(`--products takes a comma-separated list of ${PRODUCTS.join(', ')}`);
      }
      const { key, record } = await store.keys.create({
        name: values.name,
        products: products as ProductName[],
        chartLimit: limitArg(values['chart-limit'], '--chart-limit'),
        sageLimit: limitArg(values['sage-limit'], '--sage-limit'),
      });
      out(
        `Created ${record.id} "${record.name}" products=${record.products.join(',')} chart-limit=${record.limits.chart ?? 'unlimited'} sage-limit=${record.limits.sage ?? 'unlimited'}`,
      );
      out('The key is shown once; store it now:');
      out(key);
    } else if (sub === 'list') {
      for (const k of await store.keys.list()) {
        out(
          [
            k.id,
            k.prefix,
            JSON.stringify(k.name),
            k.products.join(','),
            `chart-limit=${k.limits.chart ?? '-'}`,
            `sage-limit=${k.limits.sage ?? '-'}`,
            k.revokedAt ? `revoked ${k.revokedAt}` : 'active',
          ].join('\t'),
        );
      }
    } else if (sub === 'revoke') {
      const target = positionals[0];
      if (!target) throw new UsageError(`revoke needs a key id or prefix\n${KEYS_HELP}`);
      if (!(await store.keys.revoke(target)))
        throw new UsageError(`No active key with id or prefix ${target}`);
      out(`Revoked ${target}`);
    } else {
      const month = values.month ?? usageMonth(new Date());
      const keys = new Map((await store.keys.list()).map((k) => [k.id, k]));
      const rows = await store.usage.list(month);
      out(['month', 'key', 'name', ...METERS].join('\t'));
      const byKey = new Map<string, Record<string, number>>();
      for (const r of rows) byKey.set(r.keyId, { ...(byKey.get(r.keyId) ?? {}), [r.meter]: r.units });
      for (const [id, units] of byKey) {
        out(
          [
            month,
            id,
            JSON.stringify(keys.get(id)?.name ?? ''),
            ...METERS.map((m) => String(units[m] ?? 0)),
          ].join('\t'),
        );
      }
    }
  } finally {
    await store.close();
  }
}

const KNOWLEDGE_HELP = `Usage:
  knowledge load          loads KNOWLEDGE_DIR (default ./knowledge) into the store SAGE answers from
  knowledge check [DIR]   checks the Markdown under DIR (default KNOWLEDGE_DIR) without loading it`;

/**
 * `knowledge check [DIR]`: every file of the folder checked as the loaders read it, and the folder as
 * a whole (duplicate ids, keys no entry defines, conventions), without touching the store. Prints
 * `path:line: error|warning: message` per problem and a summary; exit code 3 when there is an error,
 * so an editor's script or a CI step stops on it (warnings alone exit 0).
 */
async function knowledgeCheck(dirArg: string | undefined): Promise<void> {
  const dir = resolve(dirArg ?? loadConfig().knowledgeDir ?? defaultKnowledgeDir());
  const report = await checkKnowledgeDir(dir);
  for (const p of report.problems) {
    out(`${relative(process.cwd(), resolve(dir, p.file)) || p.file}:${p.line}: ${p.severity}: ${p.message}`);
  }
  const errors = report.problems.filter((p) => p.severity === 'error').length;
  const warnings = report.problems.length - errors;
  out(
    `Checked ${report.files} files in ${dir}: ${report.entries} entries, ${errors} errors, ${warnings} warnings.`,
  );
  if (errors) process.exitCode = 3;
}

/**
 * `knowledge load`: brings the store's SAGE chunks in line with KNOWLEDGE_DIR (only changed files,
 * removed files deleted) and prints what it did, malformed files by name and line. Exit code 3 when
 * a file was skipped, so a CI step catches it while the rest still loads.
 */
async function knowledgeCommand(argv: string[]): Promise<void> {
  if (argv[0] === 'check' && argv.length <= 2) return knowledgeCheck(argv[1]);
  if (argv[0] !== 'load' || argv.length > 1) throw new UsageError(KNOWLEDGE_HELP);
  const config = loadConfig();
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    seed: seedFor(config.knowledgeDir),
  });
  try {
    const report = await withAdvisoryLock(store.db, LOCKS.knowledgeLoad, () =>
      loadSageIndex(store.sage, resolve(config.knowledgeDir ?? defaultKnowledgeDir()), hashEmbedder()),
    );
    for (const line of describeLoad(report)) out(line);
    if (report.malformed.length) process.exitCode = 3;
  } finally {
    await store.close();
  }
}

/**
 * The first key goes to a file only its owner can read, never to stdout or the log, which are often
 * collected. O_EXCL refuses to follow a link planted in its place; an old file is replaced.
 */
async function writeInitialKey(dataDir: string, key: string): Promise<string> {
  const file = resolve(dataDir, INITIAL_KEY_FILE);
  await rm(file, { force: true });
  await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}

/** The first start on an empty embedded store on disk: one full-access key, written to a file. */
async function firstKey(service: Service, config: Config): Promise<void> {
  const { store } = service.deps;
  const onDisk = !config.dataDir.startsWith('memory://');
  if (store.db.kind !== 'embedded' || !onDisk || (await store.keys.count()) > 0) return;
  const { key, record } = await store.keys.create({ name: 'initial full-access key', products: PRODUCTS });
  const file = await writeInitialKey(config.dataDir, key);
  out(
    `First start on an empty store: created ${record.id} with ${record.products.join(', ')}. ` +
      `Its key is in ${file} (readable by this user only); copy it somewhere safe and delete the file.`,
  );
}

async function serve(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  if (cluster.isPrimary) logNodeRuntime(log);
  if (config.webConcurrency > 1 && cluster.isPrimary) return runPrimary(config, log);
  // The last guard of "no request ends the process" (every route's promise is already handled,
  // http-app.ts): a promise nothing awaited that fails is a bug to log, not a reason to stop serving.
  process.on('unhandledRejection', (reason) =>
    log.error({ err: loggableError(reason) }, 'unhandled rejection: a promise nothing awaited failed'),
  );
  const started = performance.now();
  const service = await createService(config, log, { releaseStartMemory: true });
  if (cluster.isWorker && service.metrics) shareWithPrimary(service.metrics.registry);
  await firstKey(service, config);
  const metrics =
    config.metricsPort !== null && config.metricsToken !== null && cluster.isPrimary
      ? await listenMetrics(config.metricsPort, config.metricsToken, registrySource(service.metrics), log)
      : null;
  // Handlers first: a SIGTERM that arrives right after the Listening line must drain, not kill.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // SIGTERM comes from an orchestrator: fail readiness and keep serving for the drain window first.
    // SIGINT is a person at a terminal: stop accepting at once.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    log.info({ signal, drainMs }, 'shutting down: draining, then finishing in-flight requests');
    (drainMs > 0 ? service.shutdown() : service.close()).then(
      async () => {
        await metrics?.close();
        log.info('stopped');
        process.exit(0);
      },
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // A database unreachable at start is waited for (DATABASE_WAIT_MS bounds it): giving up ends the process.
  service.deps.store.db.ready.catch(() => {
    if (stopping) return;
    stopping = true;
    void service.close().finally(() => process.exit(1));
  });
  const addr = await service.listen();
  log.info(
    {
      address: addr.address,
      port: addr.port,
      database: service.deps.store.db.kind,
      startupMs: Math.round(performance.now() - started),
      ...(metrics ? { metricsPort: metrics.port } : {}),
    },
    'listening',
  );
  out(`Listening on http://${addr.address}:${addr.port} (MCP at /mcp, API reference at /docs)`);
}

const SERVE_HELP = `Usage:
  serve    MCP (at /mcp) and REST over HTTP on HOST:PORT (default 127.0.0.1:3000), with API keys.
           Settings come from the environment (PORT, HOST, DATA_DIR, DATABASE_URL, ...: see the README).`;

const HELP = `Usage: chart-service COMMAND [--help]

Commands:
  serve       the HTTP service: MCP and REST with API keys (the default)
  stdio       MCP over stdin/stdout for a desktop host; no key, nothing metered
  keys        create, list and revoke API keys; monthly usage
  store       export, import, back up and restore the store
  knowledge   load or check SAGE's Markdown knowledge
  oauth       OAuth clients registered by the operator (for hosts that need a fixed client id)`;

const COMMAND_HELP: Record<string, string> = {
  serve: SERVE_HELP,
  stdio: STDIO_HELP,
  keys: KEYS_HELP,
  store: STORE_HELP,
  knowledge: KNOWLEDGE_HELP,
  oauth: OAUTH_HELP,
};

const asksForHelp = (args: string[]) => args.some((a) => a === '--help' || a === '-h');

async function main(argv: string[]): Promise<void> {
  const [command = 'serve', ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    out(HELP);
    return;
  }
  const help = COMMAND_HELP[command];
  if (help === undefined) throw new UsageError(`Unknown command "${command}".\n${HELP}`);
  if (asksForHelp(rest)) {
    out(help);
    return;
  }
  if (command === 'serve') {
    if (rest.length) throw new UsageError(`serve takes no arguments\n${SERVE_HELP}`);
    return serve();
  }
  if (command === 'stdio') {
    if (rest.length) throw new UsageError(`stdio takes no arguments\n${STDIO_HELP}`);
    return stdioCommand();
  }
  if (command === 'keys') return keysCommand(rest);
  if (command === 'knowledge') return knowledgeCommand(rest);
  if (command === 'oauth') return oauthCommand(rest, loadConfig(), out);
  return storeCommand(rest, loadConfig(), out);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  const known =
    e instanceof UsageError ||
    e instanceof StoreUsageError ||
    e instanceof OAuthUsageError ||
    e instanceof ImportError ||
    e instanceof StoreExistsError ||
    e instanceof ConfigError ||
    e instanceof StoreLockedError ||
    e instanceof KnowledgeFormatError;
  process.stderr.write(`${known ? (e as Error).message : ((e as Error)?.stack ?? String(e))}\n`);
  // A bad setting is exit 1, like any failed start; a wrong command line is 2, as usage errors are.
  process.exit(known && !(e instanceof ConfigError) ? 2 : 1);
});
