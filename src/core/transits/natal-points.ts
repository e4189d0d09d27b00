import type { Ephemeris } from '../ephemeris/index.js';
import { ASPECT_TRANSITS } from './aspects.js';

/**
 * The natal points transits are read against: the Sun, Moon, Mercury..Pluto, the true node, the
 * ascendant and the midheaven, at the birth instant and place.
 */

/** The planets a transit aspects (the same ten), then the node and the two angles. */
export const NATAL_POINT_NAMES = [...ASPECT_TRANSITS, 'North Node', 'Ascendant', 'Midheaven'] as const;
export type NatalPointName = (typeof NATAL_POINT_NAMES)[number];

const PLANET_KEY = {
  Sun: 'sun',
  Moon: 'moon',
  Mercury: 'mercury',
  Venus: 'venus',
  Mars: 'mars',
  Jupiter: 'jupiter',
  Saturn: 'saturn',
  Uranus: 'uranus',
  Neptune: 'neptune',
  Pluto: 'pluto',
  'North Node': 'trueNode',
} as const;

/**
 * Longitudes of the natal points at a birth. The angles do not depend on the house system; equal
 * houses are defined at every latitude (Placidus is not inside the polar circles).
 */
export function natalPoints(
  ephemeris: Ephemeris,
  jdUT: number,
  latitude: number,
  longitude: number,
): { name: NatalPointName; longitude: number }[] {
  const planets = ephemeris.planets(jdUT);
  const houses = ephemeris.houses(jdUT, latitude, longitude, 'equal');
  return NATAL_POINT_NAMES.flatMap((name): { name: NatalPointName; longitude: number }[] => {
    if (name === 'Ascendant' || name === 'Midheaven') {
      if (!houses) return [];
      return [{ name, longitude: name === 'Ascendant' ? houses.ascendant : houses.midheaven }];
    }
    return [{ name, longitude: planets[PLANET_KEY[name]].longitude }];
  });
}
