/**
 * Pieces of the Human Design design-instant solver that do not touch the ephemeris (shared with
 * bench/ephemeris-floor.ts so the floor makes exactly the calls the solver makes).
 */

export const DESIGN_ARC_DEGREES = 88;
/**
 * Newton stops after a step shorter than this. Its convergence is quadratic: the error left after a
 * step s is at most K*s^2 with K = max|lambda''| / (2 min lambda') ~ 5.7e-4 / 1.9 ~ 3e-4 per day for the
 * Sun, so a 1e-3 day step leaves ~3e-10 days (~30 microseconds): far below the 1 s required and
 * near the resolution of a Julian day number itself (~40 microseconds).
 */
export const DESIGN_LAST_STEP_DAYS = 1e-3;
export const DESIGN_MAX_ITERATIONS = 12;

const DEG = Math.PI / 180;
/** Rates of the Sun's mean longitude and mean anomaly, deg/day, and the anomaly at J2000 (Meeus, Astronomical Algorithms ch. 25). */
const SUN_LONGITUDE_RATE = 0.98564736;
const SUN_ANOMALY_RATE = 0.98560028;
const SUN_ANOMALY_J2000 = 357.52911;
/** Equation of centre, degrees (leading terms, ibid.): enough for a first guess within ~0.05 day. */
const equationOfCentre = (anomalyDeg: number): number =>
  1.9146 * Math.sin(anomalyDeg * DEG) + 0.02 * Math.sin(2 * anomalyDeg * DEG);

/**
 * First guess of the time the Sun needs for 88 degrees ending at `jdUT`: the mean rate corrected by
 * the equation of centre (the Sun runs ~3% faster in January than in July), so that Newton needs two
 * ephemeris calls instead of three.
 */
export function designLookbackGuess(jdUT: number): number {
  const anomalyAtBirth = SUN_ANOMALY_J2000 + SUN_ANOMALY_RATE * (jdUT - 2_451_545.0);
  const cBirth = equationOfCentre(anomalyAtBirth);
  let days = DESIGN_ARC_DEGREES / SUN_LONGITUDE_RATE;
  for (let i = 0; i < 2; i++) {
    const cDesign = equationOfCentre(anomalyAtBirth - SUN_ANOMALY_RATE * days);
    days = (DESIGN_ARC_DEGREES - cBirth + cDesign) / SUN_LONGITUDE_RATE;
  }
  return days;
}

/** The design Sun longitude: birth Sun - 88 degrees, in [0, 360). */
export const designTarget = (birthSun: number): number => {
  const t = birthSun - DESIGN_ARC_DEGREES;
  if (t >= 0) return t;
  // -1e-14 + 360 rounds to 360.0: keep the result inside [0, 360).
  const wrapped = t + 360;
  return wrapped < 360 ? wrapped : 0;
};

/** Signed difference a - b folded into [-180, 180). */
export const wrap180 = (degrees: number): number => ((((degrees + 180) % 360) + 360) % 360) - 180;
