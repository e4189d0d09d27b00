import { type Database, type OpenOptions, openDatabase } from './db.js';
import { KeyStore } from './keys.js';
import { KnowledgeIndex } from './knowledge.js';
import { UsageStore } from './usage.js';

export * from './db.js';
export * from './keys.js';
export * from './knowledge.js';
export * from './usage.js';

export interface Store {
  db: Database;
  keys: KeyStore;
  usage: UsageStore;
  /** SAGE's knowledge chunks. */
  knowledge: KnowledgeIndex;
  close(): Promise<void>;
}

export async function openStore(options: OpenOptions): Promise<Store> {
  const db = await openDatabase(options);
  return {
    db,
    keys: new KeyStore(db),
    usage: new UsageStore(db),
    knowledge: new KnowledgeIndex(db),
    close: () => db.close(),
  };
}
