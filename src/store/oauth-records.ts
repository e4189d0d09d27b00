import { createHash } from 'node:crypto';
import type { Database } from './db.js';

/** A record of the OAuth library, as it hands it over (its own JSON shape). */
export type OAuthPayload = Record<string, unknown>;

/** The stored key of a record id: its SHA-256, so a read of the table yields no usable code or token. */
export const hashRecordId = (id: string): string => createHash('sha256').update(id).digest('hex');

interface RecordRow {
  payload: OAuthPayload;
  consumed_at: Date | string | null;
}

/** The client ids of operator-registered clients start with this (`npm run oauth -- clients add`). */
export const OPERATOR_CLIENT_PREFIX = 'oc_';

/** Expired records are swept after every this many writes (any process; the sweep is idempotent). */
const SWEEP_EVERY = 500;

/**
 * The OAuth authorization server's storage: one table for every kind of record the library keeps
 * (its "models"), on the same SQL path for PGlite and PostgreSQL, so a code issued by one process is
 * redeemed by another. Ids are stored only as hashes; the library's own `jti` (the id itself) is
 * left out of the stored JSON and put back on the way out.
 */
export class OAuthRecordStore {
  private writes = 0;

  constructor(private readonly db: Database) {}

  async upsert(model: string, id: string, payload: OAuthPayload, expiresInSeconds?: number): Promise<void> {
    const { jti, ...rest } = payload;
    // A session is also found by its uid, where only the stored JSON can give its id back.
    const stored = jti === id && model !== 'Session' ? rest : payload;
    const grantId = typeof payload.grantId === 'string' ? payload.grantId : null;
    const uid = typeof payload.uid === 'string' ? payload.uid : null;
    const accountId = typeof payload.accountId === 'string' ? payload.accountId : null;
    const expires = expiresInSeconds === undefined ? null : Math.max(0, Math.round(expiresInSeconds));
    await this.db.query(
      `INSERT INTO oauth_records (model, id_hash, payload, grant_id, uid, account_id, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
       ON CONFLICT (model, id_hash) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         uid = EXCLUDED.uid, account_id = EXCLUDED.account_id, expires_at = EXCLUDED.expires_at`,
      [model, hashRecordId(id), JSON.stringify(stored), grantId, uid, accountId, expires],
      'oauth_upsert',
    );
    if (++this.writes % SWEEP_EVERY === 0) await this.sweep();
  }

  /** The live record (not expired), with `jti` and `consumed` as the library expects them. */
  async find(model: string, id: string): Promise<OAuthPayload | undefined> {
    const { rows } = await this.db.query<RecordRow>(
      `SELECT payload, consumed_at FROM oauth_records
       WHERE model = $1 AND id_hash = $2 AND (expires_at IS NULL OR expires_at > now())`,
      [model, hashRecordId(id)],
      'oauth_find',
    );
    return rows[0] ? withIdentity(model, id, rows[0]) : undefined;
  }

  async findByUid(model: string, uid: string): Promise<OAuthPayload | undefined> {
    const { rows } = await this.db.query<RecordRow>(
      `SELECT payload, consumed_at FROM oauth_records
       WHERE model = $1 AND uid = $2 AND (expires_at IS NULL OR expires_at > now())`,
      [model, uid],
    );
    const row = rows[0];
    return row ? { ...row.payload, ...consumed(row) } : undefined;
  }

  /**
   * Marks a record used; false when it already was (or is gone). One statement, so of two processes
   * redeeming the same code at once exactly one wins.
   */
  async consume(model: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE oauth_records SET consumed_at = now()
       WHERE model = $1 AND id_hash = $2 AND consumed_at IS NULL`,
      [model, hashRecordId(id)],
    );
    return (rowCount ?? 0) > 0;
  }

  async destroy(model: string, id: string): Promise<void> {
    await this.db.query('DELETE FROM oauth_records WHERE model = $1 AND id_hash = $2', [
      model,
      hashRecordId(id),
    ]);
  }

  async revokeByGrantId(model: string, grantId: string): Promise<void> {
    await this.db.query('DELETE FROM oauth_records WHERE model = $1 AND grant_id = $2', [model, grantId]);
  }

  /** Every code, token and grant acting for an API key (the key was revoked). */
  async deleteForAccount(accountId: string): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM oauth_records WHERE account_id = $1', [accountId]);
    return rowCount ?? 0;
  }

  /** Operator-registered clients (`npm run oauth -- clients list`). */
  async listClients(): Promise<OAuthPayload[]> {
    const { rows } = await this.db.query<{ payload: OAuthPayload }>(
      `SELECT payload FROM oauth_records WHERE model = 'Client' ORDER BY created_at`,
    );
    return rows.map((r) => r.payload);
  }

  /** A client the operator registers (client metadata as RFC 7591 names it; never expires). */
  async addClient(metadata: OAuthPayload & { client_id: string }): Promise<void> {
    await this.upsert('Client', metadata.client_id, metadata);
  }

  /** Removes a client and every grant, code and token issued to it; false when there is none. */
  async removeClient(clientId: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `DELETE FROM oauth_records WHERE model = 'Client' AND id_hash = $1`,
      [hashRecordId(clientId)],
    );
    await this.db.query(`DELETE FROM oauth_records WHERE payload->>'clientId' = $1`, [clientId]);
    return (rowCount ?? 0) > 0;
  }

  async sweep(): Promise<void> {
    await this.db.query(`DELETE FROM oauth_records WHERE expires_at < now() - interval '1 hour'`);
  }

  /** A shared secret by name, made once by whichever process asks first. */
  async secret(name: string, make: () => string): Promise<string> {
    await this.db.query(
      'INSERT INTO oauth_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
      [name, make()],
    );
    const { rows } = await this.db.query<{ value: string }>(
      'SELECT value FROM oauth_secrets WHERE name = $1',
      [name],
    );
    return rows[0]!.value;
  }
}

const consumed = (row: RecordRow) =>
  row.consumed_at === null ? {} : { consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) };

/** Every record but a client carries its id as `jti`; the stored JSON leaves it out. */
function withIdentity(model: string, id: string, row: RecordRow): OAuthPayload {
  return { ...row.payload, ...(model === 'Client' ? {} : { jti: id }), ...consumed(row) };
}
