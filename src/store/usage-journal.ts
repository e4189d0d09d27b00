import { randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './process-alive.js';
import type { MeterName } from './keys.js';

/** One acknowledged increment that the database has not recorded yet. */
export interface JournalEntry {
  /** Unique per increment: replaying it twice records it once (see usage_journal_applied). */
  id: string;
  keyId: string;
  month: string;
  meter: MeterName;
  units: number;
}

interface JournalFile {
  path: string;
  entries: JournalEntry[];
}

function readEntries(path: string): JournalEntry[] {
  if (!existsSync(path)) return [];
  const entries: JournalEntry[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch {
      // A line cut short by a crash in the middle of its write was never acknowledged: skip it.
    }
  }
  return entries;
}

/**
 * Meter units acknowledged while the database was unreachable, kept on local disk until they are
 * written to it. Each process appends to a file of its own (`<dir>/<pid>.jsonl`), one JSON line per
 * increment, synced to disk before the caller is answered; files left by processes that are gone
 * (stopped or crashed during an outage) are replayed by the next one to start on this directory.
 * `dir` null keeps the journal in memory (an in-memory store, tests).
 */
export class UsageJournal {
  private readonly own: JournalFile;
  private readonly orphans: JournalFile[];
  private fd: number | null = null;

  constructor(private readonly dir: string | null) {
    this.own = { path: dir ? join(dir, `${process.pid}.jsonl`) : '', entries: [] };
    this.orphans = [];
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) {
      const m = /^(\d+)\.jsonl$/.exec(name);
      if (!m) continue;
      const path = join(dir, name);
      const pid = Number(m[1]);
      if (pid === process.pid) this.own.entries.push(...readEntries(path));
      else if (!processAlive(pid)) this.orphans.push({ path, entries: readEntries(path) });
    }
  }

  /** Increments waiting to be written to the database. */
  get size(): number {
    return this.own.entries.length + this.orphans.reduce((n, f) => n + f.entries.length, 0);
  }

  /** Every increment waiting to be written, oldest file first. */
  entries(): JournalEntry[] {
    return [...this.orphans, this.own].flatMap((f) => f.entries);
  }

  /** Units of one counter waiting to be written (an allowance check adds them to the known total). */
  pending(keyId: string, month: string, meter: MeterName): number {
    let units = 0;
    for (const file of [this.own, ...this.orphans])
      for (const e of file.entries)
        if (e.keyId === keyId && e.month === month && e.meter === meter) units += e.units;
    return units;
  }

  /** Records an increment durably (written and synced) before it is acknowledged. */
  append(increment: Omit<JournalEntry, 'id'>): void {
    const entry: JournalEntry = { id: randomUUID(), ...increment };
    if (this.dir) {
      this.fd ??= openSync(this.own.path, 'a', 0o600);
      writeSync(this.fd, `${JSON.stringify(entry)}\n`);
      fdatasyncSync(this.fd);
    }
    this.own.entries.push(entry);
  }

  /**
   * Writes waiting increments with `apply` (which must record each id at most once), in order, until
   * one fails; what was written leaves the journal. Returns how many were written.
   */
  async replay(apply: (entry: JournalEntry) => Promise<void>): Promise<number> {
    let written = 0;
    for (const file of [...this.orphans, this.own]) {
      const snapshot = file.entries.slice();
      let done = 0;
      try {
        for (const entry of snapshot) {
          await apply(entry);
          done++;
        }
      } finally {
        if (done > 0) this.drop(file, done);
        written += done;
      }
    }
    return written;
  }

  /** Removes the first `count` entries of a file, rewriting it whole (renamed into place). */
  private drop(file: JournalFile, count: number): void {
    file.entries.splice(0, count);
    if (!this.dir) return;
    if (file === this.own && this.fd !== null) {
      closeSync(this.fd);
      this.fd = null;
    }
    if (file.entries.length === 0) {
      rmSync(file.path, { force: true });
      const i = this.orphans.indexOf(file);
      if (i >= 0) this.orphans.splice(i, 1);
      return;
    }
    const tmp = `${file.path}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    writeSync(fd, file.entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
    fdatasyncSync(fd);
    closeSync(fd);
    renameSync(tmp, file.path);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
