import { closeSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './process-alive.js';

/** The live process that holds a directory's lock. */
export class DirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`${dir} is locked by process ${pid}`);
    this.name = 'DirLockedError';
  }
}

/** How long a process waits for another to finish taking over a stale lock before trying again. */
const TAKEOVER_PAUSE_MS = 20;
const TAKEOVER_TRIES = 250;

/**
 * Takes `dir/<name>` for this process: a file holding its pid, removed by the returned release.
 * Throws DirLockedError while a live process holds it; a lock left by a process that is gone is
 * taken over.
 *
 * Two processes starting at the same moment (two desktop hosts started at login) must never both
 * win. The lock is written whole under a name of its own and hard-linked into place, so nobody reads
 * it half written (a lock read empty used to be taken for stale and removed). A stale lock is taken
 * over under a second lock (`<name>.takeover`), so that two processes that both found it stale do
 * not each remove it, the second removing the first one's new lock.
 */
export async function lockDir(dir: string, name: string): Promise<() => void> {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, name);
  const mine = join(dir, `${name}.${process.pid}`);
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < TAKEOVER_TRIES; attempt++) {
      if (place(mine, lock)) return () => rmSync(lock, { force: true });
      const holder = read(lock);
      if (holder === undefined) continue; // released meanwhile: place it again
      if (holder !== null && holder !== process.pid && processAlive(holder))
        throw new DirLockedError(dir, holder);
      if (takeOver(mine, lock, holder)) return () => rmSync(lock, { force: true });
      await new Promise((r) => setTimeout(r, TAKEOVER_PAUSE_MS));
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new Error(`Could not lock ${lock}: another process kept taking it over`);
}

/** Puts `mine` in place as `lock`; false when a lock is there already. */
function place(mine: string, lock: string): boolean {
  try {
    linkSync(mine, lock);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw e;
  }
  // A file system without hard links (FAT): created exclusively, then written.
  try {
    const fd = openSync(lock, 'wx');
    writeFileSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

/** The pid a lock holds: null when it holds none, undefined when there is no lock. */
function read(lock: string): number | null | undefined {
  let text: string;
  try {
    text = readFileSync(lock, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  const pid = Number(text);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Replaces a lock found stale (`holder`: the pid it held when read), under the takeover lock; false
 * when another process is taking it over, or the lock changed meanwhile (the caller looks again).
 * Only a lock that is there is removed: one placed by a process that found none cannot be replaced
 * while the takeover lock is held, so what is removed is the stale one.
 */
function takeOver(mine: string, lock: string, holder: number | null): boolean {
  const takeover = `${lock}.takeover`;
  if (!place(mine, takeover)) {
    // A takeover whose process is gone (it died in these few lines) is cleared for the next try.
    const other = read(takeover);
    if (other != null && other !== process.pid && !processAlive(other)) rmSync(takeover, { force: true });
    return false;
  }
  try {
    if (read(lock) !== holder) return false;
    rmSync(lock, { force: true });
    return place(mine, lock);
  } finally {
    rmSync(takeover, { force: true });
  }
}
