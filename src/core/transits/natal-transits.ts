import type { BirthInput } from '../birth/index.js';
import type { Ephemeris } from '../ephemeris/index.js';
import { birthChart, type HdBirthInfo } from '../human-design/birth-chart.js';
import type { CenterName, GateNumber } from '../human-design/tables.js';
import type { CityTable } from '../location/index.js';
import { julianDayUT } from '../time/index.js';
import { ASPECT_TRANSITS, type AspectName, type AspectTransit, transitAspects } from './aspects.js';
import type { HdBody } from './bodies.js';
import { natalPoints, type NatalPointName } from './natal-points.js';
import { type CenterWindow, type ChannelWindow, natalWindows } from './natal-windows.js';
import type { TransitPeriods } from './periods.js';
import { isoMinute } from './time.js';

/**
 * Transits read against one birth chart: the natal definition, the windows in which a transit
 * completes a natal channel (and so defines a natal-open center), and the exact aspects of the
 * transiting planets to the natal points.
 */

/** The Moon's aspects come only over ranges this short (about 4 a day otherwise). */
export const MOON_ASPECT_MAX_DAYS = 31;

export interface NatalAspect {
  transit: AspectTransit;
  natal: NatalPointName;
  aspect: AspectName;
  /** UTC, to the minute. */
  exact: string;
  transitRetrograde: boolean;
}

export interface NatalTransits {
  birthInfo: HdBirthInfo;
  definedGates: GateNumber[];
  definedChannels: string[];
  definedCenters: CenterName[];
  channels: ChannelWindow[];
  centers: CenterWindow[];
  aspects: NatalAspect[];
}

/** `periods`: the gate periods of `bodies` over the range, with their tracks (transitPeriods' answer). */
export function natalTransits(
  deps: { cities: CityTable; ephemeris: Ephemeris },
  birth: BirthInput,
  range: { startJdUT: number; endJdUT: number },
  bodies: readonly HdBody[],
  periods: Pick<TransitPeriods, 'gatePeriods' | 'tracks'>,
): { natal: NatalTransits; warnings: string[] } {
  const { birthInfo, chart, warnings } = birthChart(deps, birth);
  const natal = {
    definedGates: chart.gates.definedGates,
    definedChannels: chart.channels.map((c) => c.gates),
    definedCenters: chart.centers.defined,
  };
  const { channels, centers } = natalWindows(natal, periods.gatePeriods, range.startJdUT, range.endJdUT);
  const withMoon = range.endJdUT - range.startJdUT <= MOON_ASPECT_MAX_DAYS;
  const transits = ASPECT_TRANSITS.filter((b) => bodies.includes(b) && (withMoon || b !== 'Moon'));
  const points = natalPoints(
    deps.ephemeris,
    julianDayUT(Date.parse(birthInfo.utc)),
    birthInfo.coordinates.lat,
    birthInfo.coordinates.lon,
  );
  const aspects = transitAspects(
    deps.ephemeris,
    points,
    range.startJdUT,
    range.endJdUT,
    transits,
    periods.tracks,
  ).map((a): NatalAspect => ({
    transit: a.transit,
    natal: a.natal,
    aspect: a.aspect,
    exact: isoMinute(a.jdUT),
    transitRetrograde: a.transitRetrograde,
  }));
  return { natal: { birthInfo, ...natal, channels, centers, aspects }, warnings };
}
