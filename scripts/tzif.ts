/**
 * Reads a compiled zoneinfo file (TZif, RFC 8536, version 2 or later): the 64-bit data block and the
 * footer's POSIX TZ string. Leap-second records are skipped: the service works in UT, as the
 * "posix" (not "right") zoneinfo does.
 */

export interface TzifType {
  offset: number;
  isDst: boolean;
  abbreviation: string;
}

export interface Tzif {
  /** Transition instants, Unix seconds, ascending. */
  times: number[];
  /** Index into `types` from each transition on. */
  typeIndexes: number[];
  types: TzifType[];
  /** POSIX TZ string of the footer, "" when empty. */
  footer: string;
}

const HEADER_BYTES = 44;

interface Counts {
  isUtc: number;
  isStd: number;
  leap: number;
  time: number;
  type: number;
  chars: number;
}

function header(buf: Buffer, at: number, name: string): { version: number; counts: Counts } {
  if (buf.toString('latin1', at, at + 4) !== 'TZif') throw new Error(`${name}: not a TZif file`);
  const v = buf[at + 4]!;
  const version = v === 0 ? 1 : v - 0x30;
  const c = (i: number) => buf.readUInt32BE(at + 20 + 4 * i);
  return { version, counts: { isUtc: c(0), isStd: c(1), leap: c(2), time: c(3), type: c(4), chars: c(5) } };
}

function blockBytes(c: Counts, timeBytes: 4 | 8): number {
  return c.time * timeBytes + c.time + c.type * 6 + c.chars + c.leap * (timeBytes + 4) + c.isStd + c.isUtc;
}

export function readTzif(buf: Buffer, name: string): Tzif {
  const first = header(buf, 0, name);
  if (first.version < 2) throw new Error(`${name}: TZif version ${first.version} has no 64-bit data`);
  const secondAt = HEADER_BYTES + blockBytes(first.counts, 4);
  const { counts } = header(buf, secondAt, name);
  let at = secondAt + HEADER_BYTES;

  const times: number[] = [];
  for (let i = 0; i < counts.time; i++, at += 8) {
    const t = buf.readBigInt64BE(at);
    if (t > BigInt(Number.MAX_SAFE_INTEGER) || t < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new Error(`${name}: transition ${t} is beyond exact double range`);
    }
    times.push(Number(t));
  }
  const typeIndexes: number[] = [];
  for (let i = 0; i < counts.time; i++, at++) typeIndexes.push(buf[at]!);
  const raw: { offset: number; isDst: boolean; abbrAt: number }[] = [];
  for (let i = 0; i < counts.type; i++, at += 6) {
    raw.push({ offset: buf.readInt32BE(at), isDst: buf[at + 4] === 1, abbrAt: buf[at + 5]! });
  }
  const chars = buf.toString('latin1', at, at + counts.chars);
  at += counts.chars + counts.leap * 12 + counts.isStd + counts.isUtc;

  const types = raw.map(({ offset, isDst, abbrAt }) => ({
    offset,
    isDst,
    abbreviation: chars.slice(abbrAt, chars.indexOf('\0', abbrAt)),
  }));
  if (buf[at] !== 0x0a) throw new Error(`${name}: footer does not start with a newline`);
  const end = buf.indexOf(0x0a, at + 1);
  if (end < 0) throw new Error(`${name}: footer does not end with a newline`);
  for (let i = 1; i < times.length; i++) {
    if (times[i]! <= times[i - 1]!) throw new Error(`${name}: transitions not ascending at ${i}`);
  }
  return { times, typeIndexes, types, footer: buf.toString('latin1', at + 1, end) };
}
