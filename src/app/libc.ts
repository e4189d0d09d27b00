/**
 * The C library calls Node has no API for, through koffi (an FFI whose npm package ships prebuilt
 * binaries), loaded on first use. null where they cannot be had: not Linux with glibc, or koffi
 * missing; callers then do without.
 */
export interface Libc {
  /** malloc_trim(3): gives the C heap's free memory back to the system. */
  mallocTrim(): void;
}

let loading: Promise<Libc | null> | null = null;

export function libc(): Promise<Libc | null> {
  if (process.platform !== 'linux') return Promise.resolve(null);
  loading ??= load();
  return loading;
}

async function load(): Promise<Libc | null> {
  try {
    const { default: koffi } = await import('koffi');
    const lib = koffi.load('libc.so.6');
    const mallocTrim = lib.func('int malloc_trim(size_t)');
    return {
      mallocTrim: () => void mallocTrim(0),
    };
  } catch {
    return null;
  }
}
