/** Public API of the transit calculations (series, periods, eclipses, stations, returns). */
export {
  gateLineSign,
  type GateLineSign,
  HD_BODY_NAMES,
  type HdBody,
  matchName,
  RETURN_BODIES,
  type ReturnBody,
  STATION_BODIES,
  type StationBody,
} from './bodies.js';
export {
  type Eclipse,
  type EclipseFilter,
  eclipsesBetween,
  type LunarEclipse,
  type LunarKind,
  type SolarEclipse,
  type SolarKind,
} from './eclipses.js';
export {
  type GatePeriod,
  type TransitEvent,
  type TransitPeriod,
  type TransitPeriods,
  transitPeriods,
} from './periods.js';
export { type BirthReturn, type BirthReturns, birthReturns, localIso } from './birth-returns.js';
export { illumination, MOON_PHASES, type MoonPhase, phaseName } from './phase.js';
export { type PlanetaryReturn, planetaryReturns, yearBounds } from './returns.js';
export {
  BOUNDARY_MARGIN_DEG,
  type BodyPoint,
  type MoonPoint,
  type MoonSeriesPoint,
  moonSeries,
  type SeriesPoint,
  transitSeries,
} from './series.js';
export { type RetrogradePeriod, retrogradePeriods, type Station } from './stations.js';
export {
  type DateRange,
  type Granularity,
  isoMinute,
  isoUtc,
  jdOfDate,
  seriesInstants,
  spanDays,
} from './time.js';
export { chartSeries, type ChartSeriesPoint } from './chart-series.js';
export {
  checkedDateRange,
  type CheckedRange,
  daysIn,
  EVENT_DATES,
  POINTS_PER_DAY,
  pointsIn,
  type RangeLimits,
  type SupportedDates,
} from './range.js';
export { namesFromList, namesOf } from './name-list.js';
export {
  bodiesOf,
  bodyNarrowing,
  bodySeriesBytes,
  capFitText,
  chartNarrowing,
  chartSeriesBytes,
  CHART_SERIES_MAX_POINTS,
  chartSeriesRange,
  moonNarrowing,
  moonSeriesBytes,
  pointsOf,
  SERIES_COST_TEXT,
  SERIES_MAX_POINTS,
  type SeriesInput,
  type SeriesKind,
  seriesRange,
  seriesUnits,
  POINTS_PER_UNIT,
} from './series-limits.js';
export {
  ASPECT_ANGLES,
  ASPECT_NAMES,
  ASPECT_TRANSITS,
  type AspectName,
  type AspectTransit,
  type NatalPoint,
  type TransitAspect,
  transitAspects,
} from './aspects.js';
export { NATAL_POINT_NAMES, type NatalPointName, natalPoints } from './natal-points.js';
export {
  type CenterWindow,
  type ChannelWindow,
  type NatalDefinition,
  type NatalWindows,
  natalWindows,
} from './natal-windows.js';
export {
  MOON_ASPECT_MAX_DAYS,
  type NatalAspect,
  type NatalTransits,
  natalTransits,
} from './natal-transits.js';
