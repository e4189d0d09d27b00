import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import {
  checkExport,
  exportStore,
  importStore,
  openStore,
  prepareSnapshot,
  snapshotPath,
} from '../store/index.js';
import { bundledKnowledgeSeed, seedFor } from '../sage/index.js';
import type { Config } from './config.js';

export const STORE_HELP = `Usage:
  store export FILE     keys (hashes only), usage and the outage journal to a JSON file
  store import FILE     load an export into this store (DATABASE_URL, or DATA_DIR); refuses keys it already holds
  store backup FILE     the embedded store (DATA_DIR) as one .tar.gz file
  store restore FILE    a backup into a new embedded store (DATA_DIR must not hold one yet)
  store snapshot        prepare the snapshot new embedded stores start from, the bundled knowledge indexed (npm run build does)`;

export class StoreUsageError extends Error {}

/** Writes beside and renames, so a reader never sees half a file and an old one is replaced whole. */
function writeWhole(file: string, bytes: string | Buffer): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes, { mode: 0o600 });
  renameSync(tmp, file);
}

/**
 * `store export|import|backup|restore`: moving off the embedded store and keeping copies of it. The
 * embedded store is opened like the keys command opens it (the server must be stopped: one process
 * per data directory); PostgreSQL any time.
 */
export async function storeCommand(
  argv: string[],
  config: Config,
  out: (line: string) => void,
): Promise<void> {
  const [sub, file] = argv;
  if (sub === 'snapshot') {
    // Both: the service's (the bundled knowledge indexed) and the empty one it is made from.
    const seed = bundledKnowledgeSeed();
    await prepareSnapshot(seed);
    out(`New-store snapshot: ${snapshotPath(seed.kind)} (migrated, the bundled knowledge indexed)`);
    return;
  }
  if (!sub || !['export', 'import', 'backup', 'restore'].includes(sub) || !file)
    throw new StoreUsageError(STORE_HELP);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded store in ${config.dataDir}`;
  if (sub === 'restore') {
    if (config.databaseUrl)
      throw new StoreUsageError(
        'store restore is for the embedded store: unset DATABASE_URL (on PostgreSQL, use pg_restore).',
      );
    const restore = new Blob([readFileSync(file)]);
    const store = await openStore({ dataDir: config.dataDir, restore });
    const keys = await store.keys.count();
    await store.close();
    out(`Restored ${file} into ${config.dataDir}: ${keys} keys`);
    return;
  }
  if (sub === 'import' && !existsSync(file)) throw new StoreUsageError(`No such file: ${file}`);
  // The file is checked before the store is opened: a wrong file costs nothing.
  const incoming = sub === 'import' ? checkExport(JSON.parse(readFileSync(file, 'utf8'))) : null;
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    seed: seedFor(config.knowledgeDir),
  });
  try {
    if (sub === 'export') {
      // Increments waiting in the journal go to the database first when it is reachable; what is
      // left (PostgreSQL still away) travels in the file.
      await store.usage.replayJournal();
      const data = await exportStore(store.db, store.usage.journalEntries());
      writeWhole(file, `${JSON.stringify(data, null, 1)}\n`);
      const units = data.usage.reduce((n, u) => n + u.units, 0);
      out(
        `Exported ${data.keys.length} keys, ${data.usage.length} usage counters (${units} units) and ${data.journal.length} journaled increments from ${where} to ${file}`,
      );
    } else if (incoming) {
      const done = await importStore(store.db, incoming);
      out(`Imported ${done.keys} keys and ${done.units} usage units from ${file} into ${where}`);
    } else {
      if (!store.db.dump)
        throw new StoreUsageError('store backup is for the embedded store: on PostgreSQL use pg_dump.');
      const bytes = Buffer.from(await (await store.db.dump()).arrayBuffer());
      writeWhole(file, bytes);
      out(
        `Backed up ${config.dataDir} to ${file} (${bytes.length} bytes); restore it with: store restore ${file}`,
      );
    }
  } finally {
    await store.close();
  }
}
