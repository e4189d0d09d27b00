/**
 * Metering settled by delivery (src/store/usage-settlement.ts, delivery-ledger.ts; docs/decisions.md
 * "Access, metering, cache"). A reserved unit counts at once, in the total and against the
 * allowance; an answer that never reached the socket is given back, once; a process killed with
 * reservations open leaves a ledger that the next process on its data directory settles exactly:
 * what was written stays charged, what was not is given back. A ledger from another boot proves
 * nothing and leaves everything charged. Runs on a real PostgreSQL (Debian postgresql) on loopback;
 * the killed process is a real one (test/helpers/reserve-and-die.ts, SIGKILL).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, PRODUCTS, type Store } from '../../src/store/index.js';
import { startPostgres, type TempPostgres } from '../helpers/postgres.js';

let pg: TempPostgres;
let dir: string;
let admin: Store;
const AT = new Date();
const MONTH = AT.toISOString().slice(0, 7);

beforeAll(async () => {
  pg = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'usage-settlement-'));
  admin = await openStore({ databaseUrl: pg.url, dataDir: 'memory://' });
}, 120_000);

afterAll(async () => {
  await admin?.close();
  pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const newKey = async (limit: number | null = null) =>
  (await admin.keys.create({ name: 'settle', products: PRODUCTS, chartLimit: limit })).record.id;
const units = async (keyId: string) => (await admin.usage.get(keyId, MONTH)).chart;
const pending = async (keyId: string) =>
  Number(
    (
      await admin.db.query<{ n: string }>('SELECT count(*) AS n FROM usage_pending WHERE key_id = $1', [
        keyId,
      ])
    ).rows[0]!.n,
  );

/** Until `check` holds (settlements are written a turn after the last answer settles). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('in a live process', () => {
  it('keeps delivered units, gives back the others once, and removes the reservations', async () => {
    const store = await openStore({ databaseUrl: pg.url, dataDir: join(dir, 'live') });
    const keyId = await newKey();
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(() => store.usage.reserve(keyId, 'chart', 2, null, AT)),
    );
    expect(await units(keyId)).toBe(6);
    a!.writing();
    a!.settle(true);
    b!.writing();
    b!.settle(false);
    b!.settle(false); // told twice: given back once
    c!.settle(false);
    await eventually(async () => (await units(keyId)) === 2 && (await pending(keyId)) === 0);
    expect(await units(keyId)).toBe(2);
    expect(await pending(keyId)).toBe(0);
    await store.close();
    // Nothing left for a next start: the ledger went with the settled reservations.
    expect(readdirSync(join(dir, 'live', 'usage-ledger'))).toEqual([]);
  });

  it('counts reserved units against the allowance, and what is given back is free again', async () => {
    const store = await openStore({ databaseUrl: pg.url, dataDir: 'memory://' });
    const keyId = await newKey(3);
    const held = await Promise.all([1, 2, 3].map(() => store.usage.reserve(keyId, 'chart', 1, 3, AT)));
    expect(held.map((r) => r?.total).sort()).toEqual([1, 2, 3]);
    expect(await store.usage.reserve(keyId, 'chart', 1, 3, AT)).toBeNull();
    // A batch is settled once all its answers are: one given back, two delivered.
    held[0]!.settle(false);
    for (const r of held.slice(1)) {
      r!.writing();
      r!.settle(true);
    }
    await eventually(async () => (await units(keyId)) === 2);
    expect((await store.usage.reserve(keyId, 'chart', 1, 3, AT))?.total).toBe(3);
    await store.close();
  });
});

/** Runs reserve-and-die on `dataDir` and kills it with SIGKILL once its reservations are held. */
async function killedWithReservations(dataDir: string, keyId: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '../helpers/reserve-and-die.ts'), pg.url, dataDir, keyId],
    { cwd: join(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise((r) => child.once('exit', r));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('held 6')) resolve();
    });
    void exited.then(() => reject(new Error('reserve-and-die exited early')));
  });
  child.kill('SIGKILL');
  await exited;
}

describe('after a kill -9', () => {
  it('the next process gives back exactly the answers never written, once', async () => {
    const dataDir = join(dir, 'killed');
    const keyId = await newKey();
    await killedWithReservations(dataDir, keyId);
    // Six reserved; the two given back before the kill may already be settled.
    expect(await units(keyId)).toBeGreaterThanOrEqual(4);
    // Two processes start on the directory at once: the refund still happens once.
    const [one, two] = await Promise.all([1, 2].map(() => openStore({ databaseUrl: pg.url, dataDir })));
    const [r1, r2] = await Promise.all([one!.usage.recovery, two!.usage.recovery]);
    expect(r1.ledgers + r2.ledgers).toBeGreaterThanOrEqual(1);
    // Delivered, and the one being written at the kill: charged. The rest: given back.
    expect(await units(keyId)).toBe(2);
    // The start that settled the ledger names the one answer whose write had begun but not ended.
    expect([r1, r2].find((r) => r.ledgers)!.unconfirmed).toBe(1);
    expect(await pending(keyId)).toBe(0);
    expect(readdirSync(join(dataDir, 'usage-ledger')).filter((f) => f.endsWith('.ledger'))).toEqual([]);
    await Promise.all([one!.close(), two!.close()]);
  });

  it('a ledger from another boot proves nothing: everything stays charged', async () => {
    const dataDir = join(dir, 'rebooted');
    const keyId = await newKey();
    await killedWithReservations(dataDir, keyId);
    const ledgerDir = join(dataDir, 'usage-ledger');
    for (const name of readdirSync(ledgerDir)) {
      const path = join(ledgerDir, name);
      writeFileSync(path, readFileSync(path, 'utf8').replace(/^boot .*/, 'boot 00000000-another-boot'));
    }
    const store = await openStore({ databaseUrl: pg.url, dataDir });
    expect((await store.usage.recovery).refunded).toBe(0);
    expect(await units(keyId)).toBe(6);
    expect(await pending(keyId)).toBe(0);
    await store.close();
  });
});
