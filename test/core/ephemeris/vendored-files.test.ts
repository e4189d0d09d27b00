/**
 * The data files the package ships in vendor/swisseph-ephe are the swisseph package's own `ephe/`
 * files, byte for byte. The addon became an optional dependency (issue 39: an install where it cannot
 * be built drops it, its data files with it), so both builds read the package's copy; an upgrade of
 * swisseph that changes the files must refresh the copy (scripts/build-swisseph-wasm.sh does).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledEphePath } from '../../../src/core/ephemeris/index.js';

const packageEphe = join(dirname(createRequire(import.meta.url).resolve('swisseph/package.json')), 'ephe');

describe('vendor/swisseph-ephe', () => {
  it('is where the service reads its data files', () => {
    expect(bundledEphePath()).toBe(join(import.meta.dirname, '../../../vendor/swisseph-ephe'));
  });

  it('holds the three files of the supported range and the small tables, as the swisseph package ships them', () => {
    const shipped = readdirSync(bundledEphePath()).sort();
    expect(shipped).toEqual(
      ['seas_18.se1', 'sefstars.txt', 'seleapsec.txt', 'semo_18.se1', 'seorbel.txt', 'sepl_18.se1'].sort(),
    );
    for (const file of shipped)
      expect(
        readFileSync(join(bundledEphePath(), file)).equals(readFileSync(join(packageEphe, file))),
        file,
      ).toBe(true);
  });
});
