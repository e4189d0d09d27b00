import { AppError } from '../core/errors.js';
import { DatabaseUnreachable } from '../core/outage.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DirLockedError, lockDir } from './dir-lock.js';
import { MIGRATIONS } from './migrations.js';
import { type OutageEvent, OutageWatch } from './outage-watch.js';
import { copySnapshotDir, hasSnapshot, readOnce, readSnapshot, writeSnapshot } from './snapshot.js';

/**
 * One SQL code path on the `pg` client API: a real PostgreSQL server when DATABASE_URL is set,
 * otherwise embedded PGlite (with pgvector loaded) persisted in DATA_DIR and reached through its
 * in-process `pg` adapter.
 */
export interface Database {
  readonly kind: 'postgres' | 'embedded';
  readonly pool: pg.Pool;
  /**
   * One statement. `name` makes it a prepared statement, parsed and planned once per connection:
   * for the statements every request runs (about half their cost on the embedded store).
   */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    params?: unknown[],
    name?: string,
  ): Promise<pg.QueryResult<R>>;
  /** True when a trivial query succeeds (readiness). */
  ping(): Promise<boolean>;
  /** The embedded store's data directory as a gzipped tar (`store backup`); absent on PostgreSQL. */
  dump?: () => Promise<Blob>;
  /**
   * Resolves once the schema is migrated: at once, except for a PostgreSQL that was unreachable at
   * start (see DatabaseWait); rejects when the wait gave up. Until then every query is a 503.
   */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * A service that starts while its PostgreSQL is unreachable stays up and keeps trying, instead of
 * exiting: an orchestrator's restart during a database blip would otherwise turn a slow service into
 * a down one. Without it (the commands), an unreachable database fails the open at once.
 */
export interface DatabaseWait {
  /** Each change of state, for the log: `waiting` (with the error), `ready`, `gave-up`. */
  onState: (state: 'waiting' | 'ready' | 'gave-up', detail: { error?: string; waitedMs: number }) => void;
  /** How long to keep trying, in milliseconds; null keeps trying as long as the process runs. */
  maxWaitMs: number | null;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Keep trying a PostgreSQL that is unreachable at start (the service); absent: fail at once. */
  wait?: DatabaseWait | undefined;
  /**
   * Each change in whether PostgreSQL answers once it has been reached (OutageWatch), for the log:
   * the refusals an outage causes are then logged by it, not one by one.
   */
  onOutage?: ((event: OutageEvent) => void) | undefined;
  /** Embedded store directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** Maximum pool size for PostgreSQL. */
  poolSize?: number;
  /** A backup (`Database.dump`) to start a new embedded store from (`store restore`). */
  restore?: Blob;
  /**
   * What a new embedded store holds from its first moment (the service's: SAGE's index of the bundled
   * knowledge), when the snapshot `prepareSnapshot` makes for it is in the cache; else the store
   * starts empty. Ignored on PostgreSQL and by a store that already exists or is restored.
   */
  seed?: StoreSeed | undefined;
}

/**
 * Content a new embedded store is filled with before its snapshot is taken (store/snapshot.ts). A
 * store is opened from the seeded snapshot of its seed's kind whatever content that holds (the last
 * `store snapshot` wrote), so the open reads nothing of the content: the store's owner must bring an
 * older content in line (the service's start-up knowledge load does, file by file).
 */
export interface StoreSeed {
  /** Names what `fill` writes, whatever its content (how it is indexed): part of the snapshot's name. */
  readonly kind: string;
  /** A digest of the content `fill` would write now: `prepareSnapshot` fills it again when it changed. */
  content(): Promise<string>;
  /** Fills a new migrated store; what it writes is in every store made from the snapshot. */
  fill(db: Database): Promise<void>;
}

