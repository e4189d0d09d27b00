import { type PosixLocalType, type PosixRule, parsePosixRule, posixTypeAt } from './posix-rule.js';
import type { ZoneRecord } from './zone-artifact.js';

export type LocalTimeType = PosixLocalType;

/**
 * One zone's rules: the local time type at any UT instant, from its listed transitions and, after the
 * last of them, its POSIX rule. Built from a ZoneRecord of the generated data (zone-artifact.ts).
 */
export class ZoneRules {
  readonly backzone: boolean;
  private readonly times: Float64Array;
  private readonly typeIndexes: Uint8Array;
  private readonly types: readonly LocalTimeType[];
  private readonly initial: LocalTimeType;
  private readonly rule: PosixRule | undefined;

  constructor(
    readonly name: string,
    record: ZoneRecord,
  ) {
    this.types = record.types.map((t) => ({
      offset: t.offset,
      isDst: t.isDst,
      abbreviation: t.abbreviation,
    }));
    this.initial = this.types[record.initialType]!;
    this.times = new Float64Array(record.transitionDeltas.length);
    let t = 0;
    record.transitionDeltas.forEach((delta, i) => {
      t = i === 0 ? delta : t + delta;
      this.times[i] = t;
    });
    this.typeIndexes = Uint8Array.from(record.transitionTypes);
    this.rule = record.rule === '' ? undefined : parsePosixRule(record.rule);
    this.backzone = record.backzone;
  }

  /** The local time type in force at a UT instant (Unix seconds). */
  typeAt(unixSeconds: number): LocalTimeType {
    const { times } = this;
    const n = times.length;
    if (this.rule && (n === 0 || unixSeconds >= times[n - 1]!)) return posixTypeAt(this.rule, unixSeconds);
    if (n === 0 || unixSeconds < times[0]!) return this.initial;
    // The last transition at or before the instant.
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (times[mid]! <= unixSeconds) lo = mid;
      else hi = mid - 1;
    }
    return this.types[this.typeIndexes[lo]!]!;
  }

  /** UT offset in seconds (east positive) at a UT instant (Unix seconds). */
  offsetAt(unixSeconds: number): number {
    return this.typeAt(unixSeconds).offset;
  }
}
