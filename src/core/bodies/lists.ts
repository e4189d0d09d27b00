import { SE_BODY, type SwissBodyKey } from './swiss.js';
import { BODIES, type Body, type BodyKey } from './table.js';

/**
 * The lists, maps, name unions and step tables the modules use, each derived from the body table
 * (`table.ts`) in its row order. Three vocabularies name the same bodies: the table's `key` (position
 * records, astrology answer keys), the Swiss Ephemeris key (`SE_BODY`, the ephemeris' own records) and
 * the names people read (`name`, and the V2 name in Human Design and the transit tools).
 */

type SwissRow = Extract<Body, { source: { swiss: string } }>;
type HdRow = Extract<Body, { humanDesign: object }>;
type AstrologyRow<G extends 'planet' | 'point' | 'asteroid'> = Extract<Body, { astrology: G }>;
type TrackedRow = Extract<Body, { transits: object }>;
type ReturnRow = Extract<TrackedRow, { transits: { returnGridDays: number } }>;
type StationRow = Extract<TrackedRow, { transits: { stations: object } }>;
/** The transit tools name a body by its V2 name where it has one (Rahu), else by its name (Chiron). */
type TransitName<R extends Body> = R extends { humanDesign: { name: infer N } } ? N : R['name'];

const hasSwiss = (b: Body): b is SwissRow => 'swiss' in b.source;
const isHd = (b: Body): b is HdRow => 'humanDesign' in b;
const isTracked = (b: Body): b is TrackedRow => 'transits' in b;
const swissOf = (b: SwissRow): SwissRow['source']['swiss'] => b.source.swiss;
const astrologyRows = <G extends 'planet' | 'point' | 'asteroid'>(group: G): AstrologyRow<G>[] =>
  BODIES.filter((b): b is AstrologyRow<G> => 'astrology' in b && b.astrology === group);
const transitName = <R extends Body>(b: R): TransitName<R> =>
  ('humanDesign' in b ? b.humanDesign.name : b.name) as TransitName<R>;

function recordOf<R, K extends string, V>(
  rows: readonly R[],
  key: (row: R) => K,
  value: (row: R) => V,
): Readonly<Record<K, V>> {
  return Object.fromEntries(rows.map((row) => [key(row), value(row)])) as Record<K, V>;
}

const ROW_OF: Readonly<Record<BodyKey, Body>> = recordOf(
  BODIES,
  (b) => b.key,
  (b) => b,
);

/** The Swiss Ephemeris number of each row with its own call, by row key (`northNode` -> 11). */
export const SWISS_ID: Readonly<Record<SwissRow['key'], number>> = recordOf(
  BODIES.filter(hasSwiss),
  (b) => b.key,
  (b) => SE_BODY[swissOf(b)],
);

// Human Design ---------------------------------------------------------------------------------

const HD_ROWS: readonly HdRow[] = BODIES.filter(isHd);

/** The 13 Human Design bodies under their V2 chart names, in bodygraph column order (Rahu = true North Node, Ketu = South Node). */
export const HD_BODY_NAMES: readonly HdBody[] = HD_ROWS.map((b) => b.humanDesign.name);
export type HdBody = HdRow['humanDesign']['name'];

/** The same 13 by their keys in the ephemeris' `HdPositions`, in the same order. */
export const HD_BODIES: readonly HdBodyName[] = HD_ROWS.map((b) => b.key);
export type HdBodyName = HdRow['key'];

/** V2 name -> key in `HdPositions` (`Rahu` -> `northNode`), in column order. */
export const HD_KEY_OF: Readonly<Record<HdBody, HdBodyName>> = recordOf(
  HD_ROWS,
  (b) => b.humanDesign.name,
  (b) => b.key,
);

// Ephemeris records ----------------------------------------------------------------------------

/** The Human Design bodies with their own ephemeris call, by Swiss Ephemeris key: the keys of `planets()`. */
export const PLANET_KEYS: readonly PlanetName[] = HD_ROWS.filter((b): b is Extract<HdRow, SwissRow> =>
  hasSwiss(b),
).map((b) => b.source.swiss);
export type PlanetName = Extract<HdRow, SwissRow>['source']['swiss'];

export const isPlanetName = (key: SwissBodyKey): key is PlanetName =>
  (PLANET_KEYS as readonly string[]).includes(key);

/** The astrology points and asteroids with their own call beyond `planets()`: the keys of `extraBodies()`. */
export const EXTRA_BODIES: readonly ExtraBodyName[] = BODIES.filter(
  (b): b is AstrologyRow<'point' | 'asteroid'> & SwissRow =>
    hasSwiss(b) && (b.astrology === 'point' || b.astrology === 'asteroid'),
)
  .map(swissOf)
  .filter((key): key is ExtraBodyName => !isPlanetName(key));
