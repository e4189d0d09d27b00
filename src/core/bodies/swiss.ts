/**
 * Swiss Ephemeris body numbers (`SE_*` in swephexp.h) for the generic single-body call, by the key the
 * body table (`table.ts`) names a body's Swiss Ephemeris source with. The numbering is the library's:
 * test/core/bodies/table.test.ts checks every entry against the swisseph package's constants.
 */
export const SE_BODY = {
  sun: 0,
  moon: 1,
  mercury: 2,
  venus: 3,
  mars: 4,
  jupiter: 5,
  saturn: 6,
  uranus: 7,
  neptune: 8,
  pluto: 9,
  meanNode: 10,
  trueNode: 11,
  /** Mean lunar apogee = "Mean Black Moon Lilith". */
  meanApogee: 12,
  /** Osculating lunar apogee = "True Lilith". */
  osculatingApogee: 13,
  chiron: 15,
  pholus: 16,
  ceres: 17,
  pallas: 18,
  juno: 19,
  vesta: 20,
  interpolatedApogee: 21,
  interpolatedPerigee: 22,
} as const;

export type SwissBodyKey = keyof typeof SE_BODY;
