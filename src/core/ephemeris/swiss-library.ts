/**
 * The Swiss Ephemeris C library's calls this folder makes, over either build of the same C source:
 * the native addon of the `swisseph` package, or the WebAssembly build of that package's sources
 * (vendor/swisseph-wasm, scripts/build-swisseph-wasm.sh). Arguments and results are the C ones
 * (arrays as the C library fills them); a failure is the library's error text.
 */
export interface SwissLibrary {
  readonly kind: 'native' | 'wasm';
  /** Library version, e.g. "2.09.03". */
  version(): string;
  setEphePath(path: string): void;
  /** `swe_calc_ut`: six coordinates (`xx`) and the flags the library actually used. */
  calcUt(jdUT: number, body: number, flags: number): { xx: readonly number[]; rflag: number } | string;
  /** `swe_houses_ex` for a 12-house system: cusps 1-12 (index 0 = cusp 1) and `ascmc`. */
  housesEx(
    jdUT: number,
    flags: number,
    latitude: number,
    longitude: number,
    hsys: string,
  ): { cusps: readonly number[]; ascmc: readonly number[] } | string;
  /** `swe_deltat`, days. */
  deltat(jdUT: number): number;
  /** `swe_time_equ`, days. */
  timeEqu(jdUT: number): number | string;
  /** `swe_sidtime`, hours. */
  sidtime(jdUT: number): number;
  /** `swe_set_sid_mode` with a predefined ayanamsa (`SE_SIDM_*`), t0 and ayan_t0 unused (0). */
  setSidMode(mode: number): void;
  /** `swe_get_ayanamsa_ex_ut`, degrees: the true ayanamsa (nutation included) unless flags has NONUT. */
  ayanamsaExUt(jdUT: number, flags: number): number | string;
  solEclipseWhenGlob(
    jdUT: number,
    flags: number,
    types: number,
    backward: boolean,
  ): { rflag: number; tret: readonly number[] } | string;
  solEclipseWhere(
    jdUT: number,
    flags: number,
  ): { rflag: number; geopos: readonly number[]; attr: readonly number[] } | string;
  lunEclipseWhen(
    jdUT: number,
    flags: number,
    types: number,
    backward: boolean,
  ): { rflag: number; tret: readonly number[] } | string;
  lunEclipseHow(
    jdUT: number,
    flags: number,
    geopos: readonly [number, number, number],
  ): { rflag: number; attr: readonly number[] } | string;
}
