/** Swiss Ephemeris body numbers (`SE_*` in swephexp.h) for the generic single-body call. */
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

/** The bodies every chart needs, in the order `planets()` computes them. */
export const PLANETS = [
  'sun',
  'moon',
  'trueNode',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
] as const;

export type PlanetName = (typeof PLANETS)[number];

/** Sun to Pluto by the names charts show; each one's ephemeris key is its name in lower case. */
export const CLASSICAL_PLANETS = [
  'Sun',
  'Moon',
  'Mercury',
  'Venus',
  'Mars',
  'Jupiter',
  'Saturn',
  'Uranus',
  'Neptune',
  'Pluto',
] as const;

export type ClassicalPlanet = (typeof CLASSICAL_PLANETS)[number];

/** The ephemeris key of a planet's display name ('Mercury' -> 'mercury'). */
export const planetKey = (name: ClassicalPlanet): PlanetName =>
  name.toLowerCase() as Lowercase<ClassicalPlanet>;

/**
 * The 13 Human Design activations in bodygraph display order. North node = Rahu (true node),
 * south node = Ketu (north node + 180), Earth = Sun + 180.
 */
export const HD_BODIES = [
  'sun',
  'earth',
  'northNode',
  'southNode',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
] as const;

export type HdBodyName = (typeof HD_BODIES)[number];

/**
 * Bodies beyond the planets that astrology charts show: the mean lunar apogee (mean Black Moon Lilith),
 * Chiron and the four main asteroids (seas_18.se1).
 */
export const EXTRA_BODIES = ['meanApogee', 'chiron', 'ceres', 'pallas', 'juno', 'vesta'] as const;

export type ExtraBodyName = (typeof EXTRA_BODIES)[number];
