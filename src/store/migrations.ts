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
  {
    version: 2,
    name: 'knowledge chunks for SAGE',
    // The embedding column and its HNSW index are added by the knowledge store when the server has
    // pgvector (store/sage-index.ts), so a PostgreSQL without it still starts, with full-text only.
    sql: `
      CREATE TABLE kb_files (
        path      text PRIMARY KEY,
        hash      text NOT NULL,
        entry_id  text NOT NULL,
        loaded_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE kb_chunks (
        id       bigserial PRIMARY KEY,
        path     text NOT NULL REFERENCES kb_files(path) ON DELETE CASCADE,
        entry_id text NOT NULL,
        domain   text NOT NULL,
        title    text NOT NULL,
        heading  text NOT NULL,
        ordinal  integer NOT NULL,
        keywords text NOT NULL,
        body     text NOT NULL,
        tsv      tsvector GENERATED ALWAYS AS (
                   setweight(to_tsvector('english', title), 'A') ||
                   setweight(to_tsvector('english', heading || ' ' || keywords), 'B') ||
                   setweight(to_tsvector('english', body), 'C')) STORED
      );
      CREATE INDEX kb_chunks_path ON kb_chunks (path);
      CREATE INDEX kb_chunks_tsv ON kb_chunks USING gin (tsv);
      CREATE TABLE kb_meta (
        key   text PRIMARY KEY,
        value text NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: 'usage journal replays',
    sql: `
      -- Ids of meter increments acknowledged during a database outage and written since: a replay
      -- that is interrupted and run again records each one once.
      CREATE TABLE usage_journal_applied (
        id         text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
