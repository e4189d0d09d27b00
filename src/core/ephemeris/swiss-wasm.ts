import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { SwissLibrary } from './swiss-library.js';
import { vendorDir } from './vendor-dir.js';

/** The Emscripten module of vendor/swisseph-wasm: exported C functions, its heap and its file system. */
interface WasmModule {
  HEAPF64: Float64Array;
  FS: {
    mkdirTree(path: string): void;
    writeFile(path: string, data: Uint8Array): void;
  };
  UTF8ToString(ptr: number): string;
  stringToUTF8(text: string, ptr: number, max: number): void;
  _malloc(bytes: number): number;
  _swe_version(out: number): number;
  _swe_set_ephe_path(path: number): void;
  _swe_calc_ut(jd: number, body: number, flags: number, xx: number, serr: number): number;
  _swe_houses_ex(
    jd: number,
    flags: number,
    lat: number,
    lon: number,
    hsys: number,
    cusps: number,
    ascmc: number,
  ): number;
  _swe_deltat(jd: number): number;
  _swe_time_equ(jd: number, te: number, serr: number): number;
  _swe_sidtime(jd: number): number;
  _swe_set_sid_mode(mode: number, t0: number, ayanT0: number): void;
  _swe_get_ayanamsa_ex_ut(jd: number, flags: number, daya: number, serr: number): number;
  _swe_sol_eclipse_when_glob(
    jd: number,
    flags: number,
    types: number,
    tret: number,
    backward: number,
    serr: number,
  ): number;
  _swe_sol_eclipse_where(jd: number, flags: number, geopos: number, attr: number, serr: number): number;
  _swe_lun_eclipse_when(
    jd: number,
    flags: number,
    types: number,
    tret: number,
    backward: number,
    serr: number,
  ): number;
  _swe_lun_eclipse_how(jd: number, flags: number, geopos: number, attr: number, serr: number): number;
}

/** Ephemeris files the library may open; the asteroid names list (10 MB) is never read here. */
const wanted = (name: string, bytes: number) => name.endsWith('.se1') || bytes < 1_000_000;

/**
 * The WebAssembly build as a SwissLibrary. It compiles synchronously (Node allows it for any size),
 * and its C `stdout`/`stderr` go to this process's stderr: stdout may be a JSON-RPC channel. The
 * library reads files through Emscripten's in-memory file system, so each ephemeris directory is
 * copied into it (about 2 MB) the first time it is selected.
 */
export function wasmLibrary(): SwissLibrary {
  const dir = vendorDir('swisseph-wasm', 'swisseph.wasm');
  const toStderr = (text: string) => process.stderr.write(`${text}\n`);
  const moduleArg = {
    wasmBinary: readFileSync(join(dir, 'swisseph.wasm')),
    print: toStderr,
    printErr: toStderr,
  };
  const create = createRequire(import.meta.url)(join(dir, 'swisseph.cjs')) as (m: object) => unknown;
  // With synchronous compilation the module object passed in is complete when the call returns.
  void create(moduleArg);
  const m = moduleArg as unknown as WasmModule;

  // Scratch buffers, allocated once: calls never overlap on one thread.
  const F64 = 8;
  const xx = m._malloc(6 * F64);
  const cusps = m._malloc(13 * F64);
  const ascmc = m._malloc(10 * F64);
  const tret = m._malloc(10 * F64);
  const geopos = m._malloc(10 * F64);
  const attr = m._malloc(20 * F64);
  const serr = m._malloc(256);
  const text = m._malloc(1024);
  const doubles = (ptr: number, n: number) => Array.from(m.HEAPF64.subarray(ptr / F64, ptr / F64 + n));

  const mounted = new Map<string, string>();
  const mount = (path: string): string => {
    let inMemory = mounted.get(path);
    if (inMemory) return inMemory;
    inMemory = `/ephe/${mounted.size}`;
    m.FS.mkdirTree(inMemory);
    const names = existsSync(path) ? readdirSync(path) : [];
    for (const name of names) {
      const file = join(path, name);
      const st = statSync(file, { throwIfNoEntry: false });
      if (st?.isFile() && wanted(name, st.size)) m.FS.writeFile(`${inMemory}/${name}`, readFileSync(file));
    }
    mounted.set(path, inMemory);
    return inMemory;
  };

  return {
    kind: 'wasm',
    version() {
      m._swe_version(text);
      return m.UTF8ToString(text);
    },
    setEphePath(path) {
      m.stringToUTF8(mount(path), text, 1024);
      m._swe_set_ephe_path(text);
    },
    calcUt(jdUT, body, flags) {
      const rflag = m._swe_calc_ut(jdUT, body, flags, xx, serr);
      return rflag < 0 ? m.UTF8ToString(serr) : { xx: doubles(xx, 6), rflag };
    },
    housesEx(jdUT, flags, latitude, longitude, hsys) {
      const rflag = m._swe_houses_ex(jdUT, flags, latitude, longitude, hsys.charCodeAt(0), cusps, ascmc);
      // The same words as the native addon, which reports every failure so.
      if (rflag < 0) return "Can't calculate houses.";
      return { cusps: doubles(cusps, 13).slice(1), ascmc: doubles(ascmc, 10) };
    },
    deltat: (jdUT) => m._swe_deltat(jdUT),
    timeEqu(jdUT) {
      const rflag = m._swe_time_equ(jdUT, xx, serr);
      return rflag < 0 ? m.UTF8ToString(serr) : m.HEAPF64[xx / F64]!;
    },
    sidtime: (jdUT) => m._swe_sidtime(jdUT),
    setSidMode: (mode) => m._swe_set_sid_mode(mode, 0, 0),
    ayanamsaExUt(jdUT, flags) {
      const rflag = m._swe_get_ayanamsa_ex_ut(jdUT, flags, xx, serr);
      return rflag < 0 ? m.UTF8ToString(serr) : m.HEAPF64[xx / F64]!;
    },
    solEclipseWhenGlob(jdUT, flags, types, backward) {
      const rflag = m._swe_sol_eclipse_when_glob(jdUT, flags, types, tret, backward ? 1 : 0, serr);
      return rflag < 0 ? m.UTF8ToString(serr) : { rflag, tret: doubles(tret, 10) };
    },
    solEclipseWhere(jdUT, flags) {
      const rflag = m._swe_sol_eclipse_where(jdUT, flags, geopos, attr, serr);
      return rflag < 0
        ? m.UTF8ToString(serr)
        : { rflag, geopos: doubles(geopos, 10), attr: doubles(attr, 20) };
    },
    lunEclipseWhen(jdUT, flags, types, backward) {
      const rflag = m._swe_lun_eclipse_when(jdUT, flags, types, tret, backward ? 1 : 0, serr);
      return rflag < 0 ? m.UTF8ToString(serr) : { rflag, tret: doubles(tret, 10) };
    },
    lunEclipseHow(jdUT, flags, place) {
      m.HEAPF64.set(place, geopos / F64);
      const rflag = m._swe_lun_eclipse_how(jdUT, flags, geopos, attr, serr);
      return rflag < 0 ? m.UTF8ToString(serr) : { rflag, attr: doubles(attr, 20) };
    },
  };
}
