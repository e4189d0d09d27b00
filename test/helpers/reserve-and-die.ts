/**
 * A process that holds usage reservations in every state and then waits to be killed, for
 * test/db/usage-settlement.test.ts. Arguments: the database URL, the data directory, the key id.
 * Six one-unit answers: `delivered` (written, settled), `writing` (its write begun when the kill
 * comes), `failed` (written, its write failed), `dropped` (settled undelivered before any write) and
 * two never written. Prints `held <units>` once they are in that state.
 */
import { openStore } from '../../src/store/index.js';

const [databaseUrl, dataDir, keyId] = process.argv.slice(2) as [string, string, string];
const store = await openStore({ databaseUrl, dataDir });
await store.usage.recovery;
const at = new Date();
const held = await Promise.all(
  Array.from({ length: 6 }, () => store.usage.reserve(keyId, 'chart', 1, null, at)),
);
const [delivered, writing, failed, dropped] = held.map((r) => r!);
delivered!.writing();
delivered!.settle(true);
writing!.writing();
failed!.writing();
failed!.settle(false);
dropped!.settle(false);
process.stdout.write(`held ${held.length}\n`);
setInterval(() => {}, 1000);
