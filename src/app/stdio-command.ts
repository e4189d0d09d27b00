import type { Logger } from 'pino';
import { serveMcpStdio } from '../mcp/stdio.js';
import { ResultCache } from '../operations/cache.js';
import { RESOURCES } from '../resources/index.js';
import { loadConfig } from './config.js';
import { createLogger } from './log.js';
import { logNodeRuntime } from './node-runtime.js';
import { type Core, createCore } from './service.js';
import { TOOLS } from '../tools/index.js';
import { userDataDir } from './user-data-dir.js';
import { defaultKnowledgeDir, knowledgeBaseOf, readKnowledgeFiles } from '../core/knowledge/index.js';
import type { StoreLockedError } from '../store/index.js';

export const STDIO_HELP = `Usage:
  stdio    serves MCP over stdin and stdout, for a desktop host (Claude Desktop, Claude Code,
           Cursor, VS Code) that starts it as a local command. No key is asked: the person who
           starts it owns it, and nothing is metered. stdout carries only JSON-RPC; logs go to stderr.

Environment:
  DATA_DIR            the embedded store (default: ${userDataDir()}); when another
                      process holds it, this one serves from a private store in memory
  DATABASE_URL        PostgreSQL instead of the embedded store
  ANTHROPIC_API_KEY   SAGE answers with Claude; without it, extractive answers from the knowledge base
  KNOWLEDGE_DIR       SAGE's Markdown knowledge (default: the bundled knowledge/)
  WORKERS             worker processes for heavy operations (default 1 here)
  LOG_LEVEL           fatal, error, warn, info (default), debug, trace, silent`;

/** How long the store waits for a host's first `tools/list` before it opens all the same. */
const LIST_WAIT_MS = 1_000;

/** How long shutting down may take, once the store is open, before the process exits anyway. */
const STOP_DEADLINE_MS = 5_000;

/**
 * `chart-service stdio`: the MCP server a desktop host runs as a child process. It ends when the
 * host closes stdin (the MCP stdio binding's signal) or on SIGTERM/SIGINT: the connection closes,
 * the workers stop and the store closes cleanly, then the process exits 0.
 */
export async function stdioCommand(): Promise<void> {
  const env = { ...process.env };
  // A host that leaves an optional setting's placeholder (`${user_config.data_dir}`) unexpanded
  // means the person set nothing.
  for (const name of ['DATA_DIR', 'ANTHROPIC_API_KEY'])
    if (/^\$\{[^}]*\}$/.test(env[name] ?? '')) delete env[name];
  env.DATA_DIR ||= userDataDir();
  // One host, one person: a worker process for heavy calls is plenty unless asked otherwise.
  env.WORKERS ||= '1';
  const config = loadConfig(env);
  const log = createLogger(config.logLevel);
  logNodeRuntime(log);
  const started = performance.now();
  // The lists are answered before the store is open; `resources/list` needs the knowledge base alone,
  // so it loads first: its 716 files read one after another waited behind the store's start. SAGE's
  // start-up load checks the same read against the index.
  const knowledgeRead = readKnowledgeFiles(defaultKnowledgeDir());
  const knowledge = knowledgeRead.then(knowledgeBaseOf);
  // The store opens once the host has its tool list (or after LIST_WAIT_MS): making a machine's first
  // snapshot holds this thread for seconds (PGlite's initdb), and the list must not wait for it.
  let listed!: () => void;
  const mayOpen = new Promise<void>((resolve) => (listed = resolve));
  setTimeout(listed, LIST_WAIT_MS).unref();
  let inUse: StoreLockedError | null = null;
  const store: StoreState = { opening: null, open: false };
  // The connection opens first: the host's `initialize` is answered while the store opens.
  const core = Promise.all([knowledge, mayOpen]).then(() => {
    store.opening = createCore(config, log, {
      metrics: null,
      lazyWorkers: true,
      knowledge,
      knowledgeRead,
      // Two hosts started as documented share the data directory; the second serves from memory.
      whenStoreInUse: (e) => {
        inUse = e;
        log.warn(
          { dataDir: e.dataDir, pid: e.pid },
          `the store is in use by process ${e.pid} (another host's chart-service, or a server): this ` +
            'process serves from a private store in memory, made from the same snapshot. Charts and ' +
            'SAGE answer the same; nothing is metered or kept here, so nothing is lost when it exits',
        );
      },
    });
    return store.opening;
  });
  void core.then(() => (store.open = true), ignore);
  const server = serveMcpStdio({
    tools: TOOLS,
    resources: RESOURCES,
    deps: core.then((c) => c.deps),
    knowledge,
    cache: new ResultCache(config.cacheEntries, config.cacheBytes),
    log,
    onListed: listed,
  });
  onceStopped(log, store, async () => {
    await server.close();
    await (await store.opening)?.close();
  });
  const { deps } = await core;
  log.info(
    {
      dataDir: config.databaseUrl || inUse ? undefined : config.dataDir,
      database: inUse ? 'embedded, in memory' : deps.store.db.kind,
      tools: TOOLS.length,
      sage: config.anthropic ? 'model' : 'extractive',
      startupMs: Math.round(performance.now() - started),
    },
    'serving MCP over stdio',
  );
}

/** The store's open: not started (the host has not listed yet), under way, or done. */
interface StoreState {
  opening: Promise<Core> | null;
  open: boolean;
}

/**
 * Runs `stop` once, on stdin's end or a signal, then exits: 0 when it finished in time. A store still
 * being opened (or made) is let finish first, however long that takes: a store left half made is
 * worse than a slow exit. The deadline counts from the open; a failed open ends the process itself.
 * One not started yet never starts.
 */
function onceStopped(log: Logger, store: StoreState, stop: () => Promise<void>): void {
  let stopping = false;
  const finish = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, store.opening && !store.open ? 'stopping once the store is open' : 'stopping');
    const opened: Promise<unknown> = store.opening ?? Promise.resolve();
    opened.then(() => {
      const deadline = setTimeout(() => {
        log.error({ reason }, 'stopping took too long: exiting anyway');
        process.exit(1);
      }, STOP_DEADLINE_MS);
      deadline.unref();
      stop().then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'stopping failed');
          process.exit(1);
        },
      );
    }, ignore);
  };
  process.stdin.once('end', () => finish('stdin closed'));
  process.stdin.once('close', () => finish('stdin closed'));
  // A host that goes away leaves a broken pipe on stdout: nobody is left to answer.
  process.stdout.once('error', () => finish('stdout closed'));
  process.once('SIGTERM', () => finish('SIGTERM'));
  process.once('SIGINT', () => finish('SIGINT'));
}

/** The failed start is reported by the command's caller. */
function ignore(): void {}
