import type { SwissLibrary } from './swiss-library.js';
import { nativeLibrary } from './swiss-native.js';
import { wasmLibrary } from './swiss-wasm.js';

/** The EPHEMERIS setting: a build by name, or `auto` (unset), the measured default. */
export const ENGINE_SETTINGS = ['auto', 'native', 'wasm'] as const;

/**
 * What `auto` runs: WebAssembly, the build that won the levels a user sees where the two differed
 * beyond the machine's variation (the chart core, 1.21-1.22x in two runs; REST charts 1.07-1.13x,
 * won in one run, even in the other; transits, eclipses, p99 and memory even), measured side by side
 * (BENCHMARKS.md, "Swiss Ephemeris builds"; bench/engines.ts).
 * Its calls return numbers in a shared buffer where the addon builds an object and reads the
 * ephemeris files through the file system per call.
 */
export const AUTO_ENGINE: 'native' | 'wasm' = 'wasm';

/** Which build runs, and why. */
export interface LibraryChoice {
  library: SwissLibrary;
  /** Why this build runs (the setting, or why the native addon could not). */
  reason: string;
  /** Why the native addon did not load; null when it loaded or was never asked for. */
  nativeUnavailable: string | null;
}

/**
 * The build `setting` names; `auto` runs AUTO_ENGINE, and WebAssembly wherever the native addon does
 * not load (it is an optional dependency: an install where it could not be built has none). Never
 * throws: the settings check (app/config.ts) refuses a bad value, or `native` where the addon did
 * not load, with a clear message.
 */
export function chooseLibrary(setting: string | undefined = process.env.EPHEMERIS): LibraryChoice {
  const asked = setting || 'auto';
  const wanted = asked === 'native' || asked === 'wasm' ? asked : AUTO_ENGINE;
  if (wanted === 'wasm')
    return { library: wasmLibrary(), reason: `EPHEMERIS=${asked}`, nativeUnavailable: null };
  const native = nativeLibrary();
  if (typeof native !== 'string')
    return { library: native, reason: `EPHEMERIS=${asked}`, nativeUnavailable: null };
  return { library: wasmLibrary(), reason: native, nativeUnavailable: native };
}
