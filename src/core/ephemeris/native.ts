import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import swisseph from 'swisseph';

/**
 * The slice of the npm `swisseph` binding this folder uses, with the flag values it needs.
 * The package ships its own declarations; this module keeps every use of them in one place so the
 * rest of the code sees plain numbers and never the binding's union result types.
 */

/** Swiss Ephemeris flag bits (values from the library's `swephexp.h`, as exported by the binding). */
export const SEFLG = {
  JPLEPH: swisseph.SEFLG_JPLEPH,
  SWIEPH: swisseph.SEFLG_SWIEPH,
  MOSEPH: swisseph.SEFLG_MOSEPH,
  HELCTR: swisseph.SEFLG_HELCTR,
  TRUEPOS: swisseph.SEFLG_TRUEPOS,
  J2000: swisseph.SEFLG_J2000,
  NONUT: swisseph.SEFLG_NONUT,
  SPEED: swisseph.SEFLG_SPEED,
  NOGDEFL: swisseph.SEFLG_NOGDEFL,
  NOABERR: swisseph.SEFLG_NOABERR,
  EQUATORIAL: swisseph.SEFLG_EQUATORIAL,
  XYZ: swisseph.SEFLG_XYZ,
  RADIANS: swisseph.SEFLG_RADIANS,
  BARYCTR: swisseph.SEFLG_BARYCTR,
  TOPOCTR: swisseph.SEFLG_TOPOCTR,
  SIDEREAL: swisseph.SEFLG_SIDEREAL,
} as const;

/** Six coordinates as the library returns them (ecliptic or equatorial, degrees/AU and per day). */
export interface NativeCoordinates {
  readonly a: number;
  readonly b: number;
  readonly distance: number;
  readonly aSpeed: number;
  readonly bSpeed: number;
  readonly distanceSpeed: number;
  readonly rflag: number;
}

type NativeResult = ReturnType<typeof swisseph.swe_calc_ut>;

/** Ecliptic variant of a `swe_calc_ut` result (no EQUATORIAL/XYZ flag). */
export type NativeEcliptic = Extract<NativeResult, { longitude: number }>;

/** `swe_calc_ut` with flags that give ecliptic output; returns the library's error text on failure. */
export function calcEcliptic(jdUT: number, body: number, flags: number): NativeEcliptic | string {
  const r = swisseph.swe_calc_ut(jdUT, body, flags);
  return 'longitude' in r ? r : 'error' in r ? r.error : 'unexpected result shape';
}

/** `swe_calc_ut` for any supported flag combination except XYZ/RADIANS, normalised to six numbers. */
export function calcAny(jdUT: number, body: number, flags: number): NativeCoordinates | string {
  const r = swisseph.swe_calc_ut(jdUT, body, flags);
  if ('longitude' in r) {
    return {
      a: r.longitude,
      b: r.latitude,
      distance: r.distance,
      aSpeed: r.longitudeSpeed,
      bSpeed: r.latitudeSpeed,
      distanceSpeed: r.distanceSpeed,
      rflag: r.rflag,
    };
  }
  if ('rectAscension' in r) {
    return {
      a: r.rectAscension,
      b: r.declination,
      distance: r.distance,
      aSpeed: r.rectAscensionSpeed,
      bSpeed: r.declinationSpeed,
      distanceSpeed: r.distanceSpeed,
      rflag: r.rflag,
    };
  }
  return 'error' in r ? r.error : 'unexpected result shape';
}

/** Cusps 1-12 (index 0 = cusp 1) and the angles, ecliptic longitudes in degrees. */
export interface NativeHouses {
  readonly cusps: readonly number[];
  readonly ascendant: number;
  readonly mc: number;
  /** Right ascension of the MC (local apparent sidereal time), degrees. */
  readonly armc: number;
}

/**
 * `swe_houses_ex` (tropical) for a one-letter house system. The binding reports every failure as the
 * same text without cusps, including Placidus and Koch inside the polar circles, where the C library
 * itself switches to Porphyry: the caller decides what to do instead.
 */
export function calcHouses(
  jdUT: number,
  latitude: number,
  longitude: number,
  code: string,
): NativeHouses | string {
  const r = swisseph.swe_houses_ex(jdUT, 0, latitude, longitude, code);
  if ('house' in r) return { cusps: r.house, ascendant: r.ascendant, mc: r.mc, armc: r.armc };
  return 'error' in r ? r.error : 'unexpected result shape';
}

