/**
 * The WebAssembly build of the Swiss Ephemeris (vendor/swisseph-wasm, compiled from the C sources the
 * `swisseph` package ships) against the native addon built from the same sources, both on the same
 * data files (the package's ephe/): positions of every body the service computes, with and without
 * the equatorial flag, over instants spread across the supported range (1800-2399), must agree to
 * 0.001 arcsecond; so must houses, Delta T, the equation of time, sidereal time, the ayanamsas
 * (swe_get_ayanamsa_ex_ut) and the eclipse searches. Reference: the native addon itself (the
 * service's first choice), and the library version string each build reports (`swe_version`,
 * SE_VERSION in sweph.h). The fast tier runs it over 100 instants
 * (test/core/ephemeris/wasm-parity.test.ts), the sweep tier over 1,000 (test/sweep/wasm-parity.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SE_BODY } from '../../src/core/bodies/index.js';
import { AYANAMSA_MODES, bundledEphePath, SUPPORTED_RANGE } from '../../src/core/ephemeris/index.js';
import { HOUSE_SYSTEM_CODES } from '../../src/core/ephemeris/houses.js';
import { SEFLG } from '../../src/core/ephemeris/native.js';
import { nativeLibrary } from '../../src/core/ephemeris/swiss-native.js';
import { wasmLibrary } from '../../src/core/ephemeris/swiss-wasm.js';

const ARCSEC = 1 / 3600;
const TOLERANCE_DEG = 0.001 * ARCSEC;

/** A library answer, or the test fails with the library's error text. */
function ok<T>(r: T | string): T {
  if (typeof r === 'string') throw new Error(r);
  return r;
}

/** Smallest difference of two angles in degrees. */
const angle = (a: number, b: number) => {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
};