export class StoreLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded store ${dataDir} is in use by process ${pid}. PGlite allows one process per data ` +
        'directory: stop the server first, or point DATABASE_URL at PostgreSQL to share a store.',
    );
    this.name = 'StoreLockedError';
  }
}

export class StoreExistsError extends Error {
  constructor(dataDir: string) {
    super(
      `${dataDir} already holds an embedded store: restore into a new DATA_DIR, or move this one away first.`,
    );
    this.name = 'StoreExistsError';
  }
}

/**
 * Embedded PostgreSQL settings chosen by measurement (bench/memory.ts and a metered-chart and SAGE
 * run side by side): PostgreSQL's default 128 MB of shared buffers and 64 MB of maintenance memory
 * (the HNSW index build at the knowledge load) are touched in PGlite's WebAssembly memory, which never
 * shrinks. With 32 MB and 16 MB the main process starts about 160 MB smaller (612 -> 454 MB) with
 * the same metered chart rate and SAGE latency; 16 MB of shared buffers saved no more and made SAGE
 * slower.
 */
const EMBEDDED_SETTINGS = ['shared_buffers=32MB', 'maintenance_work_mem=16MB'];

/** PGlite has no directory lock of its own, so we keep a pid file beside the data. */
async function lockDataDir(dataDir: string): Promise<() => void> {
  try {
    return await lockDir(dataDir, 'service.lock');
  } catch (e) {
    throw e instanceof DirLockedError ? new StoreLockedError(dataDir, e.pid) : e;
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it and /ready reports the outage.
    });
    // /ready's check on a connection of its own: on the pool it waited behind the requests' own
    // queries under load, and a balancer whose check timed out took a busy process out of rotation.
    const checks = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
    checks.on('error', () => {});
    const watch = options.onOutage ? new OutageWatch(options.onOutage) : undefined;
    const close = async () => {
      await Promise.all([pool.end(), checks.end()]);
    };
    const db = wrap('postgres', pool, close, watch, checks);
    if (!options.wait) {
      await migrate(db);
      return db;
    }
    try {
      await migrate(db);
      return db;
    } catch (e) {
      if (!isUnreachable(e)) throw e;
      return waitingFor(db, e, options.wait);
    }
  }

  const inMemory = options.dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : await lockDataDir(options.dataDir);
  try {
    const pgDir = join(options.dataDir, 'pg');
    const fresh = inMemory || !existsSync(pgDir);
    if (options.restore && !fresh) throw new StoreExistsError(options.dataDir);
    const seedKind = fresh && !options.restore && options.seed ? options.seed.kind : null;
    const [create, { createPgConfig }] = await Promise.all([
      embeddedCreator(),
      import('@electric-sql/pglite/node-postgres'),
    ]);
    // A new store starts from a snapshot of a migrated (and seeded) one (store/snapshot.ts), made once.
    let load = options.restore;
    if (fresh && !load) {
      // The seeded snapshot when `store snapshot` made it for this kind of seed; else the empty one,
      // made now when missing, and the caller loads what the seed would have held (the service's
      // start-up knowledge load), as it does for an existing store.
      // A snapshot refused on the way (not matching its manifest) is made again at once if empty.
      const tries = seedKind === null ? [null, null] : [seedKind, null, null];
      for (const kind of tries) {
        if (kind === null) await ensureSnapshot(create, null, null);
        if (!inMemory && (await copySnapshotDir(pgDir, kind))) break;
        load = readSnapshot(kind) ?? undefined;
        if (load) break;
      }
    }
    const lite = await create(inMemory ? undefined : pgDir, load);
    const pool = new pg.Pool(createPgConfig(lite) as unknown as pg.PoolConfig);
    const db = wrap('embedded', pool, async () => {
      await pool.end();
      await lite.close();
      unlock();
    });
    await migrate(db);
    return { ...db, dump: () => lite.dumpDataDir('gzip') };
  } catch (e) {
    unlock();
    throw e;
  }
}

type CreateLite = (dataDir?: string, loadDataDir?: Blob) => Promise<PGlite>;

/** Opens (or creates) an embedded store with pgvector and the measured settings. */
async function embeddedCreator(): Promise<CreateLite> {
  const [{ PGlite }, { vector }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-pgvector'),
  ]);
  const startParams = [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((s) => ['-c', s])];
  return (dataDir, loadDataDir) =>
    PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      extensions: { vector },
      ...(loadDataDir ? { loadDataDir: readOnce(loadDataDir) } : {}),
      startParams,
    });
}

/**
 * Makes the snapshot when it is missing or refused, or (for a seed) holds another content than the
 * seed's `content` now; the error when it could not (see writeSnapshot).
 */
async function ensureSnapshot(
  create: CreateLite,
  seed: StoreSeed | null,
  content: string | null,
): Promise<unknown> {
  const kind = seed?.kind ?? null;
  if (hasSnapshot(kind, content ?? undefined)) return null;
  return writeSnapshot((dir) => newSnapshot(create, dir, seed), kind, content);
}

/**
 * Makes the snapshot new embedded stores opened with `seed` start from (and the empty one it is made
 * from), when missing, refused or holding another content: `store snapshot`, which `npm run build`
 * runs. Throws when it could not.
 */
export async function prepareSnapshot(seed: StoreSeed | null = null): Promise<void> {
  const content = seed ? await seed.content() : null;
  const error = await ensureSnapshot(await embeddedCreator(), seed, content);
  if (!hasSnapshot(seed?.kind ?? null, content ?? undefined))
    throw new Error('Could not write the new-store snapshot', { cause: error });
}

/**
 * A snapshot's store in `dir`: migrated, and filled by the seed, if any. A seeded one starts from the
 * empty snapshot (made first when missing), so it costs the seed's fill and not another initdb.
 * Returns its tar, the store shut down cleanly.
 */
async function newSnapshot(create: CreateLite, dir: string, seed: StoreSeed | null): Promise<Blob> {
  let lite;
  if (seed) {
    await ensureSnapshot(create, null, null); // failing that, the seeded one starts from initdb
    const copied = await copySnapshotDir(dir);
    lite = await create(dir, copied ? undefined : (readSnapshot() ?? undefined));
  } else {
    lite = await create(dir);
  }
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const pool = new pg.Pool(createPgConfig(lite) as unknown as pg.PoolConfig);
  const db = wrap('embedded', pool, async () => {});
  try {
    await migrate(db);
    await dropTemplateDatabases(db);
    await seed?.fill(db);
  } finally {
    await pool.end();
  }
  const tar = await lite.dumpDataDir('none');
  await lite.close();
  return tar;
}

/**
 * A store's only database is the one PGlite opens (`postgres`): template0 and template1 are read only
 * by CREATE DATABASE, which the service never runs, and were 600 of a snapshot's 1,000 files (15 MB),
 * copied at every new store. Dropped in the snapshot, so every store made from it goes without them.
 */
async function dropTemplateDatabases(db: Database): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await db.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`).catch(ignoreMissingDatabase);
    await db.query(`DROP DATABASE IF EXISTS ${name}`);
  }
}

