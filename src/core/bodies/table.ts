import type { SwissBodyKey } from './swiss.js';

/**
 * The one vocabulary of bodies: every body a chart, a transit or a picture shows is one row here,
 * with its names, where its position comes from and how the transit searches step over it. Every
 * list, map, name union and step table of the other modules is derived from this table (`lists.ts`);
 * nothing else spells a body list out. Rows are in the Human Design bodygraph column order (reference
 * `human-design.md` section 2.2), then Chiron, Black Moon Lilith and the four asteroids; a list that
 * filters the table keeps that order.
 */

/**
 * Where a body's position comes from: its own Swiss Ephemeris call (`SE_BODY` key), or exactly
 * opposite another row (longitude + 180 degrees, the other body's speed). Earth is the point opposite
 * the Sun, not the Swiss Ephemeris body `SE_EARTH` (the heliocentric Earth).
 */
export type BodySource =
  { readonly swiss: SwissBodyKey } | { readonly from: string; readonly offsetDeg: 180 };

/** How the transit searches step over a body with its own ephemeris call. All values in days. */
export interface TransitSteps {
  /**
   * First step of a transit track, days (transits/tracks.ts): about the longest interval whose
   * Hermite midpoint error stays under the track tolerance for smooth motion (measured over
   * 2022-2027: Moon 1.7e-4 degrees at 1 day, 1.2e-5 at half a day; Jupiter 5e-6 at 4 days). Where a
   * step fails the check it is halved, so these only trade calls against refinements. None exceeds 8
   * days (served intervals 4): apparent longitudes carry nutation, whose 13.7-day term (0.23") a
   * longer interval cannot follow. The steps divide each other, so the grids of several bodies share
   * their instants.
   */
  readonly trackStepDays: number;
  /** Grid step of the planetary-return search, days (transits/returns.ts); absent: no returns served. */
  readonly returnGridDays?: number;
  /** Retrograde search (transits/stations.ts); absent: the body never turns retrograde. */
  readonly stations?: {
    /** Grid step of the station search, days: below half the body's shortest retrograde or direct stretch. */
    readonly gridDays: number;
    /**
     * How far before and after the asked span the search looks, days: longer than the body's longest
     * retrograde period plus the longer of its two shadows (measured 2000-2012: Mars 81 + 67 days).
     */
    readonly reachDays: number;
  };
}

export interface BodyRow {
  /**
   * The body's key in the position records (`HdPositions`) and in the astrology answer (`points`,
   * `asteroids`): lower camel case.
   */
  readonly key: string;
  /** Its name in the astrology answers, on the wheel and in tooltips: `North Node`, `Black Moon Lilith`. */
  readonly name: string;
  /** Its glyph on the pictures (DejaVu Sans, shared reference stack-notes section 5); none: drawn by name. */
  readonly glyph?: string;
  readonly source: BodySource;
  /** One of the 13 Human Design activations, under its V2 chart name (Rahu, Ketu: the nodes). */
  readonly humanDesign?: { readonly name: string };
  /** Where the astrology answer lists it: `planets` (by name), `points` or `asteroids` (by key). */
  readonly astrology?: 'planet' | 'point' | 'asteroid';
  /**
   * Present on the bodies the transit tools follow. They name a body by its V2 name where it has one
   * (Rahu), else by its name (Chiron).
   */
  readonly transits?: TransitSteps;
}