/** Defines the parity tests over `count` instants (houses and ayanamsas at every tenth, eclipses from every fiftieth). */
export function describeWasmParity(count: number): void {
  const native = ok(nativeLibrary());
  const wasm = wasmLibrary();
  const ephe = bundledEphePath();
  for (const lib of [native, wasm]) lib.setEphePath(ephe);

  /** Instants spread over the supported range, off the whole day, deterministic. */
  const instants = Array.from({ length: count }, (_, i) => {
    const span = SUPPORTED_RANGE.endJdUT - SUPPORTED_RANGE.startJdUT - 1;
    return SUPPORTED_RANGE.startJdUT + (span * (i + 0.5)) / count + ((i * 0.618034) % 1);
  });
  const bodies = [...new Set(Object.values(SE_BODY))];

  function worstCalc(flags: number): { deg: number; where: string } {
    let worst = { deg: 0, where: '' };
    for (const jd of instants) {
      for (const body of bodies) {
        const n = native.calcUt(jd, body, flags);
        const w = wasm.calcUt(jd, body, flags);
        if (typeof n === 'string' || typeof w === 'string')
          throw new Error(`body ${body} at ${jd}: ${n} / ${w}`);
        expect(w.rflag, `rflag of body ${body} at ${jd}`).toBe(n.rflag);
        const deg = Math.max(angle(n.xx[0]!, w.xx[0]!), Math.abs(n.xx[1]! - w.xx[1]!));
        if (deg > worst.deg) worst = { deg, where: `body ${body} at JD ${jd}` };
      }
    }
    return worst;
  }

  describe('Swiss Ephemeris: WebAssembly build against the native addon', () => {
    it('is the same library version', () => {
      expect(wasm.version()).toBe(native.version());
      const shipped = readFileSync(join(import.meta.dirname, '../../vendor/swisseph-wasm/VERSION'), 'utf8');
      expect(shipped.trim()).toBe(native.version());
    });

    it(`places every body within 0.001" over ${count} instants (ecliptic, with speed)`, () => {
      const worst = worstCalc(SEFLG.SWIEPH | SEFLG.SPEED);
      expect(worst.deg, worst.where).toBeLessThan(TOLERANCE_DEG);
    });

    it(`places every body within 0.001" over ${count} instants (equatorial)`, () => {
      const worst = worstCalc(SEFLG.SWIEPH | SEFLG.SPEED | SEFLG.EQUATORIAL);
      expect(worst.deg, worst.where).toBeLessThan(TOLERANCE_DEG);
    });

    it('gives the same houses, Delta T, equation of time and sidereal time', () => {
      const places = [
        [45.5, -73.6],
        [-33.9, 151.2],
        [69.6, 18.9],
      ] as const;
      for (const jd of instants.filter((_, i) => i % 10 === 0)) {
        for (const [lat, lon] of places) {
          for (const code of Object.values(HOUSE_SYSTEM_CODES)) {
            const n = native.housesEx(jd, 0, lat, lon, code);
            const w = wasm.housesEx(jd, 0, lat, lon, code);
            if (typeof n === 'string') {
              expect(w).toBe(n);
              continue;
            }
            if (typeof w === 'string') throw new Error(`houses ${code} at ${jd}: ${w}`);
            for (let i = 0; i < 12; i++) expect(angle(n.cusps[i]!, w.cusps[i]!)).toBeLessThan(TOLERANCE_DEG);
            for (let i = 0; i < 3; i++) expect(angle(n.ascmc[i]!, w.ascmc[i]!)).toBeLessThan(TOLERANCE_DEG);
          }
        }
        expect(Math.abs(native.deltat(jd) - wasm.deltat(jd)) * 86_400).toBeLessThan(1e-6);
        expect(Math.abs(ok(native.timeEqu(jd)) - ok(wasm.timeEqu(jd))) * 86_400).toBeLessThan(1e-6);
        expect(Math.abs(native.sidtime(jd) - wasm.sidtime(jd)) * 3600).toBeLessThan(1e-6);
      }
    });

    it('gives the same ayanamsas, true and mean, for every sidereal mode the service offers', () => {
      let worst = 0;
      for (const mode of Object.values(AYANAMSA_MODES)) {
        native.setSidMode(mode);
        wasm.setSidMode(mode);
        for (const jd of instants.filter((_, i) => i % 10 === 0)) {
          for (const flags of [SEFLG.SWIEPH, SEFLG.SWIEPH | SEFLG.NONUT]) {
            const n = ok(native.ayanamsaExUt(jd, flags));
            const w = ok(wasm.ayanamsaExUt(jd, flags));
            worst = Math.max(worst, Math.abs(n - w));
          }
        }
      }
      expect(worst).toBeLessThan(TOLERANCE_DEG);
    });

    it('finds the same eclipses, at the same moments and places', () => {
      const within = (a: number, b: number, seconds: number) => Math.abs(a - b) * 86_400 < seconds;
      for (const jd of instants.filter((_, i) => i % 50 === 0)) {
        for (const backward of [false, true]) {
          const ns = ok(native.solEclipseWhenGlob(jd, SEFLG.SWIEPH, 0, backward));
          const ws = ok(wasm.solEclipseWhenGlob(jd, SEFLG.SWIEPH, 0, backward));
          expect(ws.rflag).toBe(ns.rflag);
          for (const i of [0, 2, 3]) expect(within(ns.tret[i]!, ws.tret[i]!, 0.001)).toBe(true);
          const nw = ok(native.solEclipseWhere(ns.tret[0]!, SEFLG.SWIEPH));
          const ww = ok(wasm.solEclipseWhere(ns.tret[0]!, SEFLG.SWIEPH));
          expect(angle(nw.geopos[0]!, ww.geopos[0]!)).toBeLessThan(TOLERANCE_DEG);
          expect(Math.abs(nw.attr[8]! - ww.attr[8]!)).toBeLessThan(1e-9);
          const nl = ok(native.lunEclipseWhen(jd, SEFLG.SWIEPH, 0, backward));
          const wl = ok(wasm.lunEclipseWhen(jd, SEFLG.SWIEPH, 0, backward));
          expect(wl.rflag).toBe(nl.rflag);
          for (const i of [0, 6, 7]) expect(within(nl.tret[i]!, wl.tret[i]!, 0.001)).toBe(true);
          const nh = ok(native.lunEclipseHow(nl.tret[0]!, SEFLG.SWIEPH, [0, 0, 0]));
          const wh = ok(wasm.lunEclipseHow(nl.tret[0]!, SEFLG.SWIEPH, [0, 0, 0]));
          expect(Math.abs(nh.attr[0]! - wh.attr[0]!)).toBeLessThan(1e-9);
        }
      }
    });
  });
}
