/**
 * The data-file guard. Without its files Swiss Ephemeris does not fail: it silently answers from
 * the Moshier model (~1" to 10" worse, enough to flip a Human Design tone; reference
 * human-design.md section 2.4 and astrology-bazi-location.md section A5, which measured rflag 260 =
 * MOSEPH|SPEED instead of 258 = SWIEPH|SPEED). createEphemeris must refuse to start instead.
 * No tolerances: pass/fail behaviour only.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledEphePath, createEphemeris, EphemerisError } from '../../../src/core/ephemeris/index.js';
import { jd } from '../../helpers/ephemeris.js';

const temporary: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'ephe-guard-'));
  temporary.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('SWIEPH guard', () => {
  it('throws at creation when the ephemeris directory is empty', () => {
    const empty = tempDir();
    expect(() => createEphemeris({ ephePath: empty })).toThrow(EphemerisError);
    expect(() => createEphemeris({ ephePath: empty })).toThrow(/sepl_18\.se1.*Moshier/s);
  });

  it('throws when the directory does not exist', () => {
    expect(() => createEphemeris({ ephePath: join(tempDir(), 'missing') })).toThrow(/Moshier/);
  });

  it('names the missing file when only some files are present', () => {
    const partial = tempDir();
    symlinkSync(join(bundledEphePath(), 'sepl_18.se1'), join(partial, 'sepl_18.se1'));
    expect(() => createEphemeris({ ephePath: partial })).toThrow(/semo_18\.se1/);
  });

  it('accepts the bundled files, and a failed attempt does not break an existing instance', () => {
    const good = createEphemeris();
    const before = good.position('moon', jd('2000-01-01T12:00:00Z'));
    expect(() => createEphemeris({ ephePath: tempDir() })).toThrow(EphemerisError);
    // The native library's path is process-wide: the good instance must re-assert its own.
    const after = good.position('moon', jd('2000-01-01T12:00:00Z'));
    expect(after).toEqual(before);
    expect(good.body(11, jd('2000-01-01T12:00:00Z')).flags & 2).toBe(2);
    expect(good.ephePath).toBe(bundledEphePath());
    expect(good.version).toMatch(/^\d+\.\d+/);
  });
});
