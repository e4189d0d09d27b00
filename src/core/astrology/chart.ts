import {
  ASTEROID_BODIES,
  ASTEROID_NAMES,
  BODY_POINT_NAMES,
  CLASSICAL_PLANETS,
  type ClassicalPlanet,
  type ExtraBodyName,
  isPlanetName,
  planetKey,
  type PlanetName,
  POINT_BODIES,
} from '../bodies/index.js';
import type {
  Ephemeris,
  ExtraPositions,
  HouseSystem,
  PlanetPositions,
  Position,
} from '../ephemeris/index.js';
import { activationFromLongitude, type Line } from '../human-design/index.js';
import {
  type AspectClass,
  type AspectNature,
  aspectBetween,
  type AspectName,
  roundAngle,
} from './aspects.js';
import { type ChartHouses, chartHouses, houseOf } from './houses.js';
import { isDayChart } from './sect.js';
import { fromTropical, type ZodiacChoice } from './sidereal.js';
import {
  type Element,
  ELEMENTS,
  elementOfSign,
  normalizeDegrees,
  QUALITIES,
  type Quality,
  qualityOfSign,
  roundLongitude,
  type Sign,
  zodiacPosition,
} from './zodiac.js';

/**
 * One Western astrology chart (the spec's chart object, under `personality` and `design`) at an
 * instant and a place: planets, angles, houses, aspects, points, asteroids and the element and
 * quality balance. Geocentric, apparent positions, the true lunar node (the node the Human Design
 * side uses), the mean lunar apogee as Black Moon Lilith; tropical unless a sidereal zodiac is asked
 * for (sidereal.ts), when every longitude is the tropical one minus the ayanamsa of the chart's own
 * instant, except the angles' Human Design gates, which are tropical by definition.
 */

export const ASTRO_PLANETS = CLASSICAL_PLANETS;
export type AstroPlanet = ClassicalPlanet;

/** Where a longitude sits in the zodiac, as every position of the answer shows it. */
export interface ZodiacPlacement {
  /** Degrees in [0, 360), 6 decimals. */
  longitude: number;
  sign: Sign;
  /** `14°23'07"`, truncated to the second. */
  positionInSign: string;
  /** `14°23'07" Gemini`. */
  positionFormatted: string;
}

/** A planet, point or asteroid. */
export interface BodyPosition extends ZodiacPlacement {
  name: string;
  element: Element;
  quality: Quality;
  house: number;
  /** Longitude speed below zero (never for the Part of Fortune). */
  isRetrograde: boolean;
}

export interface GateAngle extends ZodiacPlacement {
  /** Human Design gate and line of the angle's longitude. */
  gate: number;
  line: Line;
}

export interface HouseCusp {
  house: number;
  name: string;
  cuspLongitude: number;
  sign: Sign;
}

export interface ChartAspect {
  planet1: AstroPlanet;
  planet2: AstroPlanet;
  aspect: AspectName;
  /** The actual arc between the two planets, degrees (4 decimals). */
  angle: number;
  /** Distance from the exact aspect, degrees (4 decimals). */
  orb: number;
  nature: AspectNature;
}

export interface Labelled {
  /** Lower case, e.g. `gemini`. */
  id: string;
  value: string;
}

/** The answer's points: the body table's (North Node, Chiron, Black Moon Lilith), then the Part of Fortune. */
export const POINT_NAMES = { ...BODY_POINT_NAMES, partOfFortune: 'Part of Fortune' } as const;
export { ASTEROID_NAMES };
export type PointKey = keyof typeof POINT_NAMES;
export type AsteroidKey = keyof typeof ASTEROID_NAMES;

export const HOUSE_NAMES = [
  'First House',
  'Second House',
  'Third House',
  'Fourth House',
  'Fifth House',
  'Sixth House',
  'Seventh House',
  'Eighth House',
  'Ninth House',
  'Tenth House',
  'Eleventh House',
  'Twelfth House',
] as const;

export interface AstrologyChart {
  chart: {
    sunSign: Labelled;
    moonSign: Labelled;
    ascendant: Labelled;
    dominantElement: Labelled;
    dominantQuality: Labelled;
  };
  planets: Record<AstroPlanet, BodyPosition>;
  angles: {
    ascendant: GateAngle;
    midheaven: GateAngle;
    descendant: ZodiacPlacement;
    imumCoeli: ZodiacPlacement;
  };
  /** The system asked for and the one the cusps come from (they differ after a polar fallback). */
  houseSystem: { requested: HouseSystem; used: HouseSystem };
  houses: HouseCusp[];
  aspects: { major: ChartAspect[]; minor: ChartAspect[]; count: number };
  points: Record<PointKey, BodyPosition>;
  asteroids: Record<AsteroidKey, BodyPosition>;
  analysis: { elements: Record<Element, number>; qualities: Record<Quality, number> };
}

