import { type AspectClass, aspectBetween, type AspectName, roundAngle } from './aspects.js';
import { ASTRO_PLANETS, type AstroPlanet } from './chart.js';

/**
 * Aspects across the two charts of one birth: each personality planet against each design planet
 * (the same planet included, `isSamePlanet`), with the same table and orbs as within a chart.
 */

export interface CrossAspect {
  personalityPlanet: AstroPlanet;
  designPlanet: AstroPlanet;
  aspect: AspectName;
  angle: number;
  orb: number;
  isSamePlanet: boolean;
}

export interface CrossAspects {
  major: CrossAspect[];
  minor: CrossAspect[];
  summary: { totalMajor: number; totalMinor: number; samePlanetCount: number };
}

export function crossAspects(
  personality: Record<AstroPlanet, number>,
  design: Record<AstroPlanet, number>,
): CrossAspects {
  const found: Record<AspectClass, CrossAspect[]> = { major: [], minor: [] };
  let samePlanetCount = 0;
  for (const personalityPlanet of ASTRO_PLANETS) {
    for (const designPlanet of ASTRO_PLANETS) {
      const m = aspectBetween(personality[personalityPlanet], design[designPlanet]);
      if (!m) continue;
      const isSamePlanet = personalityPlanet === designPlanet;
      if (isSamePlanet) samePlanetCount++;
      found[m.aspect.class].push({
        personalityPlanet,
        designPlanet,
        aspect: m.aspect.name,
        angle: roundAngle(m.separation),
        orb: roundAngle(m.orb),
        isSamePlanet,
      });
    }
  }
  return {
    major: found.major,
    minor: found.minor,
    summary: { totalMajor: found.major.length, totalMinor: found.minor.length, samePlanetCount },
  };
}
