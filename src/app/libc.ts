/**
 * The C library calls Node has no API for, through koffi (an FFI whose npm package ships prebuilt
 * binaries), loaded on first use. null where they cannot be had: not Linux with glibc, or koffi
 * missing; callers then do without.
 */
export interface Libc {
  /** setsockopt(2) with a `struct sock_fprog` (a classic BPF program) as its value. */
  attachFilter(fd: number, program: readonly BpfInstruction[]): boolean;
  /** malloc_trim(3): gives the C heap's free memory back to the system. */
  mallocTrim(): void;
}

export interface BpfInstruction {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

const SOL_SOCKET = 1;
const SO_ATTACH_FILTER = 26;

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
    const instruction = koffi.struct('sock_filter', {
      code: 'uint16',
      jt: 'uint8',
      jf: 'uint8',
      k: 'uint32',
    });
    const fprog = koffi.struct('sock_fprog', { len: 'uint16', filter: koffi.pointer(instruction) });
    const setsockopt = lib.func('int setsockopt(int, int, int, _In_ sock_fprog *, uint32)');
    const mallocTrim = lib.func('int malloc_trim(size_t)');
    const fprogSize = koffi.sizeof(fprog);
    return {
      attachFilter: (fd, program) =>
        setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, { len: program.length, filter: program }, fprogSize) ===
        0,
      mallocTrim: () => void mallocTrim(0),
    };
  } catch {
    return null;
  }
}
