import { invalidInput } from '../errors.js';
import { type GateActivation, type PlanetPosition, positionFromLongitude } from './activation.js';
import { analyzeBodygraph, channelId } from './bodygraph.js';
import { crossOfChart, type IncarnationCross, profileOf } from './cross.js';
import {
  type Authority,
  BASES_PER_TONE,
  type CenterName,
  type ChannelId,
  COLORS_PER_LINE,
  type Definition,
  type GateNumber,
  type HdType,
  LINES_PER_GATE,
  type Line,
  PLANETS,
  type Planet,
  type Profile,
  type Strategy,
  TONES_PER_COLOR,
  TYPES,
  WHEEL,
} from './tables.js';
import {
  type Phs,
  primaryHealthSystem,
  type RavePsychology,
  ravePsychology,
  variableNotation,
} from './variables.js';

/**
 * The Human Design chart (the spec's V2 `data` without birthInfo and tooltips), from the 26
 * longitudes or directly from the 26 activations.
 */

export const SIDES = ['personality', 'design'] as const;
export type Side = (typeof SIDES)[number];

export type Sides<T> = Record<Side, Record<Planet, T>>;
/** Longitudes in degrees; Earth and Ketu are taken as given (the caller supplies Sun/Rahu + 180°). */
export type HdLongitudesInput = Sides<number>;
export type HdActivationsInput = Sides<GateActivation>;

export interface ChartProperties {
  type: HdType;
  strategy: Strategy;
  authority: Authority;
  /** `3/5`. */
  profile: Profile;
  definition: Definition;
  /** `Left Angle Cross of the Clarion 1 (51/57 | 61/62)`. */
  incarnationCross: string;
  /** `PLR DLL`. */
  variable: string;
  signature: string;
  notSelfTheme: string;
}

export interface ChannelSummary {
  /** `1-8`, lower gate first. */
  gates: ChannelId;
  name: string;
  /** Circuit group and circuit, e.g. `Individual Knowing`, `Tribal Ego`. */
  circuitry: string;
}

export interface PlanetLine {
  planet: Planet;
  line: Line;
}

/** Which planets of each side activate one gate, in planet order; a side without any is `[]`. */
export interface GateSources {
  personality: PlanetLine[];
  design: PlanetLine[];
}

export interface HdChart<P extends GateActivation = PlanetPosition> {
  chart: ChartProperties;
  centers: { defined: CenterName[]; open: CenterName[] };
  channels: ChannelSummary[];
  /** definedGates: every gate with at least one activation; openGates: the rest. Both ascending. */
  gates: { definedGates: GateNumber[]; openGates: GateNumber[] };
  /** Keyed by gate number (as a string), ascending; only activated gates appear. */
  activations: Record<string, GateSources>;
  personality: Record<Planet, P>;
  design: Record<Planet, P>;
  phs: Phs;
  ravePsychology: RavePsychology;
}

const ALL_GATES: readonly GateNumber[] = [...WHEEL].sort((a, b) => a - b);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readSides<T>(input: unknown, read: (value: unknown, field: string) => T): Sides<T> {
  if (!isRecord(input)) throw invalidInput('input', 'expected an object with personality and design');
  const readSide = (side: Side): Record<Planet, T> => {
    const values = input[side];
    if (!isRecord(values)) {
      throw invalidInput(side, `expected an object keyed by planet: ${PLANETS.join(', ')}`);
    }
    for (const key of Object.keys(values)) {
      if (!(PLANETS as readonly string[]).includes(key)) {
        throw invalidInput(`${side}.${key}`, `unknown planet; expected one of ${PLANETS.join(', ')}`);
      }
    }
    const out = {} as Record<Planet, T>;
    for (const planet of PLANETS) {
      if (!Object.hasOwn(values, planet)) throw invalidInput(`${side}.${planet}`, 'missing');
      out[planet] = read(values[planet], `${side}.${planet}`);
    }
    return out;
  };
  return { personality: readSide('personality'), design: readSide('design') };
}

function readInteger(value: unknown, field: string, max: number): number {
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > max) {
    throw invalidInput(field, `expected an integer from 1 to ${max}, got ${JSON.stringify(value)}`);
  }
  return value as number;
}

