import { invalidInput } from '../errors.js';
import { gateAtOffset, oppositeGate, wheelIndex } from './activation.js';
import {
  ANGLES,
  type Angle,
  CROSS_NAMES,
  FIRST_GATE_OF_FIRST_QUARTER,
  type GateNumber,
  type Line,
  PROFILES,
  type Profile,
  QUARTERS,
  type Quarter,
  WHEEL,
} from './tables.js';

/** Profile, angle and incarnation cross (rule book sections 7 and 8). */

export interface CrossGates {
  personalitySun: GateNumber;
  personalityEarth: GateNumber;
  designSun: GateNumber;
  designEarth: GateNumber;
}

export interface IncarnationCross {
  angle: Angle;
  /** As displayed after "Cross of", without number: `the Clarion`, `Eden`. */
  name: string;
  /** Member number (section 8.1); null for Juxtaposition. */
  number: number | null;
  gates: CrossGates;
  /** `Left Angle Cross of the Clarion 1 (51/57 | 61/62)`. */
  label: string;
}

const GATES_PER_QUARTER = WHEEL.length / QUARTERS.length;

/** 1 Initiation ... 4 Mutation. */
export function quarterNumber(gate: GateNumber): 1 | 2 | 3 | 4 {
  const fromInitiation = wheelIndex(gate) - wheelIndex(FIRST_GATE_OF_FIRST_QUARTER) + WHEEL.length;
  return ((Math.floor(fromInitiation / GATES_PER_QUARTER) % QUARTERS.length) + 1) as 1 | 2 | 3 | 4;
}

export function quarterOf(gate: GateNumber): Quarter {
  return QUARTERS[quarterNumber(gate) - 1] as Quarter;
}

export function isProfile(value: string): value is Profile {
  return Object.hasOwn(PROFILES, value);
}

/**
 * Personality Sun line / Design Sun line. Only 12 pairs can occur when the Design Sun is 88° of solar
 * arc before the Personality Sun; any other pair means the design positions are not for the design
 * instant, which is a caller error.
 */
export function profileOf(personalitySunLine: Line, designSunLine: Line): Profile {
  const profile = `${personalitySunLine}/${designSunLine}`;
  if (!isProfile(profile)) {
    throw invalidInput(
      'design.Sun',
      `profile ${profile} cannot occur: the Design Sun must be 88° of solar arc before the Personality Sun`,
      { accepted: Object.keys(PROFILES) },
    );
  }
  return profile;
}

export function angleOfProfile(profile: Profile): Angle {
  return PROFILES[profile].angle;
}

export function incarnationCross(personalitySunGate: GateNumber, angle: Angle): IncarnationCross {
  const { designSunOffset, numbering } = ANGLES[angle];
  const designSun = gateAtOffset(personalitySunGate, -designSunOffset);
  const gates: CrossGates = {
    personalitySun: personalitySunGate,
    personalityEarth: oppositeGate(personalitySunGate),
    designSun,
    designEarth: oppositeGate(designSun),
  };
  const quarter = quarterNumber(personalitySunGate);
  const number = numbering === 'quarter' ? quarter : numbering === 'half' ? (quarter <= 2 ? 1 : 2) : null;
  const name = CROSS_NAMES[personalitySunGate][angle];
  const numbered = number === null ? name : `${name} ${number}`;
  const label = `${angle} Cross of ${numbered} (${gates.personalitySun}/${gates.personalityEarth} | ${gates.designSun}/${gates.designEarth})`;
  return { angle, name, number, gates, label };
}

/** The cross of a chart from its Personality Sun gate and profile. */
export function crossOfChart(personalitySunGate: GateNumber, profile: Profile): IncarnationCross {
  return incarnationCross(personalitySunGate, angleOfProfile(profile));
}