export const BODIES = [
  {
    key: 'sun',
    name: 'Sun',
    glyph: '☉',
    source: { swiss: 'sun' },
    humanDesign: { name: 'Sun' },
    astrology: 'planet',
    transits: { trackStepDays: 8, returnGridDays: 2 },
  },
  {
    key: 'earth',
    name: 'Earth',
    glyph: '♁',
    source: { from: 'sun', offsetDeg: 180 },
    humanDesign: { name: 'Earth' },
  },
  {
    // The true (osculating) node, the node Human Design uses (reference section 2.3).
    key: 'northNode',
    name: 'North Node',
    glyph: '☊',
    source: { swiss: 'trueNode' },
    humanDesign: { name: 'Rahu' },
    astrology: 'point',
    transits: { trackStepDays: 2 },
  },
  {
    key: 'southNode',
    name: 'South Node',
    glyph: '☋',
    source: { from: 'northNode', offsetDeg: 180 },
    humanDesign: { name: 'Ketu' },
  },
  {
    key: 'moon',
    name: 'Moon',
    glyph: '☽',
    source: { swiss: 'moon' },
    humanDesign: { name: 'Moon' },
    astrology: 'planet',
    transits: { trackStepDays: 1, returnGridDays: 0.5 },
  },
  {
    key: 'mercury',
    name: 'Mercury',
    glyph: '☿',
    source: { swiss: 'mercury' },
    humanDesign: { name: 'Mercury' },
    astrology: 'planet',
    transits: { trackStepDays: 2, returnGridDays: 0.5, stations: { gridDays: 0.5, reachDays: 60 } },
  },
  {
    key: 'venus',
    name: 'Venus',
    glyph: '♀',
    source: { swiss: 'venus' },
    humanDesign: { name: 'Venus' },
    astrology: 'planet',
    transits: { trackStepDays: 4, returnGridDays: 0.5, stations: { gridDays: 0.5, reachDays: 100 } },
  },
  {
    key: 'mars',
    name: 'Mars',
    glyph: '♂',
    source: { swiss: 'mars' },
    humanDesign: { name: 'Mars' },
    astrology: 'planet',
    transits: { trackStepDays: 4, returnGridDays: 1, stations: { gridDays: 0.5, reachDays: 160 } },
  },
  {
    key: 'jupiter',
    name: 'Jupiter',
    glyph: '♃',
    source: { swiss: 'jupiter' },
    humanDesign: { name: 'Jupiter' },
    astrology: 'planet',
    transits: { trackStepDays: 8, returnGridDays: 2, stations: { gridDays: 2, reachDays: 250 } },
  },
  {
    key: 'saturn',
    name: 'Saturn',
    glyph: '♄',
    source: { swiss: 'saturn' },
    humanDesign: { name: 'Saturn' },
    astrology: 'planet',
    transits: { trackStepDays: 8, returnGridDays: 2, stations: { gridDays: 2, reachDays: 280 } },
  },
  {
    key: 'uranus',
    name: 'Uranus',
    glyph: '♅',
    source: { swiss: 'uranus' },
    humanDesign: { name: 'Uranus' },
    astrology: 'planet',
    transits: { trackStepDays: 8, returnGridDays: 2, stations: { gridDays: 2, reachDays: 320 } },
  },
  {
    key: 'neptune',
    name: 'Neptune',
    glyph: '♆',
    source: { swiss: 'neptune' },
    humanDesign: { name: 'Neptune' },
    astrology: 'planet',
    transits: { trackStepDays: 8, returnGridDays: 2, stations: { gridDays: 2, reachDays: 330 } },
  },
  {
    key: 'pluto',
    name: 'Pluto',
    glyph: '♇',
    source: { swiss: 'pluto' },
    humanDesign: { name: 'Pluto' },
    astrology: 'planet',
    transits: { trackStepDays: 8, returnGridDays: 2, stations: { gridDays: 2, reachDays: 330 } },
  },
  {
    key: 'chiron',
    name: 'Chiron',
    glyph: '⚷',
    source: { swiss: 'chiron' },
    astrology: 'point',
    transits: { trackStepDays: 8, returnGridDays: 2, stations: { gridDays: 2, reachDays: 320 } },
  },
  // The mean lunar apogee (reference astrology-bazi-location.md A5).
  { key: 'blackMoonLilith', name: 'Black Moon Lilith', source: { swiss: 'meanApogee' }, astrology: 'point' },
  // The four main asteroids, from seas_18.se1.
  { key: 'ceres', name: 'Ceres', source: { swiss: 'ceres' }, astrology: 'asteroid' },
  { key: 'pallas', name: 'Pallas', source: { swiss: 'pallas' }, astrology: 'asteroid' },
  { key: 'juno', name: 'Juno', source: { swiss: 'juno' }, astrology: 'asteroid' },
  { key: 'vesta', name: 'Vesta', source: { swiss: 'vesta' }, astrology: 'asteroid' },
] as const satisfies readonly BodyRow[];

export type Body = (typeof BODIES)[number];
export type BodyKey = Body['key'];
