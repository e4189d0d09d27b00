import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports.js';

/**
 * A throwaway PostgreSQL server on loopback from the Debian packages (postgresql), for the tests that
 * must run against a real server. `.ci/run` installs the package when it is missing.
 */
export interface TempPostgres {
  url: string;
  /** Stops the server and deletes its files. */
  stop(): void;
  /** Stops the server but keeps its data, for `resume` (an outage). */
  pause(): void;
  /** Starts the paused server again on the same port and data. */
  resume(): void;
  /**
   * A database of its own for a role that is not a superuser (it may create tables, not
   * extensions): where `CREATE EXTENSION vector` is refused although the server has pgvector.
   */
  restrictedDatabase(name: string): Promise<string>;
}

function pgBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(
      'PostgreSQL server binaries not found under /usr/lib/postgresql: apt-get install postgresql',
    );
  }
  return join(root, newest, 'bin');
}

export async function startPostgres(): Promise<TempPostgres> {
  const bin = pgBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'chart-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { encoding: 'utf8' })
      : spawnSync(join(bin, cmd), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  const port = await freePort();
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'pg.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`,
      'start',
    ]);
  const halt = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        halt();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    pause: halt,
    resume: start,
    async restrictedDatabase(name) {
      const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await admin.connect();
      try {
        await admin.query(`CREATE ROLE ${name} LOGIN NOSUPERUSER NOCREATEDB`);
        await admin.query(`CREATE DATABASE ${name} OWNER postgres`);
      } finally {
        await admin.end();
      }
      const inDb = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/${name}` });
      await inDb.connect();
      try {
        await inDb.query(`GRANT USAGE, CREATE ON SCHEMA public TO ${name}`);
      } finally {
        await inDb.end();
      }
      return `postgres://${name}@127.0.0.1:${port}/${name}`;
    },
  };
}