function readActivation(value: unknown, field: string): GateActivation {
  if (!isRecord(value)) throw invalidInput(field, 'expected {gate, line, color, tone, base}');
  const gate = readInteger(value.gate, `${field}.gate`, WHEEL.length);
  return {
    gate: gate as GateNumber,
    line: readInteger(value.line, `${field}.line`, LINES_PER_GATE) as GateActivation['line'],
    color: readInteger(value.color, `${field}.color`, COLORS_PER_LINE) as GateActivation['color'],
    tone: readInteger(value.tone, `${field}.tone`, TONES_PER_COLOR) as GateActivation['tone'],
    base: readInteger(value.base, `${field}.base`, BASES_PER_TONE) as GateActivation['base'],
  };
}

function readLongitude(value: unknown, field: string): PlanetPosition {
  if (typeof value !== 'number') {
    throw invalidInput(field, `expected a longitude in degrees, got ${typeof value}`);
  }
  return positionFromLongitude(value, field);
}

/** Cross from the Suns; rejects design positions that are not 88° of solar arc before birth. */
function crossOf(
  profile: Profile,
  personalitySun: GateActivation,
  designSun: GateActivation,
): IncarnationCross {
  const cross = crossOfChart(personalitySun.gate, profile);
  if (cross.gates.designSun !== designSun.gate) {
    throw invalidInput(
      'design.Sun',
      `Design Sun gate ${designSun.gate} cannot occur with Personality Sun ${personalitySun.gate}.${personalitySun.line}: the Design Sun must be 88° of solar arc before the Personality Sun`,
    );
  }
  return cross;
}

function deriveChart<P extends GateActivation>(sides: Sides<P>): HdChart<P> {
  const { personality, design } = sides;
  const sources = new Map<GateNumber, GateSources>();
  for (const side of SIDES) {
    for (const planet of PLANETS) {
      const { gate, line } = sides[side][planet];
      const entry = sources.get(gate) ?? { personality: [], design: [] };
      entry[side].push({ planet, line });
      sources.set(gate, entry);
    }
  }
  const definedGates = ALL_GATES.filter((g) => sources.has(g));
  const bodygraph = analyzeBodygraph(definedGates);
  const profile = profileOf(personality.Sun.line, design.Sun.line);
  const cross = crossOf(profile, personality.Sun, design.Sun);
  const typeInfo = TYPES[bodygraph.type];

  return {
    chart: {
      type: bodygraph.type,
      strategy: typeInfo.strategy,
      authority: bodygraph.authority,
      profile,
      definition: bodygraph.definition,
      incarnationCross: cross.label,
      variable: variableNotation({
        personalitySun: personality.Sun,
        personalityNode: personality.Rahu,
        designSun: design.Sun,
        designNode: design.Rahu,
      }),
      signature: typeInfo.signature,
      notSelfTheme: typeInfo.notSelfTheme,
    },
    centers: { defined: bodygraph.definedCenters, open: bodygraph.openCenters },
    channels: bodygraph.channels.map((c) => ({
      gates: channelId(c),
      name: c.name,
      circuitry: `${c.group} ${c.circuit}`,
    })),
    gates: { definedGates, openGates: ALL_GATES.filter((g) => !sources.has(g)) },
    activations: Object.fromEntries(definedGates.map((g) => [String(g), sources.get(g) as GateSources])),
    personality,
    design,
    phs: primaryHealthSystem(design.Sun, design.Rahu),
    ravePsychology: ravePsychology(personality.Sun, personality.Rahu),
  };
}

/**
 * The chart from the 13 longitudes of each side (degrees, any finite value, wrapped to [0, 360)).
 * Throws `invalid_input` for a missing or unknown planet, a non-finite longitude, or Design positions
 * that are not 88° of solar arc before the Personality ones.
 */
export function computeChart(input: HdLongitudesInput): HdChart {
  return deriveChart(readSides(input, readLongitude));
}

/** The chart from activations given directly (e.g. a published chart's gate.line.color.tone.base). */
export function chartFromActivations(input: HdActivationsInput): HdChart<GateActivation> {
  return deriveChart(readSides(input, readActivation));
}
