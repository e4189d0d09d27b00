import type { SwissLibrary } from './swiss-library.js';
import { nativeLibrary } from './swiss-native.js';
import { wasmLibrary } from './swiss-wasm.js';

/** Which build runs, and why the native one does not when it does not. */
export interface LibraryChoice {
  library: SwissLibrary;
  /** Why the native addon is not used (it could not be loaded, or EPHEMERIS_ENGINE=wasm); null when it is. */
  nativeUnavailable: string | null;
}

/**
 * The native addon where it loads (the first choice: built for this machine), else the WebAssembly
 * build; EPHEMERIS_ENGINE=wasm picks WebAssembly. Never throws: the settings check
 * (app/config.ts) refuses a bad value, or `native` when the addon did not load, with a clear message.
 */
export function chooseLibrary(engine: string | undefined = process.env.EPHEMERIS_ENGINE): LibraryChoice {
  if (engine === 'wasm')
    return { library: wasmLibrary(), nativeUnavailable: 'EPHEMERIS_ENGINE=wasm asks for WebAssembly' };
  const native = nativeLibrary();
  if (typeof native !== 'string') return { library: native, nativeUnavailable: null };
  return { library: wasmLibrary(), nativeUnavailable: native };
}
