import { join } from 'node:path';
import type { Metrics } from '../core/metrics.js';
import { type Database, type OpenOptions, openDatabase, StoreLockedError } from './db.js';
import { KeyStore } from './keys.js';
import { OAuthRecordStore } from './oauth-records.js';
import { SageIndex } from './sage-index.js';
import { UsageStore } from './usage.js';

export * from './db.js';
export * from './keys.js';
export * from './oauth-records.js';
export * from './sage-index.js';
export * from './usage.js';
export type { OutageEvent } from './outage-watch.js';

export interface Store {
  db: Database;
  keys: KeyStore;
  /** The OAuth authorization server's codes, tokens, grants and clients. */
  oauth: OAuthRecordStore;
  usage: UsageStore;
  /** SAGE's search index: the knowledge chunks with their text and vectors. */
  sage: SageIndex;
  close(): Promise<void>;
}

export interface StoreOptions extends OpenOptions {
  metrics?: Metrics;
  /**
   * Another process holds the embedded store in `dataDir`: open a private one in memory instead, from
   * the same snapshot a new store starts from, after telling this (the stdio server, whose store holds
   * nothing a person keeps). Absent: the open fails with StoreLockedError.
   */
  whenInUse?: (e: StoreLockedError) => void;
}

/** The data directory of a store that lives in memory and ends with its process. */
const IN_MEMORY = 'memory://';

export async function openStore(options: StoreOptions): Promise<Store> {
  let dataDir = options.dataDir;
  const db = await openDatabase(options).catch((e: unknown) => {
    if (!(e instanceof StoreLockedError) || !options.whenInUse) throw e;
    options.whenInUse(e);
    dataDir = IN_MEMORY;
    return openDatabase({ ...options, dataDir });
  });
  // Units acknowledged while the database is unreachable, and deliveries of reserved units, are kept
  // beside the data (see UsageStore.add and reserve).
  const local = (name: string) => (dataDir.startsWith(IN_MEMORY) ? null : join(dataDir, name));
  const usage = new UsageStore(db, {
    journalDir: local('usage-journal'),
    ledgerDir: local('usage-ledger'),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  return {
    db,
    keys: new KeyStore(db),
    oauth: new OAuthRecordStore(db),
    usage,
    sage: new SageIndex(db),
    close: async () => {
      await usage.close();
      await db.close();
    },
  };
}
export * from './transfer.js';
export {
  hasSnapshot,
  readSnapshot,
  SNAPSHOT_KEEP_DAYS,
  snapshotDirPath,
  snapshotManifestPath,
  snapshotPath,
} from './snapshot.js';
export * from './advisory-lock.js';
