import {
  type BirthFieldNames,
  type BirthInput,
  birthInfoOf,
  isoSecond,
  onBirthDate,
  PERSON_FIELDS,
  resolveBirth,
} from '../birth/index.js';
import {
  assertDesignSideBirth,
  type Ayanamsa,
  type Ephemeris,
  type HouseSystem,
} from '../ephemeris/index.js';
import type { HdBirthInfo } from '../human-design/index.js';
import type { KnowledgeBase } from '../knowledge/index.js';
import type { CityTable } from '../location/index.js';
import { julianDayUT, utcMsFromJulianDay } from '../time/index.js';
import { type AstrologyChart, astrologyChartAt, type ChartMoment } from './chart.js';
import { type CrossAspects, crossAspects } from './cross.js';
import { DEFAULT_HOUSE_SYSTEM, houseFallbackWarning } from './houses.js';
import {
  roundAyanamsa,
  type ZodiacChoice,
  zodiacChoice,
  type ZodiacInfo,
  type ZodiacType,
} from './sidereal.js';
import { type Synastry } from './synastry.js';
import { type AstrologyTooltips, astrologyTooltips } from './tooltips.js';

/**
 * The astrology answer for one birth:
 *
 *   birth pipeline (place, wall clock -> UT instant, warnings) -> personality chart at birth and
 *   design chart at the Human Design design instant (Sun 88° of arc earlier), both at the birth
 *   place -> aspects across the two -> the spec's `data` (+ tooltips)
 */

export interface AstrologyBirth {
  birthInfo: HdBirthInfo;
  personality: ChartMoment;
  design: ChartMoment;
  /** The zodiac asked for; absent when the input names none. */
  zodiac?: ZodiacChoice;
  /** Place, clock and house-system notes, for the answer's warnings. */
  warnings: string[];
}

export interface AstrologyData {
  birthInfo: HdBirthInfo;
  /** Only when the input names a zodiac, so answers without one stay as they were. */
  zodiac?: ZodiacInfo;
  personality: AstrologyChart;
  design: AstrologyChart;
  crossAspects: CrossAspects;
  tooltips: AstrologyTooltips;
  /** Only with a second person (birthDate1 ...), so answers without one stay as they were. */
  synastry?: Synastry;
}

export interface AstrologyInput extends BirthInput {
  houseSystem?: HouseSystem | undefined;
  zodiac?: ZodiacType | undefined;
  ayanamsa?: Ayanamsa | undefined;
}

/** Both charts of a UT instant at a place (ephemeris + core, no time zone). */
export function astrologyMomentsAt(
  ephemeris: Ephemeris,
  jdUT: number,
  place: { latitude: number; longitude: number },
  houseSystem: HouseSystem = DEFAULT_HOUSE_SYSTEM,
  zodiac?: ZodiacChoice,
): { personality: ChartMoment; design: ChartMoment; designJdUT: number } {
  // Checked first, so a birth too early for the Design side is refused with this chart's own range.
  assertDesignSideBirth(jdUT, 'the astrology chart (Personality and Design)');
  const personality = astrologyChartAt(ephemeris, jdUT, place, houseSystem, zodiac);
  // 88° of the tropical Sun; a sidereal design chart then takes the ayanamsa of its own instant.
  const designJdUT = ephemeris.designInstant(jdUT, personality.tropicalSun);
  const design = astrologyChartAt(ephemeris, designJdUT, place, houseSystem, zodiac);
  return { personality, design, designJdUT };
}

/** One warning per fallback reason, naming the charts it applies to. */
function houseWarnings(personality: ChartMoment, design: ChartMoment, latitude: number): string[] {
  const sides = [
    ['personality', personality.houses],
    ['design', design.houses],
  ] as const;
  const fellBack = sides.filter(([, h]) => h.used !== h.requested);
  const byText = new Map<string, string[]>();
  for (const [side, h] of fellBack) {
    const key = `${h.fallback}|${h.used}`;
    byText.set(key, [...(byText.get(key) ?? []), side]);
  }
  return [...byText.values()].map((names) => {
    const houses = names[0] === 'personality' ? personality.houses : design.houses;
    return houseFallbackWarning(houses, latitude, names);
  });
}

export function astrologyBirth(
  deps: { cities: CityTable; ephemeris: Ephemeris },
  input: AstrologyInput,
  fields: BirthFieldNames = PERSON_FIELDS,
): AstrologyBirth {
  const birth = resolveBirth(deps.cities, input, fields);
  const place = { latitude: birth.place.lat, longitude: birth.place.lon };
  const zodiac = zodiacChoice(input.zodiac, input.ayanamsa);
  const { personality, design, designJdUT } = onBirthDate(fields, () =>
    astrologyMomentsAt(deps.ephemeris, julianDayUT(birth.utcMs), place, input.houseSystem, zodiac),
  );
  return {
    birthInfo: { ...birthInfoOf(input, birth), designUtc: isoSecond(utcMsFromJulianDay(designJdUT)) },
    personality,
    design,
    ...(zodiac ? { zodiac } : {}),
    warnings: [...birth.warnings, ...houseWarnings(personality, design, place.latitude)],
  };
}

/** The answer's `zodiac`: for a sidereal chart, the ayanamsa's value at the birth. */
function zodiacInfo(zodiac: ZodiacChoice, personality: ChartMoment): ZodiacInfo {
  if (zodiac.type === 'tropical') return zodiac;
  return { ...zodiac, degrees: roundAyanamsa(personality.ayanamsa ?? 0) };
}

/** The spec's astrology `data`. */
export function astrologyData(
  knowledge: KnowledgeBase,
  result: AstrologyBirth,
  withTooltips: boolean,
): AstrologyData {
  const personality = result.personality.chart;
  const design = result.design.chart;
  const cross = crossAspects(result.personality.longitudes, result.design.longitudes);
  return {
    birthInfo: result.birthInfo,
    ...(result.zodiac ? { zodiac: zodiacInfo(result.zodiac, result.personality) } : {}),
    personality,
    design,
    crossAspects: cross,
    tooltips: withTooltips ? astrologyTooltips(knowledge, [personality, design], cross) : {},
  };
}
