/**
 * The EPHEMERIS setting (core/ephemeris/swiss-choice.ts; issue 39): `auto`, the default, runs the
 * build bench/engines.ts measured the winner (WebAssembly, BENCHMARKS.md "Swiss Ephemeris builds");
 * `native` and `wasm` name one. The reason each choice gives is what the start log line shows.
 */
import { describe, expect, it } from 'vitest';
import { AUTO_ENGINE, EPHEMERIS_ENGINE } from '../../../src/core/ephemeris/index.js';
import { chooseLibrary } from '../../../src/core/ephemeris/swiss-choice.js';

describe('EPHEMERIS', () => {
  it('auto (or unset) runs WebAssembly, the measured winner', () => {
    expect(AUTO_ENGINE).toBe('wasm');
    for (const setting of [undefined, '', 'auto']) {
      const choice = chooseLibrary(setting);
      expect(choice.library.kind).toBe('wasm');
      expect(choice.reason).toBe('EPHEMERIS=auto');
    }
  });

  it('native and wasm each run the build they name (the addon is installed here)', () => {
    expect(chooseLibrary('native').library.kind).toBe('native');
    expect(chooseLibrary('native').reason).toBe('EPHEMERIS=native');
    expect(chooseLibrary('wasm').library.kind).toBe('wasm');
  });

  it('the tests run on the default build unless EPHEMERIS says otherwise', () => {
    expect(EPHEMERIS_ENGINE.kind).toBe(process.env.EPHEMERIS === 'native' ? 'native' : AUTO_ENGINE);
  });
});