/** The chart plus what the answer builder needs besides it. */
export interface ChartMoment {
  chart: AstrologyChart;
  houses: ChartHouses;
  /** Exact planet longitudes (the chart's are rounded, in its zodiac), for aspects across charts. */
  longitudes: Record<AstroPlanet, number>;
  /** The Sun's tropical longitude (the Human Design design instant is measured from it). */
  tropicalSun: number;
  /** The ayanamsa subtracted, degrees; absent in the tropical zodiac. */
  ayanamsa?: number;
}

/**
 * Weights that break a tie in the element or quality count (Kerykeion's defaults, reference A3): the
 * luminaries and the ascendant count most, the outer planets least.
 */
const TIE_WEIGHTS: Record<AstroPlanet | 'Ascendant' | 'Midheaven', number> = {
  Sun: 2,
  Moon: 2,
  Ascendant: 2,
  Mercury: 1.5,
  Venus: 1.5,
  Mars: 1.5,
  Midheaven: 1.5,
  Jupiter: 1,
  Saturn: 1,
  Uranus: 0.5,
  Neptune: 0.5,
  Pluto: 0.5,
};

function placement(longitude: number): ZodiacPlacement & { signIndex: number } {
  const z = zodiacPosition(longitude);
  return {
    longitude: roundLongitude(longitude),
    sign: z.sign,
    positionInSign: z.positionInSign,
    positionFormatted: z.positionFormatted,
    signIndex: z.signIndex,
  };
}

function body(name: string, longitude: number, speed: number, cusps: readonly number[]): BodyPosition {
  const p = placement(longitude);
  return {
    name,
    longitude: p.longitude,
    sign: p.sign,
    positionInSign: p.positionInSign,
    positionFormatted: p.positionFormatted,
    element: elementOfSign(p.signIndex),
    quality: qualityOfSign(p.signIndex),
    house: houseOf(longitude, cusps),
    isRetrograde: speed < 0,
  };
}

/** The answer's positions of table bodies beyond the planets, keyed as in the table, in its order. */
function bodiesOf<R extends { key: string; name: string; source: { swiss: PlanetName | ExtraBodyName } }>(
  rows: readonly R[],
  planets: PlanetPositions,
  extra: ExtraPositions,
  cusps: readonly number[],
): Record<R['key'], BodyPosition> {
  const out = {} as Record<R['key'], BodyPosition>;
  for (const row of rows) {
    const key = row.source.swiss;
    const p = isPlanetName(key) ? planets[key] : extra[key];
    out[row.key as R['key']] = body(row.name, p.longitude, p.speed, cusps);
  }
  return out;
}

function zodiacAngle(longitude: number): ZodiacPlacement {
  const { signIndex: _, ...rest } = placement(longitude);
  return rest;
}

/** The gate and line come from the tropical longitude, where Human Design defines them. */
function gateAngle(longitude: number, tropicalLongitude: number): GateAngle {
  const a = activationFromLongitude(tropicalLongitude);
  return { ...zodiacAngle(longitude), gate: a.gate, line: a.line };
}

/** Positions moved into the chart's zodiac; the same object when tropical. */
function inZodiac<K extends string>(
  positions: Readonly<Record<K, Position>>,
  ayanamsa: number | undefined,
): Readonly<Record<K, Position>> {
  if (ayanamsa === undefined) return positions;
  const out = {} as Record<K, Position>;
  for (const key of Object.keys(positions) as K[]) {
    const p = positions[key];
    out[key] = { ...p, longitude: fromTropical(p.longitude, ayanamsa) };
  }
  return out;
}

const labelled = (value: string): Labelled => ({ id: value.toLowerCase(), value });

/** Highest count; a tie goes to the larger weighted score, then to table order. */
function dominant<K extends string>(
  order: readonly K[],
  counts: Record<K, number>,
  weights: Record<K, number>,
): K {
  let best = order[0] as K;
  for (const k of order) {
    if (counts[k] > counts[best] || (counts[k] === counts[best] && weights[k] > weights[best])) best = k;
  }
  return best;
}

function balance(planets: Record<AstroPlanet, BodyPosition>, ascendant: number, midheaven: number) {
  const elements = { Fire: 0, Earth: 0, Air: 0, Water: 0 } as Record<Element, number>;
  const qualities = { Cardinal: 0, Fixed: 0, Mutable: 0 } as Record<Quality, number>;
  const elementWeights = { Fire: 0, Earth: 0, Air: 0, Water: 0 } as Record<Element, number>;
  const qualityWeights = { Cardinal: 0, Fixed: 0, Mutable: 0 } as Record<Quality, number>;
  for (const name of ASTRO_PLANETS) {
    const p = planets[name];
    elements[p.element]++;
    qualities[p.quality]++;
    elementWeights[p.element] += TIE_WEIGHTS[name];
    qualityWeights[p.quality] += TIE_WEIGHTS[name];
  }
  for (const [angle, lon] of [
    ['Ascendant', ascendant],
    ['Midheaven', midheaven],
  ] as const) {
    const i = zodiacPosition(lon).signIndex;
    elementWeights[elementOfSign(i)] += TIE_WEIGHTS[angle];
    qualityWeights[qualityOfSign(i)] += TIE_WEIGHTS[angle];
  }
  return {
    analysis: { elements, qualities },
    dominantElement: dominant(ELEMENTS, elements, elementWeights),
    dominantQuality: dominant(QUALITIES, qualities, qualityWeights),
  };
}

