import { createRequire } from 'node:module';
import type { SwissLibrary } from './swiss-library.js';

type Failed = { error: string };

/**
 * The calls of the `swisseph` addon made here, as its own declarations type them. Declared here, not
 * imported from the package: it is an optional dependency, absent where its build failed, and the
 * service must still compile there (test/core/ephemeris/native-binding.test.ts holds the package's
 * binding to this shape).
 */
export interface SwissephBinding {
  swe_version(): string;
  swe_set_ephe_path(path: string): unknown;
  swe_calc_ut(
    jdUT: number,
    body: number,
    flags: number,
  ):
    | {
        longitude: number;
        latitude: number;
        distance: number;
        longitudeSpeed: number;
        latitudeSpeed: number;
        distanceSpeed: number;
        rflag: number;
      }
    | {
        rectAscension: number;
        declination: number;
        distance: number;
        rectAscensionSpeed: number;
        declinationSpeed: number;
        distanceSpeed: number;
        rflag: number;
      }
    | { x: number; rflag: number }
    | Failed;
  swe_houses_ex(
    jdUT: number,
    flags: number,
    latitude: number,
    longitude: number,
    hsys: string,
  ): { house: number[]; ascendant: number; mc: number; armc: number } | Failed;
  swe_deltat(jdUT: number): { delta: number };
  swe_time_equ(jdUT: number): { timeEquation: number } | Failed;
  swe_sidtime(jdUT: number): { siderialTime: number };
  swe_set_sid_mode(mode: number, t0: number, ayanT0: number): undefined;
  swe_get_ayanamsa_ex_ut(jdUT: number, flags: number): { ayanamsa: number } | Failed;
  swe_sol_eclipse_when_glob(
    jdUT: number,
    flags: number,
    types: number,
    backward: 0 | 1,
  ): { rflag: number; maximum: number; noon: number; begin: number; end: number } | Failed;
  swe_sol_eclipse_where(
    jdUT: number,
    flags: number,
  ):
    | {
        rflag: number;
        longitude: number;
        latitude: number;
        solarDiameterFraction: number;
        lonarToSolarDiameterRatio: number;
        solarDiscFraction: number;
        eclipseMagnitude: number;
      }
    | Failed;
  swe_lun_eclipse_when(
    jdUT: number,
    flags: number,
    types: number,
    backward: 0 | 1,
  ):
    | {
        rflag: number;
        maximum: number;
        partialBegin: number;
        partialEnd: number;
        totalBegin: number;
        totalEnd: number;
        penumbralBegin: number;
        penumbralEnd: number;
      }
    | Failed;
  swe_lun_eclipse_how(
    jdUT: number,
    flags: number,
    longitude: number,
    latitude: number,
    height: number,
  ): { rflag: number; umbralMagnitude: number; penumbralMagnitude: number } | Failed;
}

/**
 * The `swisseph` package's native addon as a SwissLibrary, or why it cannot be loaded (installed
 * without its build step, no compiler on this machine, or built for another platform).
 */
export function nativeLibrary(): SwissLibrary | string {
  let swe: SwissephBinding;
  try {
    swe = createRequire(import.meta.url)('swisseph') as SwissephBinding;
  } catch (e) {
    return `the native swisseph addon could not be loaded (${(e as Error).message.split('\n')[0]})`;
  }
  const err = (r: object): string | null => ('error' in r ? String((r as { error: unknown }).error) : null);
  return {
    kind: 'native',
    version: () => String(swe.swe_version()),
    setEphePath: (path) => swe.swe_set_ephe_path(path),
    calcUt(jdUT, body, flags) {
      const r = swe.swe_calc_ut(jdUT, body, flags);
      if ('longitude' in r)
        return {
          xx: [r.longitude, r.latitude, r.distance, r.longitudeSpeed, r.latitudeSpeed, r.distanceSpeed],
          rflag: r.rflag,
        };
      if ('rectAscension' in r)
        return {
          xx: [
            r.rectAscension,
            r.declination,
            r.distance,
            r.rectAscensionSpeed,
            r.declinationSpeed,
            r.distanceSpeed,
          ],
          rflag: r.rflag,
        };
      return err(r) ?? 'unexpected result shape';
    },
    housesEx(jdUT, flags, latitude, longitude, hsys) {
      const r = swe.swe_houses_ex(jdUT, flags, latitude, longitude, hsys);
      if (!('house' in r)) return err(r) ?? 'unexpected result shape';
      // The addon names the angles; ascmc's order is the C library's (SE_ASC, SE_MC, SE_ARMC).
      return { cusps: r.house, ascmc: [r.ascendant, r.mc, r.armc] };
    },
    deltat: (jdUT) => swe.swe_deltat(jdUT).delta,
    timeEqu(jdUT) {
      const r = swe.swe_time_equ(jdUT);
      return 'timeEquation' in r ? r.timeEquation : r.error;
    },
    sidtime: (jdUT) => swe.swe_sidtime(jdUT).siderialTime,
    setSidMode: (mode) => swe.swe_set_sid_mode(mode, 0, 0),
    ayanamsaExUt(jdUT, flags) {
      const r = swe.swe_get_ayanamsa_ex_ut(jdUT, flags);
      return 'ayanamsa' in r ? r.ayanamsa : r.error;
    },
    solEclipseWhenGlob(jdUT, flags, types, backward) {
      const r = swe.swe_sol_eclipse_when_glob(jdUT, flags, types, backward ? 1 : 0);
      if ('error' in r) return r.error;
      return { rflag: r.rflag, tret: [r.maximum, r.noon, r.begin, r.end] };
    },
    solEclipseWhere(jdUT, flags) {
      const r = swe.swe_sol_eclipse_where(jdUT, flags);
      if ('error' in r) return r.error;
      const attr = [r.solarDiameterFraction, r.lonarToSolarDiameterRatio, r.solarDiscFraction];
      attr[8] = r.eclipseMagnitude;
      return { rflag: r.rflag, geopos: [r.longitude, r.latitude], attr };
    },
    lunEclipseWhen(jdUT, flags, types, backward) {
      const r = swe.swe_lun_eclipse_when(jdUT, flags, types, backward ? 1 : 0);
      if ('error' in r) return r.error;
      const tret = [r.maximum, 0, r.partialBegin, r.partialEnd, r.totalBegin, r.totalEnd];
      tret[6] = r.penumbralBegin;
      tret[7] = r.penumbralEnd;
      return { rflag: r.rflag, tret };
    },
    lunEclipseHow(jdUT, flags, [lon, lat, height]) {
      const r = swe.swe_lun_eclipse_how(jdUT, flags, lon, lat, height);
      if ('error' in r) return r.error;
      return { rflag: r.rflag, attr: [r.umbralMagnitude, r.penumbralMagnitude] };
    },
  };
}
