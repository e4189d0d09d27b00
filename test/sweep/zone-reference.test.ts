/**
 * The service's time zone rules (data/zones.json.gz, read through core/time) against the IANA tz
 * database with backzone that they were generated from, as two independent programs read it: the
 * Debian tzdata package named in data/zones.manifest.json (vendored in vendor/tzdata), with glibc's
 * zdump listing every transition of every zone from 1800 to 2100 and Python's zoneinfo giving the
 * offset and abbreviation at one second before and at each transition, and at two instants of every
 * year from 1800 to 2399 (the ephemeris range), for every zone and link name. To the second.
 * After the last transition a zone lists (2037 in Debian's build), the instants test the POSIX rule
 * evaluation (core/time/posix-rule.ts) against zoneinfo's and glibc's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetSecondsAt, localTimeTypeAt } from '../../src/core/time/index.js';
import { zoneTable } from '../../src/core/time/zone-data.js';
import {
  pythonOffsets,
  type ReferenceTransition,
  type TzReference,
  unpackReferenceTzdata,
  zdumpTransitions,
} from '../helpers/tz-reference.js';

const FIRST_YEAR = 1800;
const LAST_TRANSITION_YEAR = 2100;
const LAST_YEAR = 2399;

let ref: TzReference;
let transitions: Map<string, ReferenceTransition[]>;
let expected: Record<string, [number, string][]>;
const instants: Record<string, number[]> = {};

const table = zoneTable();
const names = table.names().sort();
const zones = names.filter((n) => table.rules(n)!.name === n);

beforeAll(async () => {
  ref = unpackReferenceTzdata();
  transitions = await zdumpTransitions(ref, zones, FIRST_YEAR, LAST_TRANSITION_YEAR + 1);
  const midYears: number[] = [];
  for (let y = FIRST_YEAR; y <= LAST_YEAR; y++)
    midYears.push(Date.UTC(y, 0, 15, 12) / 1000, Date.UTC(y, 6, 15, 12) / 1000);
  for (const name of names) {
    const own = transitions.get(table.rules(name)!.name) ?? [];
    instants[name] = [...own.flatMap((t) => [t.at - 1, t.at]), ...midYears];
  }
  expected = await pythonOffsets(ref, instants);
}, 300_000);

afterAll(() => ref?.remove());

describe('zone data against zdump and zoneinfo on the same tz release', () => {
  it('is the release the manifest names, with every zone zdump knows', () => {
    expect(table.version).toBe(ref.version);
    expect([...transitions.keys()].sort()).toEqual(zones);
    // Sanity of the reference itself: a database with backzone has Stockholm's own 1879 change.
    expect(transitions.get('Europe/Stockholm')!.some((t) => t.abbreviation === 'SET')).toBe(true);
  });

  it('has every transition zdump lists, at the same second, with its offset and abbreviation', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const zone of zones) {
      for (const t of transitions.get(zone)!) {
        const type = localTimeTypeAt(zone, t.at * 1000);
        // zdump -i leaves out an abbreviation that is the numeric offset itself ("+0020").
        const abbreviationOk =
          t.abbreviation === ''
            ? /^[+-]\d{2,6}$/.test(type.abbreviation)
            : type.abbreviation === t.abbreviation;
        if (type.offset !== t.offset || !abbreviationOk) {
          wrong.push(
            `${zone} ${new Date(t.at * 1000).toISOString()}: ${type.offset} ${type.abbreviation}, zdump ${t.offset} ${t.abbreviation}`,
          );
        }
        checked++;
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(checked).toBeGreaterThan(35_000);
  });

  it('gives zoneinfo offset and abbreviation for every name around every transition and twice a year to 2399', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const name of names) {
      const list = instants[name]!;
      const want = expected[name]!;
      list.forEach((t, i) => {
        const [offset, abbreviation] = want[i]!;
        const type = localTimeTypeAt(name, t * 1000);
        if (offsetSecondsAt(name, t * 1000) !== offset || type.abbreviation !== abbreviation) {
          wrong.push(
            `${name} ${new Date(t * 1000).toISOString()}: ${type.offset} ${type.abbreviation}, zoneinfo ${offset} ${abbreviation}`,
          );
        }
        checked++;
      });
    }
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(wrong.length).toBe(0);
    expect(checked).toBeGreaterThan(names.length * 1200);
  });
});
