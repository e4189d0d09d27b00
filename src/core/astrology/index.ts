/** Public API of the Western astrology engine. */
export {
  type AstrologyBirth,
  astrologyBirth,
  type AstrologyData,
  astrologyData,
  type AstrologyInput,
  astrologyMomentsAt,
} from './answer.js';
export {
  ASPECTS,
  ASPECT_NAMES,
  type AspectClass,
  type AspectDefinition,
  type AspectName,
  type AspectNature,
  aspectBetween,
} from './aspects.js';
export {
  ASTEROID_NAMES,
  ASTRO_PLANETS,
  type AstroPlanet,
  type AstrologyChart,
  astrologyChartAt,
  type BodyPosition,
  type ChartAspect,
  type ChartMoment,
  type GateAngle,
  HOUSE_NAMES,
  type HouseCusp,
  type Labelled,
  partOfFortune,
  POINT_NAMES,
  type ZodiacPlacement,
} from './chart.js';
export { type CrossAspect, type CrossAspects, crossAspects } from './cross.js';
export {
  type ChartHouses,
  chartHouses,
  cuspsInOrder,
  DEFAULT_HOUSE_SYSTEM,
  HOUSE_SYSTEM_LABELS,
  houseOf,
} from './houses.js';
export { isDayChart, sunAltitudeSine } from './sect.js';
export {
  AYANAMSA_LABELS,
  ayanamsaLabel,
  fromTropical,
  ZODIAC_TYPES,
  type ZodiacChoice,
  zodiacChoice,
  type ZodiacInfo,
  type ZodiacType,
} from './sidereal.js';
export {
  MAJOR_ASPECT_NAMES,
  SYNASTRY_BODIES,
  type Synastry,
  type SynastryAspect,
  type SynastryBody,
  synastry,
} from './synastry.js';
export { allAstrologyKnowledgeIds, type AstrologyTooltips, astrologyTooltips } from './tooltips.js';
export {
  ELEMENTS,
  type Element,
  elementOfSign,
  QUALITIES,
  type Quality,
  qualityOfSign,
  separation,
  SIGNS,
  type Sign,
  zodiacPosition,
} from './zodiac.js';
