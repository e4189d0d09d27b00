import { aspectBetween, type AspectName, ASPECTS, roundAngle } from './aspects.js';
import { ASTRO_PLANETS, type AstroPlanet, type ChartMoment } from './chart.js';
import { houseOf } from './houses.js';

/**
 * Synastry: person A's chart against person B's. Every major aspect between A's and B's planets and
 * angles (ascendant, midheaven), with the chart's own orb table, and each person's planets in the
 * other's houses. Both charts are in the same zodiac, each at its own instant, so a sidereal pair is
 * compared star-fixed as each chart publishes it.
 */

export const SYNASTRY_ANGLES = ['Ascendant', 'Midheaven'] as const;
export type SynastryBody = AstroPlanet | (typeof SYNASTRY_ANGLES)[number];
export const SYNASTRY_BODIES: readonly SynastryBody[] = [...ASTRO_PLANETS, ...SYNASTRY_ANGLES];

type MajorAspect = Extract<(typeof ASPECTS)[number], { class: 'major' }>['name'];
export const MAJOR_ASPECT_NAMES = ASPECTS.filter((a) => a.class === 'major').map(
  (a) => a.name,
) as MajorAspect[];

export interface SynastryAspect {
  personA: SynastryBody;
  personB: SynastryBody;
  aspect: AspectName;
  angle: number;
  orb: number;
}

export interface Synastry {
  aspects: SynastryAspect[];
  houseOverlays: { aInB: Record<AstroPlanet, number>; bInA: Record<AstroPlanet, number> };
  summary: { aspects: number; byAspect: Record<MajorAspect, number> };
}

/** Exact longitudes of the planets and angles, in the chart's zodiac. */
function synastryLongitudes(moment: ChartMoment): Record<SynastryBody, number> {
  return { ...moment.longitudes, Ascendant: moment.houses.ascendant, Midheaven: moment.houses.midheaven };
}

function overlay(bodies: ChartMoment, houses: ChartMoment): Record<AstroPlanet, number> {
  const out = {} as Record<AstroPlanet, number>;
  for (const planet of ASTRO_PLANETS) out[planet] = houseOf(bodies.longitudes[planet], houses.houses.cusps);
  return out;
}

export function synastry(a: ChartMoment, b: ChartMoment): Synastry {
  const lonA = synastryLongitudes(a);
  const lonB = synastryLongitudes(b);
  const aspects: SynastryAspect[] = [];
  for (const personA of SYNASTRY_BODIES) {
    for (const personB of SYNASTRY_BODIES) {
      const m = aspectBetween(lonA[personA], lonB[personB]);
      if (!m || m.aspect.class !== 'major') continue;
      aspects.push({
        personA,
        personB,
        aspect: m.aspect.name,
        angle: roundAngle(m.separation),
        orb: roundAngle(m.orb),
      });
    }
  }
  // Tightest first; equal orbs keep A's body order, then B's (Array.prototype.sort is stable).
  aspects.sort((x, y) => x.orb - y.orb);
  const byAspect = {} as Record<MajorAspect, number>;
  for (const name of MAJOR_ASPECT_NAMES) byAspect[name] = aspects.filter((x) => x.aspect === name).length;
  return {
    aspects,
    houseOverlays: { aInB: overlay(a, b), bInA: overlay(b, a) },
    summary: { aspects: aspects.length, byAspect },
  };
}
