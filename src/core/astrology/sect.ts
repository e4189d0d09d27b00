/**
 * Day or night chart: the Sun's geometric altitude at the birth place, at or above the horizon = day
 * (Kerykeion's rule, reference astrology-bazi-location.md A4). Computed from the Sun's longitude
 * (ecliptic latitude taken as 0, under 1") and the local sidereal angle the house call returns, so it
 * costs no ephemeris call. "Sun in houses 7-12" is not used: it fails for whole-sign and equal houses
 * and at polar latitudes, where the ascendant can set below the meridian.
 */

const DEG = Math.PI / 180;

/** Mean obliquity of the ecliptic, degrees (IAU 1980, Meeus eq. 22.2); nutation (< 10") is negligible here. */
function meanObliquity(jdUT: number): number {
  const t = (jdUT - 2_451_545.0) / 36_525;
  return 23.439_291_111 - (46.815 * t + 0.000_59 * t * t - 0.001_813 * t * t * t) / 3600;
}

/** Sine of the Sun's altitude above the horizon. */
export function sunAltitudeSine(jdUT: number, sunLongitude: number, armc: number, latitude: number): number {
  const eps = meanObliquity(jdUT) * DEG;
  const lambda = sunLongitude * DEG;
  const rightAscension = Math.atan2(Math.sin(lambda) * Math.cos(eps), Math.cos(lambda));
  const declination = Math.asin(Math.sin(eps) * Math.sin(lambda));
  const hourAngle = armc * DEG - rightAscension;
  const phi = latitude * DEG;
  return Math.sin(phi) * Math.sin(declination) + Math.cos(phi) * Math.cos(declination) * Math.cos(hourAngle);
}

export const isDayChart = (jdUT: number, sunLongitude: number, armc: number, latitude: number): boolean =>
  sunAltitudeSine(jdUT, sunLongitude, armc, latitude) >= 0;
