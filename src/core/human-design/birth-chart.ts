import {
  type BirthFieldNames,
  type BirthInfo,
  type BirthInput,
  birthInfoOf,
  isoSecond,
  onBirthDate,
  PERSON_FIELDS,
  resolveBirth,
} from '../birth/index.js';
import { HD_KEY_OF } from '../bodies/index.js';
import type { Ephemeris, HdPositions } from '../ephemeris/index.js';
import type { KnowledgeBase } from '../knowledge/index.js';
import type { CityTable } from '../location/index.js';
import { julianDayUT, utcMsFromJulianDay } from '../time/index.js';
import { computeChart, type HdChart } from './chart.js';
import { type CompositeCombined, compositeCombined } from './composite.js';
import { PLANETS, type Planet } from './tables.js';
import { type ChartTooltips, type CompositeTooltips, chartTooltips, compositeTooltips } from './tooltips.js';

/**
 * One person's Human Design chart from a birth as sent, and the V2 and composite answers built from it:
 *
 *   birth pipeline (place, wall clock -> UT instant, warnings) -> ephemeris (26 bodies, design
 *   instant 88° of solar arc earlier) -> engine -> V2 data (+ tooltips)
 */

/** The engine's longitudes by V2 name from the ephemeris' positions by key (Rahu = `northNode`). */
export function longitudesOf(positions: HdPositions): Record<Planet, number> {
  const out = {} as Record<Planet, number>;
  for (const planet of PLANETS) out[planet] = positions[HD_KEY_OF[planet]].longitude;
  return out;
}

export interface HdMoment {
  chart: HdChart;
  /** Julian day (UT) of the design instant. */
  designJdUT: number;
}

/** The engine's chart at a UT instant (ephemeris + engine, no place or time zone). */
export function hdChartAt(ephemeris: Ephemeris, jdUT: number): HdMoment {
  const moments = ephemeris.humanDesignMoments(jdUT);
  const chart = computeChart({
    personality: longitudesOf(moments.personality),
    design: longitudesOf(moments.design),
  });
  return { chart, designJdUT: moments.designJdUT };
}

/** birthInfo of a Human Design answer: the birth as resolved plus the design instant. */
export interface HdBirthInfo extends BirthInfo {
  designUtc: string;
}

export interface BirthChart {
  birthInfo: HdBirthInfo;
  chart: HdChart;
  /** Returned, not pushed, so that callers can prefix them (Person B, charts.2). */
  warnings: string[];
}

/** The whole pipeline for one person. */
export function birthChart(
  deps: { cities: CityTable; ephemeris: Ephemeris },
  input: BirthInput,
  fields: BirthFieldNames = PERSON_FIELDS,
): BirthChart {
  const birth = resolveBirth(deps.cities, input, fields);
  const { chart, designJdUT } = onBirthDate(fields, () =>
    hdChartAt(deps.ephemeris, julianDayUT(birth.utcMs)),
  );
  return {
    birthInfo: { ...birthInfoOf(input, birth), designUtc: isoSecond(utcMsFromJulianDay(designJdUT)) },
    chart,
    warnings: birth.warnings,
  };
}

/** The spec's V2 chart `data`. */
export interface ChartData extends Pick<
  HdChart,
  | 'chart'
  | 'centers'
  | 'channels'
  | 'gates'
  | 'activations'
  | 'personality'
  | 'design'
  | 'phs'
  | 'ravePsychology'
> {
  birthInfo: HdBirthInfo;
  tooltips: ChartTooltips;
}

export function chartData(knowledge: KnowledgeBase, result: BirthChart, withTooltips: boolean): ChartData {
  const { chart } = result;
  return {
    birthInfo: result.birthInfo,
    chart: chart.chart,
    centers: chart.centers,
    channels: chart.channels,
    gates: chart.gates,
    activations: chart.activations,
    personality: chart.personality,
    design: chart.design,
    phs: chart.phs,
    ravePsychology: chart.ravePsychology,
    tooltips: withTooltips ? chartTooltips(knowledge, chart) : {},
  };
}

export interface CompositePerson extends Pick<
  HdChart,
  'chart' | 'centers' | 'channels' | 'personality' | 'design'
> {
  birthInfo: HdBirthInfo;
}

/** The spec's composite `data`. */
export interface CompositeData {
  personA: CompositePerson;
  personB: CompositePerson;
  Combined: CompositeCombined;
  tooltips: CompositeTooltips;
}

function compositePerson({ birthInfo, chart }: BirthChart): CompositePerson {
  const { centers, channels, personality, design } = chart;
  return { birthInfo, chart: chart.chart, centers, channels, personality, design };
}

export function compositeData(
  knowledge: KnowledgeBase,
  a: BirthChart,
  b: BirthChart,
  withTooltips: boolean,
): CompositeData {
  const combined = compositeCombined(a.chart, b.chart);
  return {
    personA: compositePerson(a),
    personB: compositePerson(b),
    Combined: combined,
    tooltips: withTooltips ? compositeTooltips(knowledge, combined) : {},
  };
}
