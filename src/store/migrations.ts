/** Numbered schema migrations, applied in order at start; never edit one that has shipped. */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'api keys and usage',
    sql: `
      CREATE TABLE api_keys (
        id          text PRIMARY KEY,
        name        text NOT NULL,
        prefix      text NOT NULL,
        key_hash    text NOT NULL UNIQUE,
        products    text[] NOT NULL,
        chart_limit bigint,
        sage_limit  bigint,
        created_at  timestamptz NOT NULL DEFAULT now(),
        revoked_at  timestamptz
      );
      CREATE TABLE usage (
        key_id text NOT NULL REFERENCES api_keys(id),
        month  text NOT NULL,
        meter  text NOT NULL,
        units  bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, month, meter)
      );
    `,
  },
];
