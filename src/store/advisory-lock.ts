import type { Database } from './db.js';

/** Lock ids of the work one process at a time may do on a shared database (migrations use 727274). */
export const LOCKS = {
  /** Loading the knowledge chunks: processes starting together take turns; the later ones find it done. */
  knowledgeLoad: 727275,
} as const;

/**
 * Runs `work` while holding a PostgreSQL session advisory lock on one connection of the pool (the
 * work itself may use others), so processes sharing a database do it one after another. The
 * embedded store has one process per directory and a single connection, so it takes no lock.
 */
export async function withAdvisoryLock<T>(db: Database, lock: number, work: () => Promise<T>): Promise<T> {
  if (db.kind === 'embedded') return work();
  const client = await db.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lock]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [lock]).catch(() => {});
    client.release();
  }
}
