import { chooseLibrary } from './swiss-choice.js';
import { vendorDir } from './vendor-dir.js';

/**
 * The slice of the Swiss Ephemeris this folder uses, over whichever build of the C library runs
 * (swiss-library.ts: the native addon first, its WebAssembly build where the addon cannot load).
 * The rest of the code sees plain numbers and never a binding's own result types.
 */

/** The build in use, chosen once per process (the C library keeps process-wide state). */
const CHOICE = chooseLibrary();
const swe = CHOICE.library;

/** Which build computes, and why (see swiss-choice.ts). */
export const ENGINE: {
  readonly kind: 'native' | 'wasm';
  readonly reason: string;
  readonly nativeUnavailable: string | null;
} = {
  kind: swe.kind,
  reason: CHOICE.reason,
  nativeUnavailable: CHOICE.nativeUnavailable,
};

/** Swiss Ephemeris flag bits (`SEFLG_*`, values from the library's `swephexp.h`). */
export const SEFLG = {
  JPLEPH: 1,
  SWIEPH: 2,
  MOSEPH: 4,
  HELCTR: 8,
  TRUEPOS: 16,
  J2000: 32,
  NONUT: 64,
  SPEED: 256,
  NOGDEFL: 512,
  NOABERR: 1024,
  EQUATORIAL: 2048,
  XYZ: 4096,
  RADIANS: 8192,
  BARYCTR: 16384,
  TOPOCTR: 32768,
  SIDEREAL: 65536,
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

/** Ecliptic result of `swe_calc_ut` (no EQUATORIAL/XYZ flag). */
export interface NativeEcliptic {
  readonly longitude: number;
  readonly latitude: number;
  readonly distance: number;
  readonly longitudeSpeed: number;
  readonly latitudeSpeed: number;
  readonly distanceSpeed: number;
  readonly rflag: number;
}

/** `swe_calc_ut` with flags that give ecliptic output; returns the library's error text on failure. */
export function calcEcliptic(jdUT: number, body: number, flags: number): NativeEcliptic | string {
  const r = swe.calcUt(jdUT, body, flags);
  if (typeof r === 'string') return r;
  const [longitude, latitude, distance, longitudeSpeed, latitudeSpeed, distanceSpeed] = r.xx as number[];
  return {
    longitude: longitude!,
    latitude: latitude!,
    distance: distance!,
    longitudeSpeed: longitudeSpeed!,
    latitudeSpeed: latitudeSpeed!,
    distanceSpeed: distanceSpeed!,
    rflag: r.rflag,
  };
}

/** `swe_calc_ut` for any supported flag combination except XYZ/RADIANS, normalised to six numbers. */
export function calcAny(jdUT: number, body: number, flags: number): NativeCoordinates | string {
  const r = swe.calcUt(jdUT, body, flags);
  if (typeof r === 'string') return r;
  const [a, b, distance, aSpeed, bSpeed, distanceSpeed] = r.xx as number[];
  return {
    a: a!,
    b: b!,
    distance: distance!,
    aSpeed: aSpeed!,
    bSpeed: bSpeed!,
    distanceSpeed: distanceSpeed!,
    rflag: r.rflag,
  };
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
  const r = swe.housesEx(jdUT, 0, latitude, longitude, code);
  if (typeof r === 'string') return r;
  return { cusps: r.cusps.slice(0, 12), ascendant: r.ascmc[0]!, mc: r.ascmc[1]!, armc: r.ascmc[2]! };
}

/**
 * The library keeps one ephemeris path per process (and closes its open files when it changes).
 * This mirrors it so each Ephemeris can re-assert its own path with a string comparison instead of
 * a native call, and instances with different paths (tests) never read each other's files.
 */
let nativeEphePath: string | undefined;

export function useEphePath(path: string, force = false): void {
  if (!force && nativeEphePath === path) return;
  swe.setEphePath(path);
  nativeEphePath = path;
}

/** Delta T = TT - UT in days, from the library's model (observed values, then its extrapolation). */
export function deltaTDays(jdUT: number): number {
  return swe.deltat(jdUT);
}

/**
 * Equation of time (apparent minus mean solar time) in days at a UT instant, or the library's error
 * text. The library's `swe_time_equ` takes UT since version 2.06.
 */
export function timeEquationDays(jdUT: number): number | string {
  return swe.timeEqu(jdUT);
}

/**
 * The ayanamsa of a predefined sidereal mode at a UT instant, degrees, or the library's error text.
 * The mode is process-wide state in the library: it is set on every call, and nothing here computes
 * with SEFLG_SIDEREAL, so no other call depends on it. Without SEFLG_NONUT the value is the true
 * ayanamsa (nutation in longitude included), the one the library's sidereal positions subtract.
 */
export function ayanamsaDegrees(jdUT: number, mode: number): number | string {
  swe.setSidMode(mode);
  return swe.ayanamsaExUt(jdUT, SEFLG.SWIEPH);
}

export function libraryVersion(): string {
  return swe.version();
}

/**
 * The data files the package ships in vendor/swisseph-ephe (sepl_18, semo_18, seas_18: those of the
 * swisseph package's `ephe/`), read by either build: the addon is optional and may be absent.
 */
export function bundledEphePath(): string {
  return vendorDir('swisseph-ephe', 'sepl_18.se1');
}

// ---- Eclipses and sidereal time (used by eclipses.ts) -------------------------------------------

/** Eclipse type bits (`SE_ECL_*` in swephexp.h); ANNULAR_TOTAL is the hybrid eclipse. */
export const SE_ECL = {
  CENTRAL: 1,
  NONCENTRAL: 2,
  TOTAL: 4,
  ANNULAR: 8,
  PARTIAL: 16,
  HYBRID: 32,
  PENUMBRAL: 64,
  ALLTYPES_SOLAR: 63,
  ALLTYPES_LUNAR: 84,
} as const;

export interface NativeSolarEclipse {
  rflag: number;
  maximum: number;
  begin: number;
  end: number;
}
export interface NativeSolarWhere {
  rflag: number;
  longitude: number;
  latitude: number;
  solarDiscFraction: number;
  eclipseMagnitude: number;
}
export interface NativeLunarEclipse {
  rflag: number;
  maximum: number;
  penumbralBegin: number;
  penumbralEnd: number;
}
export interface NativeLunarHow {
  rflag: number;
  umbralMagnitude: number;
  penumbralMagnitude: number;
}

/** Next (or previous) solar eclipse anywhere on Earth after `jdUT`; `types` = 0 for any kind. */
export function solarEclipseWhenGlobal(
  jdUT: number,
  types: number,
  backward: boolean,
): NativeSolarEclipse | string {
  const r = swe.solEclipseWhenGlob(jdUT, SEFLG.SWIEPH, types, backward);
  if (typeof r === 'string') return r;
  return { rflag: r.rflag, maximum: r.tret[0]!, begin: r.tret[2]!, end: r.tret[3]! };
}

/** Where the eclipse is central (or greatest, if not central) at `jdUT`, with its magnitude there. */
export function solarEclipseWhere(jdUT: number): NativeSolarWhere | string {
  const r = swe.solEclipseWhere(jdUT, SEFLG.SWIEPH);
  if (typeof r === 'string') return r;
  return {
    rflag: r.rflag,
    longitude: r.geopos[0]!,
    latitude: r.geopos[1]!,
    solarDiscFraction: r.attr[2]!,
    eclipseMagnitude: r.attr[8]!,
  };
}

export function lunarEclipseWhen(
  jdUT: number,
  types: number,
  backward: boolean,
): NativeLunarEclipse | string {
  const r = swe.lunEclipseWhen(jdUT, SEFLG.SWIEPH, types, backward);
  if (typeof r === 'string') return r;
  return { rflag: r.rflag, maximum: r.tret[0]!, penumbralBegin: r.tret[6]!, penumbralEnd: r.tret[7]! };
}

/** Lunar eclipse magnitudes at `jdUT` seen from a place (geographic lon/lat degrees, height m). */
export function lunarEclipseHow(
  jdUT: number,
  lon: number,
  lat: number,
  height: number,
): NativeLunarHow | string {
  const r = swe.lunEclipseHow(jdUT, SEFLG.SWIEPH, [lon, lat, height]);
  if (typeof r === 'string') return r;
  return { rflag: r.rflag, umbralMagnitude: r.attr[0]!, penumbralMagnitude: r.attr[1]! };
}

/** Greenwich apparent sidereal time at `jdUT`, hours. */
export function siderealTimeHours(jdUT: number): number {
  return swe.sidtime(jdUT);
}
