import type { GateActivation } from './activation.js';
import {
  ARROW_LABELS,
  COGNITION,
  type Color,
  DIGESTION,
  ENVIRONMENT,
  MOTIVATION,
  type Orientation,
  PERSPECTIVE,
  SENSE,
  TONES_PER_COLOR,
  type Tone,
} from './tables.js';

/**
 * Variable arrows, PHS (digestion, environment) and Rave Psychology (motivation, perspective) —
 * rule book sections 9 and 10. Each uses the colour of one activation for its name and the tone for
 * its orientation: Design Sun -> digestion, Design North Node -> environment, Personality Sun ->
 * motivation, Personality North Node -> perspective.
 */

type ActivationColorTone = Pick<GateActivation, 'color' | 'tone'>;

/** Fields shared by the four variables. */
export interface VariableBase {
  color: Color;
  name: string;
  tone: Tone;
  orientation: Orientation;
  /** The arrow's label for this orientation, e.g. `Active` / `Passive` for digestion. */
  orientationLabel: string;
}

export interface Digestion extends VariableBase {
  /** Left/right variant of the colour, e.g. `Calm` / `Nervous` for Touch. */
  variant: string;
  /** `Conditions` (colours 1-3) or `Circumstances` (4-6). */
  group: string;
  /** Cognition, from the tone. */
  cognition: string;
}

export interface Environment extends VariableBase {
  variant: string;
  /** `Hardscape` (colours 1-3) or `Landscape` (4-6). */
  group: string;
}

export interface Motivation extends VariableBase {
  /** The motivation of colour + 3. */
  transference: string;
  /** Sense, from the tone. */
  sense: string;
}

export interface Perspective extends VariableBase {
  /** The perspective of colour + 3. */
  distraction: string;
}

export interface Phs {
  digestion: Digestion;
  environment: Environment;
}

export interface RavePsychology {
  motivation: Motivation;
  perspective: Perspective;
}

export function orientationOfTone(tone: Tone): Orientation {
  return tone <= TONES_PER_COLOR / 2 ? 'Left' : 'Right';
}

const shifted = (color: Color): Color => (((color + 2) % 6) + 1) as Color;

function base(
  arrow: keyof typeof ARROW_LABELS,
  name: string,
  { color, tone }: ActivationColorTone,
): VariableBase {
  const orientation = orientationOfTone(tone);
  return { color, name, tone, orientation, orientationLabel: ARROW_LABELS[arrow][orientation] };
}

export function primaryHealthSystem(designSun: ActivationColorTone, designNode: ActivationColorTone): Phs {
  const digestion = DIGESTION[designSun.color];
  const environment = ENVIRONMENT[designNode.color];
  const digestionBase = base('digestion', digestion.name, designSun);
  const environmentBase = base('environment', environment.name, designNode);
  return {
    digestion: {
      ...digestionBase,
      variant: digestion[digestionBase.orientation],
      group: digestion.group,
      cognition: COGNITION[designSun.tone],
    },
    environment: {
      ...environmentBase,
      variant: environment[environmentBase.orientation],
      group: environment.group,
    },
  };
}

export function ravePsychology(
  personalitySun: ActivationColorTone,
  personalityNode: ActivationColorTone,
): RavePsychology {
  return {
    motivation: {
      ...base('motivation', MOTIVATION[personalitySun.color], personalitySun),
      transference: MOTIVATION[shifted(personalitySun.color)],
      sense: SENSE[personalitySun.tone],
    },
    perspective: {
      ...base('perspective', PERSPECTIVE[personalityNode.color], personalityNode),
      distraction: PERSPECTIVE[shifted(personalityNode.color)],
    },
  };
}

/**
 * `P{P-Sun}{P-Node} D{D-Sun}{D-Node}` with L/R per tone, e.g. `PLR DLL` (section 9; the HK order,
 * which reproduces published charts).
 */
export function variableNotation(sides: {
  personalitySun: ActivationColorTone;
  personalityNode: ActivationColorTone;
  designSun: ActivationColorTone;
  designNode: ActivationColorTone;
}): string {
  const lr = (a: ActivationColorTone): string => orientationOfTone(a.tone)[0] as string;
  return `P${lr(sides.personalitySun)}${lr(sides.personalityNode)} D${lr(sides.designSun)}${lr(sides.designNode)}`;
}