/**
 * The library keeps one ephemeris path per process (and closes its open files when it changes).
 * This mirrors it so each Ephemeris can re-assert its own path with a string comparison instead of
 * a native call, and instances with different paths (tests) never read each other's files.
 */
let nativeEphePath: string | undefined;

export function useEphePath(path: string, force = false): void {
  if (!force && nativeEphePath === path) return;
  swisseph.swe_set_ephe_path(path);
  nativeEphePath = path;
}

/** Delta T = TT - UT in days, from the library's model (observed values, then its extrapolation). */
export function deltaTDays(jdUT: number): number {
  return swisseph.swe_deltat(jdUT).delta;
}

/**
 * Equation of time (apparent minus mean solar time) in days at a UT instant, or the library's error
 * text. The library's `swe_time_equ` takes UT since version 2.06.
 */
export function timeEquationDays(jdUT: number): number | string {
  const r = swisseph.swe_time_equ(jdUT);
  return 'timeEquation' in r ? r.timeEquation : r.error;
}

export function libraryVersion(): string {
  return String(swisseph.swe_version());
}

/** The `ephe/` directory shipped inside the installed swisseph package (sepl_18, semo_18, seas_18). */
export function bundledEphePath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('swisseph/package.json')), 'ephe');
}

// ---- Eclipses and sidereal time (used by eclipses.ts) -------------------------------------------

/** Eclipse type bits (`SE_ECL_*` in swephexp.h); the binding has no HYBRID constant: ANNULAR_TOTAL is it. */
export const SE_ECL = {
  CENTRAL: swisseph.SE_ECL_CENTRAL,
  NONCENTRAL: swisseph.SE_ECL_NONCENTRAL,
  TOTAL: swisseph.SE_ECL_TOTAL,
  ANNULAR: swisseph.SE_ECL_ANNULAR,
  PARTIAL: swisseph.SE_ECL_PARTIAL,
  HYBRID: swisseph.SE_ECL_ANNULAR_TOTAL,
  PENUMBRAL: swisseph.SE_ECL_PENUMBRAL,
  ALLTYPES_SOLAR: swisseph.SE_ECL_ALLTYPES_SOLAR,
  ALLTYPES_LUNAR: swisseph.SE_ECL_ALLTYPES_LUNAR,
} as const;

type Success<T> = Exclude<T, { error: string }>;
const orError = <T extends object>(r: T | { error: string }): Success<T | { error: string }> | string =>
  'error' in r ? (r as { error: string }).error : (r as Success<T | { error: string }>);

export type NativeSolarEclipse = Success<ReturnType<typeof swisseph.swe_sol_eclipse_when_glob>>;
export type NativeSolarWhere = Success<ReturnType<typeof swisseph.swe_sol_eclipse_where>>;
export type NativeLunarEclipse = Success<ReturnType<typeof swisseph.swe_lun_eclipse_when>>;
export type NativeLunarHow = Success<ReturnType<typeof swisseph.swe_lun_eclipse_how>>;

/** Next (or previous) solar eclipse anywhere on Earth after `jdUT`; `types` = 0 for any kind. */
export function solarEclipseWhenGlobal(
  jdUT: number,
  types: number,
  backward: boolean,
): NativeSolarEclipse | string {
  return orError(swisseph.swe_sol_eclipse_when_glob(jdUT, SEFLG.SWIEPH, types, backward ? 1 : 0));
}

/** Where the eclipse is central (or greatest, if not central) at `jdUT`, with its magnitude there. */
export function solarEclipseWhere(jdUT: number): NativeSolarWhere | string {
  return orError(swisseph.swe_sol_eclipse_where(jdUT, SEFLG.SWIEPH));
}

export function lunarEclipseWhen(
  jdUT: number,
  types: number,
  backward: boolean,
): NativeLunarEclipse | string {
  return orError(swisseph.swe_lun_eclipse_when(jdUT, SEFLG.SWIEPH, types, backward ? 1 : 0));
}

/** Lunar eclipse magnitudes at `jdUT` seen from a place (geographic lon/lat degrees, height m). */
export function lunarEclipseHow(
  jdUT: number,
  lon: number,
  lat: number,
  height: number,
): NativeLunarHow | string {
  return orError(swisseph.swe_lun_eclipse_how(jdUT, SEFLG.SWIEPH, lon, lat, height));
}

/** Greenwich apparent sidereal time at `jdUT`, hours. */
export function siderealTimeHours(jdUT: number): number {
  return swisseph.swe_sidtime(jdUT).siderialTime;
}
