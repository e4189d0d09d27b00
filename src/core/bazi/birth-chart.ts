import {
  type BirthFieldNames,
  type BirthInfo,
  type BirthInput,
  birthInfoOf,
  onBirthDate,
  PERSON_FIELDS,
  resolveBirth,
} from '../birth/index.js';
import type { Ephemeris } from '../ephemeris/index.js';
import type { KnowledgeBase } from '../knowledge/index.js';
import type { CityTable } from '../location/index.js';
import { type BaziChart, type BaziOptions, computeBazi } from './chart.js';
import type { BaziCurrent } from './current.js';
import { type BaziTooltips, baziTooltips } from './tooltips.js';

/**
 * A BaZi chart from a birth as sent: birth pipeline (place, wall clock -> UT instant, warnings) ->
 * BaZi core -> the answer's `data` (+ tooltips).
 */

export interface BaziBirthChart {
  birthInfo: BirthInfo;
  chart: BaziChart;
  /** Birth pipeline warnings, then the chart's own (a birth close to a solar term). */
  warnings: string[];
}

export function baziBirthChart(
  deps: { cities: CityTable; ephemeris: Ephemeris },
  input: BirthInput,
  options: BaziOptions,
  fields: BirthFieldNames = PERSON_FIELDS,
): BaziBirthChart {
  const birth = resolveBirth(deps.cities, input, fields);
  const chart = onBirthDate(fields, () =>
    computeBazi(
      deps.ephemeris,
      { utcMs: birth.utcMs, offsetSeconds: birth.offsetSeconds, longitude: birth.place.lon },
      options,
    ),
  );
  return { birthInfo: birthInfoOf(input, birth), chart, warnings: [...birth.warnings, ...chart.warnings] };
}

/** The get_bazi_chart `data`; `current` only when a date was asked for. */
export type BaziData = Omit<BaziChart, 'warnings'> & {
  birthInfo: BirthInfo;
  current?: BaziCurrent;
  tooltips: BaziTooltips;
};

export function baziData(
  knowledge: KnowledgeBase,
  result: BaziBirthChart,
  withTooltips: boolean,
  current?: BaziCurrent,
): BaziData {
  const { warnings: _warnings, ...chart } = result.chart;
  return {
    birthInfo: result.birthInfo,
    ...chart,
    // Absent, not undefined, without a date: the answer stays byte for byte what it was.
    ...(current ? { current } : {}),
    tooltips: withTooltips ? baziTooltips(knowledge, result.chart) : {},
  };
}