export type ExtraBodyName = Exclude<
  Extract<AstrologyRow<'point' | 'asteroid'>, SwissRow>['source']['swiss'],
  PlanetName
>;

// Astrology ------------------------------------------------------------------------------------

const PLANET_ROWS = astrologyRows('planet');

/** Sun to Pluto by the names charts show. */
export const CLASSICAL_PLANETS: readonly ClassicalPlanet[] = PLANET_ROWS.map((b) => b.name);
export type ClassicalPlanet = AstrologyRow<'planet'>['name'];

const PLANET_KEY_OF: Readonly<Record<ClassicalPlanet, PlanetName>> = recordOf(
  PLANET_ROWS,
  (b) => b.name,
  (b) => b.source.swiss,
);

/** The ephemeris key of a planet's display name ('Mercury' -> 'mercury'). */
export const planetKey = (name: ClassicalPlanet): PlanetName => PLANET_KEY_OF[name];

/** The astrology answer's points that are bodies (its Part of Fortune is computed from the angles). */
export const POINT_BODIES: readonly AstrologyRow<'point'>[] = astrologyRows('point');
/** The astrology answer's asteroids. */
export const ASTEROID_BODIES: readonly AstrologyRow<'asteroid'>[] = astrologyRows('asteroid');

export const BODY_POINT_NAMES = recordOf(
  POINT_BODIES,
  (b) => b.key,
  (b) => b.name,
) as { readonly [R in AstrologyRow<'point'> as R['key']]: R['name'] };
export const ASTEROID_NAMES = recordOf(
  ASTEROID_BODIES,
  (b) => b.key,
  (b) => b.name,
) as { readonly [R in AstrologyRow<'asteroid'> as R['key']]: R['name'] };

// Transits -------------------------------------------------------------------------------------

const TRACKED_ROWS: readonly TrackedRow[] = BODIES.filter(isTracked);
const RETURN_ROWS = TRACKED_ROWS.filter((b): b is ReturnRow => 'returnGridDays' in b.transits);
const STATION_ROWS = TRACKED_ROWS.filter((b): b is StationRow => 'stations' in b.transits);

/** The bodies a transit track follows: those with their own ephemeris call (Earth and Ketu are derived). */
export type TrackedBody = TransitName<TrackedRow>;

/** Bodies with returns: the Sun, Moon, Mercury..Pluto and Chiron. */
export const RETURN_BODIES: readonly ReturnBody[] = RETURN_ROWS.map(transitName);
export type ReturnBody = TransitName<ReturnRow>;

/** Bodies that turn retrograde: Mercury through Pluto and Chiron. */
export const STATION_BODIES: readonly StationBody[] = STATION_ROWS.map(transitName);
export type StationBody = TransitName<StationRow>;

/** Ephemeris key of each tracked body (`Rahu` -> `trueNode`). */
export const TRACKED_SWISS_KEY: Readonly<Record<TrackedBody, PlanetName | ExtraBodyName>> = recordOf(
  TRACKED_ROWS,
  transitName,
  (b) => b.source.swiss,
);

/** First step of each body's transit track, days (see `TransitSteps.trackStepDays`). */
export const TRACK_STEP_DAYS: Readonly<Record<TrackedBody, number>> = recordOf(
  TRACKED_ROWS,
  transitName,
  (b) => b.transits.trackStepDays,
);

/** Grid step of each body's return search, days. */
export const RETURN_GRID_DAYS: Readonly<Record<ReturnBody, number>> = recordOf(
  RETURN_ROWS,
  transitName,
  (b) => b.transits.returnGridDays,
);

/** Grid step and reach of each body's station search, days. */
export const STATION_STEPS: Readonly<Record<StationBody, { gridDays: number; reachDays: number }>> = recordOf(
  STATION_ROWS,
  transitName,
  (b) => b.transits.stations,
);

/** Where each Human Design body's transit longitude comes from: a tracked body plus 0 or 180 degrees. */
export const HD_SOURCE: Readonly<Record<HdBody, { tracked: TrackedBody; offsetDeg: 0 | 180 }>> = recordOf(
  HD_ROWS,
  (b) => b.humanDesign.name,
  (b) => {
    const source = 'from' in b.source ? ROW_OF[b.source.from as BodyKey] : b;
    if (!isTracked(source))
      throw new Error(`body table: ${b.key} derives from ${source.key}, which no track follows`);
    return { tracked: transitName(source), offsetDeg: 'from' in b.source ? b.source.offsetDeg : 0 };
  },
);

// Pictures -------------------------------------------------------------------------------------

/** Glyph by every name a body goes by in the answers (`North Node` and `Rahu`: ☊). */
export const GLYPHS: Readonly<Record<string, string>> = Object.fromEntries(
  BODIES.flatMap((b) =>
    'glyph' in b ? [b.name, ...(isHd(b) ? [b.humanDesign.name] : [])].map((name) => [name, b.glyph]) : [],
  ),
);
