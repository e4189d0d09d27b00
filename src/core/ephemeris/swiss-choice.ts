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
 * The native addon where it loads (the first choice: built for this machine), else the
 * WebAssembly build; EPHEMERIS_ENGINE=native or wasm picks one (and fails when it cannot load).
 */
export function chooseLibrary(engine: string | undefined = process.env.EPHEMERIS_ENGINE): LibraryChoice {
  if (engine !== undefined && engine !== '' && engine !== 'native' && engine !== 'wasm')
    throw new Error(`EPHEMERIS_ENGINE must be native or wasm, got "${engine}"`);
  if (engine === 'wasm')
    return { library: wasmLibrary(), nativeUnavailable: 'EPHEMERIS_ENGINE=wasm asks for WebAssembly' };
  const native = nativeLibrary();
  if (typeof native !== 'string') return { library: native, nativeUnavailable: null };
  if (engine === 'native') throw new Error(`EPHEMERIS_ENGINE=native, but ${native}`);
  return { library: wasmLibrary(), nativeUnavailable: native };
}
