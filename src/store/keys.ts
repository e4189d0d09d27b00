import { createHash, randomBytes } from 'node:crypto';
import type { Database } from './db.js';

export const PRODUCTS = ['basic_chart', 'advanced_chart', 'sage_api'] as const;
export type ProductName = (typeof PRODUCTS)[number];

export const METERS = ['chart', 'sage'] as const;
export type MeterName = (typeof METERS)[number];

export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  products: ProductName[];
  /** Monthly allowance per meter; null = unlimited. */
  limits: Record<MeterName, number | null>;
  createdAt: string;
  revokedAt: string | null;
}

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  products: string[];
  chart_limit: string | null;
  sage_limit: string | null;
  created_at: Date | string;
  revoked_at: Date | string | null;
}

const KEY_PREFIX = 'csk_';
const VISIBLE_CHARS = 12;

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function fromRow(r: KeyRow): ApiKeyRecord {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    products: r.products.filter((p): p is ProductName => (PRODUCTS as readonly string[]).includes(p)),
    limits: {
      chart: r.chart_limit === null ? null : Number(r.chart_limit),
      sage: r.sage_limit === null ? null : Number(r.sage_limit),
    },
    createdAt: iso(r.created_at)!,
    revokedAt: iso(r.revoked_at),
  };
}

export interface CreateKeyInput {
  name: string;
  products: readonly ProductName[];
  chartLimit?: number | null;
  sageLimit?: number | null;
}

/** API keys: random, shown once, stored only as a SHA-256 hash with a short visible prefix. */
export class KeyStore {
  constructor(private readonly db: Database) {}

  async create(input: CreateKeyInput): Promise<{ key: string; record: ApiKeyRecord }> {
    const key = KEY_PREFIX + randomBytes(24).toString('base64url');
    const id = `key_${randomBytes(6).toString('hex')}`;
    const { rows } = await this.db.query<KeyRow>(
      `INSERT INTO api_keys (id, name, prefix, key_hash, products, chart_limit, sage_limit)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [
        id,
        input.name,
        key.slice(0, VISIBLE_CHARS),
        hashKey(key),
        [...new Set(input.products)],
        input.chartLimit ?? null,
        input.sageLimit ?? null,
      ],
    );
    return { key, record: fromRow(rows[0]!) };
  }

  /** The active key record for a presented secret, or null. */
  authenticate(key: string): Promise<ApiKeyRecord | null> {
    return this.findByHash(hashKey(key));
  }

  /** The active key record with this SHA-256 hash (see `hashKey`), or null. */
  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const { rows } = await this.db.query<KeyRow>(
      'SELECT * FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
      [keyHash],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /** The active key record with this id, or null (an OAuth token names its key by id). */
  async findById(id: string): Promise<ApiKeyRecord | null> {
    const { rows } = await this.db.query<KeyRow>(
      'SELECT * FROM api_keys WHERE id = $1 AND revoked_at IS NULL',
      [id],
      'key_by_id',
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async list(): Promise<ApiKeyRecord[]> {
    const { rows } = await this.db.query<KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id');
    return rows.map(fromRow);
  }

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>('SELECT count(*) AS n FROM api_keys');
    return Number(rows[0]!.n);
  }

  /**
   * Revokes by id or by visible prefix; returns whether a key was revoked. The OAuth codes, tokens
   * and grants acting for it go with it (token checks also look the key up, within the key cache time).
   */
  async revoke(idOrPrefix: string): Promise<boolean> {
    const { rows } = await this.db.query<{ id: string }>(
      'UPDATE api_keys SET revoked_at = now() WHERE (id = $1 OR prefix = $1) AND revoked_at IS NULL RETURNING id',
      [idOrPrefix],
    );
    for (const { id } of rows) await this.db.query('DELETE FROM oauth_records WHERE account_id = $1', [id]);
    return rows.length > 0;
  }
}
