import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './process-alive.js';

/** Lines per segment file before the next one starts (settled segments are deleted). */
const SEGMENT_LINES = 4096;
const SEGMENT = /^(\d+)-([0-9a-f]+)\.(\d+)\.ledger$/;

/**
 * The kernel's id of this boot (Linux). Without a reboot a killed process's writes are still in the
 * page cache, so its ledger is complete up to the kill; after one, lines not yet on disk may be lost.
 */
function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** What a process that is gone delivered, read back from its ledger. */
export interface OrphanLedger {
  /** The owner its reservations name (usage_pending.owner). */
  owner: string;
  /**
   * True when its lines are complete: it ran in this boot, so a kill lost nothing written. False
   * (another boot, or no boot id on this system): absence of a line proves nothing.
   */
  complete: boolean;
  /** Units delivered per reservation. */
  delivered: Map<string, number>;
  /**
   * Answers whose write was under way at the kill: a line before the write, none after it. They
   * count as delivered (charged); some may never have reached the socket.
   */
  unconfirmed: number;
  /** Deletes its files once its reservations are settled. */
  remove(): void;
}

interface Segment {
  seq: number;
  path: string;
  lines: number;
  /** Reservations with a line here that the database has not settled yet. */
  open: Set<string>;
}

/**
 * The local record of which reserved meter units reached the socket (see UsageSettlement). Per
 * answer, `<reservation> <units>` written with a plain write just before the answer's bytes are
 * handed to the socket, then `<reservation> sent` once they were, or `<reservation> -<units>` if that
 * write failed (so a line without either marks an answer being written at the kill): no sync, since a
 * process killed with SIGKILL leaves its writes in the page cache, and a reboot is told apart by the
 * boot id each segment starts with. Each
 * process writes its own segments (`<pid>-<nonce>.<seq>.ledger`); a segment goes once every
 * reservation named in it is settled in the database. `dir` null: nothing on disk (in-memory store).
 */
export class DeliveryLedger {
  /** This process's name on its reservations: its pid (to tell when it is gone) and a nonce. */
  readonly owner = `${process.pid}-${randomBytes(6).toString('hex')}`;
  private readonly boot = bootId();
  private readonly segments: Segment[] = [];
  private fd: number | null = null;

  constructor(private readonly dir: string | null) {
    if (dir) mkdirSync(dir, { recursive: true });
  }

  /**
   * Records `units` of `reservation` as delivered (negative: taken back), or with `sent` that the
   * bytes of an answer recorded before have reached the socket. Throws when it cannot.
   */
  record(reservation: string, units: number | 'sent'): void {
    if (!this.dir) return;
    let current = this.segments.at(-1);
    if (!current || this.fd === null || current.lines >= SEGMENT_LINES) current = this.nextSegment();
    writeSync(this.fd!, `${reservation} ${units}\n`);
    current.lines++;
    current.open.add(reservation);
  }

  /** The database has settled these reservations: segments naming only settled ones go. */
  settled(reservations: Iterable<string>): void {
    const ids = [...reservations];
    for (const segment of this.segments) for (const id of ids) segment.open.delete(id);
    const current = this.segments.at(-1);
    for (const segment of this.segments.slice()) {
      if (segment === current || segment.open.size > 0) continue;
      rmSync(segment.path, { force: true });
      this.segments.splice(this.segments.indexOf(segment), 1);
    }
  }

  /** The ledgers of processes that are gone (crashed, or stopped with reservations unsettled). */
  orphans(): OrphanLedger[] {
    if (!this.dir) return [];
    const byOwner = new Map<string, string[]>();
    for (const name of readdirSync(this.dir)) {
      const m = SEGMENT.exec(name);
      if (!m) continue;
      const owner = `${m[1]}-${m[2]}`;
      if (owner === this.owner || processAlive(Number(m[1]))) continue;
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), join(this.dir, name)]);
    }
    return [...byOwner].map(([owner, paths]) => this.readOrphan(owner, paths));
  }

  /**
   * Stops writing. With nothing left unsettled the files go; otherwise they stay for the next
   * process on this directory to settle.
   */
  close(unsettled: boolean): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    if (unsettled) return;
    for (const segment of this.segments) rmSync(segment.path, { force: true });
    this.segments.length = 0;
  }

  private nextSegment(): Segment {
    if (this.fd !== null) closeSync(this.fd);
    const seq = (this.segments.at(-1)?.seq ?? 0) + 1;
    const segment: Segment = {
      seq,
      path: join(this.dir!, `${this.owner}.${seq}.ledger`),
      lines: 0,
      open: new Set(),
    };
    this.fd = openSync(segment.path, 'a', 0o600);
    // The header is synced: a segment without it is read as incomplete (see readOrphan).
    writeSync(this.fd, `boot ${this.boot ?? '-'}\n`);
    fdatasyncSync(this.fd);
    this.segments.push(segment);
    return segment;
  }

  private readOrphan(owner: string, paths: string[]): OrphanLedger {
    const delivered = new Map<string, number>();
    let complete = this.boot !== null;
    let unconfirmed = 0;
    for (const path of paths) {
      const [header, ...lines] = (existsSync(path) ? readFileSync(path, 'utf8') : '').split('\n');
      if (header !== `boot ${this.boot}`) complete = false;
      for (const line of lines) {
        const m = /^([0-9a-f-]{36}) (-?\d+|sent)$/.exec(line);
        // One short line is written whole or not at all; anything else is not a delivery.
        if (!m) continue;
        if (m[2] === 'sent') {
          unconfirmed--;
          continue;
        }
        const units = Number(m[2]);
        // A write begun adds one answer to confirm; a failed one (negative) confirms it undelivered.
        unconfirmed += units > 0 ? 1 : -1;
        delivered.set(m[1]!, (delivered.get(m[1]!) ?? 0) + units);
      }
    }
    return {
      owner,
      complete,
      delivered,
      unconfirmed: Math.max(0, unconfirmed),
      remove: () => paths.forEach((p) => rmSync(p, { force: true })),
    };
  }
}