/** A database already dropped (a snapshot made from one that had none) is what was wanted. */
function ignoreMissingDatabase(e: unknown): void {
  if ((e as { code?: unknown } | null)?.code !== '3D000') throw e;
}

/** Network errors and PostgreSQL's connection and shutdown classes (SQLSTATE 08, 57P). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
function isUnreachable(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^(08|57P)/.test(code))) return true;
  return e instanceof Error && /Connection terminated|connection timeout/i.test(e.message);
}

/**
 * The database cannot be reached: a 503 the caller may retry, never a 500. Nothing was recorded, so
 * no usage unit is lost: a metered call fails before it answers. Its cause marks it as explained by
 * the outage, which is logged as such (not each refusal).
 */
const storeUnavailable = (cause: unknown) =>
  new AppError('service_unavailable', 'The service database is unreachable; retry in a moment.', {
    cause: new DatabaseUnreachable(reason(cause), { cause }),
    retryAfter: 5,
  });

function wrap(
  kind: Database['kind'],
  pool: pg.Pool,
  close: () => Promise<void>,
  watch?: OutageWatch,
  checks: pg.Pool = pool,
): Database {
  let closed = false;
  /** Runs one statement, telling the watch whether the database answered. */
  const watched = async <T>(run: () => Promise<T>): Promise<T> => {
    if (!watch) return run();
    const sent = watch.clock();
    try {
      const result = await run();
      watch.answered(sent);
      return result;
    } catch (e) {
      if (isUnreachable(e)) watch.failed(reason(e));
      throw e;
    }
  };
  return {
    kind,
    pool,
    ready: Promise.resolve(),
    query: async (text, params, name) => {
      try {
        return await watched(() =>
          name === undefined
            ? pool.query(text, params as unknown[])
            : pool.query({ name, text, values: params as unknown[] }),
        );
      } catch (e) {
        throw isUnreachable(e) ? storeUnavailable(e) : e;
      }
    },
    async ping() {
      try {
        await watched(() => checks.query('SELECT 1'));
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await close();
    },
  };
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

/** The error's own words, for a log line: the connection target, never the URL with its password. */
const reason = (e: unknown): string =>
  e instanceof Error ? `${(e as { code?: string }).code ?? e.name}: ${e.message}` : String(e);

/**
 * The database as a PostgreSQL that was unreachable at start: every query is a 503 (Retry-After)
 * and readiness false until a retry (backing off from 0.5 to 10 s) reaches it and migrates; then it
 * is the database itself. A migration that fails for another reason, or `maxWaitMs` passing, ends
 * the wait (`ready` rejects).
 */
function waitingFor(db: Database, first: unknown, wait: DatabaseWait): Database {
  const started = Date.now();
  let migrated = false;
  let stopped = false;
  wait.onState('waiting', { error: reason(first), waitedMs: 0 });
  const ready = (async () => {
    for (let delay = RETRY_FIRST_MS; ; delay = Math.min(RETRY_MAX_MS, delay * 2)) {
      const left = wait.maxWaitMs === null ? delay : wait.maxWaitMs - (Date.now() - started);
      if (left <= 0) break;
      await new Promise((r) => setTimeout(r, Math.min(delay, left)).unref());
      if (stopped) throw new Error('the store was closed while waiting for its database');
      try {
        await migrate(db);
        migrated = true;
        wait.onState('ready', { waitedMs: Date.now() - started });
        return;
      } catch (e) {
        if (!isUnreachable(e)) throw e;
      }
    }
    wait.onState('gave-up', { waitedMs: Date.now() - started });
    throw new Error(`the database stayed unreachable for ${wait.maxWaitMs} ms`);
  })();
  ready.catch(() => {}); // the owner reads it
  const unavailable = () => storeUnavailable(new Error('the database has not been reached since the start'));
  return {
    ...db,
    ready,
    query: (text, params, name) => (migrated ? db.query(text, params, name) : Promise.reject(unavailable())),
    ping: () => (migrated ? db.ping() : Promise.resolve(false)),
    close: () => {
      stopped = true;
      return db.close();
    },
  };
}

/** Applies numbered migrations once each, under an advisory lock so concurrent starts agree. */
async function migrate(db: Database): Promise<void> {
  const client = await db.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          m.version,
          m.name,
        ]);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${m.version} (${m.name}) failed`, { cause: e });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}
