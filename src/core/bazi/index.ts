/** BaZi (Four Pillars): pillars, hidden stems, ten gods, na yin, luck pillars, from the true instant. */
export {
  BAZI_BIRTH_RANGE,
  type BaziChart,
  type BaziMoment,
  type BaziOptions,
  computeBazi,
  type HiddenStem,
  type LuckPillar,
  type LuckPillars,
  type Pillar,
  type PillarClock,
  type Pillars,
  SOLAR_TERM_WARNING_MINUTES,
  type SolarTermMoment,
  type SolarTimeBasis,
} from './chart.js';
export {
  type Age,
  type Gender,
  LUCK_PILLAR_COUNT,
  LUCK_PILLAR_YEARS,
  type LuckDirection,
  luckPillarAt,
  luckStartDate,
} from './luck.js';
export { type DayBoundary } from './pillars.js';
export { jieBracket, monthIndexOf, solveSunLongitude } from './solar-terms.js';
export {
  ALL_TEN_GODS,
  BRANCH_SLUGS,
  BRANCHES,
  ELEMENTS,
  type Element,
  JIE,
  NA_YIN,
  type Polarity,
  STEM_SLUGS,
  STEMS,
} from './tables.js';
export { type BaziBirthChart, baziBirthChart, type BaziData, baziData } from './birth-chart.js';
export { BAZI_KNOWLEDGE_IDS, type BaziTooltips, baziTooltips } from './tooltips.js';
export { BAZI_DATE_RANGE, type BaziCurrent, baziCurrent, type CurrentLuckPillar } from './current.js';
export { type Interaction, type InteractionType, interactionsOf } from './interactions.js';