function aspectsWithin(longitudes: Record<AstroPlanet, number>): AstrologyChart['aspects'] {
  const found: Record<AspectClass, ChartAspect[]> = { major: [], minor: [] };
  for (let i = 0; i < ASTRO_PLANETS.length; i++) {
    for (let j = i + 1; j < ASTRO_PLANETS.length; j++) {
      const planet1 = ASTRO_PLANETS[i] as AstroPlanet;
      const planet2 = ASTRO_PLANETS[j] as AstroPlanet;
      const m = aspectBetween(longitudes[planet1], longitudes[planet2]);
      if (!m) continue;
      found[m.aspect.class].push({
        planet1,
        planet2,
        aspect: m.aspect.name,
        angle: roundAngle(m.separation),
        orb: roundAngle(m.orb),
        nature: m.aspect.nature,
      });
    }
  }
  return { major: found.major, minor: found.minor, count: found.major.length + found.minor.length };
}

/** Part of Fortune: ascendant + Moon - Sun by day, ascendant + Sun - Moon by night (reference A4). */
export function partOfFortune(ascendant: number, sun: number, moon: number, day: boolean): number {
  return normalizeDegrees(day ? ascendant + moon - sun : ascendant + sun - moon);
}

export interface Place {
  latitude: number;
  longitude: number;
}

export function astrologyChartAt(
  ephemeris: Ephemeris,
  jdUT: number,
  place: Place,
  houseSystem: HouseSystem,
  zodiac?: ZodiacChoice,
): ChartMoment {
  const ayanamsa = zodiac?.type === 'sidereal' ? ephemeris.ayanamsa(jdUT, zodiac.ayanamsa) : undefined;
  const tropical = ephemeris.planets(jdUT);
  const positions = inZodiac(tropical, ayanamsa);
  const extra = inZodiac(ephemeris.extraBodies(jdUT), ayanamsa);
  const houses = chartHouses(ephemeris, jdUT, place.latitude, place.longitude, houseSystem, ayanamsa);
  const { cusps, ascendant, midheaven } = houses;
  const tropicalOf = (lon: number) => (ayanamsa === undefined ? lon : normalizeDegrees(lon + ayanamsa));

  const longitudes = {} as Record<AstroPlanet, number>;
  const planets = {} as Record<AstroPlanet, BodyPosition>;
  for (const name of ASTRO_PLANETS) {
    const p: Position = positions[planetKey(name)];
    longitudes[name] = p.longitude;
    planets[name] = body(name, p.longitude, p.speed, cusps);
  }
  const sun = longitudes.Sun;
  const moon = longitudes.Moon;
  const tropicalSun = tropical.sun.longitude;
  // Day or night from where the Sun stands in the sky: its tropical (equinox-based) longitude.
  const day = isDayChart(jdUT, tropicalSun, houses.armc, place.latitude);
  const fortune = partOfFortune(ascendant, sun, moon, day);
  const { analysis, dominantElement, dominantQuality } = balance(planets, ascendant, midheaven);
  const asc = gateAngle(ascendant, tropicalOf(ascendant));
  const points = bodiesOf(POINT_BODIES, positions, extra, cusps) as Record<PointKey, BodyPosition>;
  points.partOfFortune = body(POINT_NAMES.partOfFortune, fortune, 0, cusps);

  const chart: AstrologyChart = {
    chart: {
      sunSign: labelled(planets.Sun.sign),
      moonSign: labelled(planets.Moon.sign),
      ascendant: labelled(asc.sign),
      dominantElement: labelled(dominantElement),
      dominantQuality: labelled(dominantQuality),
    },
    planets,
    angles: {
      ascendant: asc,
      midheaven: gateAngle(midheaven, tropicalOf(midheaven)),
      descendant: zodiacAngle(ascendant + 180),
      imumCoeli: zodiacAngle(midheaven + 180),
    },
    houseSystem: { requested: houses.requested, used: houses.used },
    houses: cusps.map((cusp, i) => ({
      house: i + 1,
      name: HOUSE_NAMES[i] as string,
      cuspLongitude: roundLongitude(cusp),
      sign: zodiacPosition(cusp).sign,
    })),
    aspects: aspectsWithin(longitudes),
    points,
    asteroids: bodiesOf(ASTEROID_BODIES, positions, extra, cusps),
    analysis,
  };
  return ayanamsa === undefined
    ? { chart, houses, longitudes, tropicalSun }
    : { chart, houses, longitudes, tropicalSun, ayanamsa };
}
