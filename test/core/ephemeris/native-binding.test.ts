/**
 * The addon's calls as src/core/ephemeris/swiss-native.ts declares them. The service declares them
 * itself since `swisseph` became an optional dependency (issue 39): where its build fails npm drops
 * the package, types included, and `tsc` of the service failed on the import of its types. Here the
 * package's own declarations must fit the service's (a type error in `npm run typecheck` otherwise),
 * and the addon, installed in the development tree, loads through them.
 */
import swisseph from 'swisseph';
import { describe, expect, it } from 'vitest';
import { nativeLibrary, type SwissephBinding } from '../../../src/core/ephemeris/swiss-native.js';

const asDeclared: SwissephBinding = swisseph;

describe('the swisseph binding as the service declares it', () => {
  it('is the package’s, and loads as the native library', () => {
    expect(asDeclared.swe_version()).toMatch(/^2\.\d\d\.\d\d/);
    const native = nativeLibrary();
    expect(typeof native === 'string' ? native : native.kind).toBe('native');
  });
});
