/**
 * Human Design tables, each written once. Every fact comes from the project's rule book
 * (`reference/human-design.md`, section numbers below), where each was cross-checked against
 * several independent sources; where sources disagree the rule book's majority choice is used
 * (its section 14). Long interpretive text lives in `knowledge/hd/`, keyed by the ids in
 * `knowledge-ids.ts`.
 */

import { HD_BODY_NAMES, type HdBody } from '../bodies/index.js';

/**
 * The Rave Mandala (section 1.1): gates in order of increasing ecliptic longitude. Index 0, gate 41,
 * starts at 302° (2° Aquarius); each gate spans 5.625°.
 */
export const WHEEL = [
  41, 19, 13, 49, 30, 55, 37, 63, 22, 36, 25, 17, 21, 51, 42, 3, 27, 24, 2, 23, 8, 20, 16, 35, 45, 12, 15, 52,
  39, 53, 62, 56, 31, 33, 7, 4, 29, 59, 40, 64, 47, 6, 46, 18, 48, 57, 32, 50, 28, 44, 1, 43, 14, 34, 9, 5,
  26, 11, 10, 58, 38, 54, 61, 60,
] as const;

export type GateNumber = (typeof WHEEL)[number];

/** Longitude where wheel index 0 starts, in whole degrees (section 1.1). */
export const WHEEL_START_DEGREES = 302;

/** Substructure of one gate (section 1.1): 6 lines of 6 colours of 6 tones of 5 bases. */
export const LINES_PER_GATE = 6;
export const COLORS_PER_LINE = 6;
export const TONES_PER_COLOR = 6;
export const BASES_PER_TONE = 5;

export type Line = 1 | 2 | 3 | 4 | 5 | 6;
export type Color = 1 | 2 | 3 | 4 | 5 | 6;
export type Tone = 1 | 2 | 3 | 4 | 5 | 6;
export type Base = 1 | 2 | 3 | 4 | 5;

/**
 * The 13 activating bodies of each side, in the conventional bodygraph column order (section 2.2),
 * under their V2 names: the body table's Human Design rows (`core/bodies`). Rahu = true North Node,
 * Ketu = South Node; Earth and Ketu are the points opposite Sun and Rahu.
 */
export const PLANETS = HD_BODY_NAMES;
export type Planet = HdBody;

/** The 9 centers in the service's fixed output order (the spec's terminology order); section 3.1. */
export const CENTERS = [
  { name: 'Head', motor: false },
  { name: 'Ajna', motor: false },
  { name: 'Throat', motor: false },
  { name: 'G', motor: false },
  { name: 'Heart', motor: true },
  { name: 'Sacral', motor: true },
  { name: 'Spleen', motor: false },
  { name: 'Solar Plexus', motor: true },
  { name: 'Root', motor: true },
] as const satisfies readonly { name: string; motor: boolean }[];

export type CenterName = (typeof CENTERS)[number]['name'];
/** The nine center names in the fixed bodygraph order. */
export const CENTER_NAMES: readonly CenterName[] = CENTERS.map((c) => c.name);

export interface GateInfo {
  /** Most common Human Design keynote (section 11.1). */
  readonly name: string;
  /** I Ching hexagram name. */
  readonly iChing: string;
  readonly center: CenterName;
}

/** The 64 gates (section 11.1; centers agreed 64/64 by four sources, section 3.1). */
export const GATES = {
  1: { name: 'Self-Expression', iChing: 'The Creative', center: 'G' },
  2: { name: 'The Direction of the Self', iChing: 'The Receptive', center: 'G' },
  3: { name: 'Ordering', iChing: 'Difficulty at the Beginning', center: 'Sacral' },
  4: { name: 'Formulization', iChing: 'Youthful Folly', center: 'Ajna' },
  5: { name: 'Fixed Rhythms', iChing: 'Waiting', center: 'Sacral' },
  6: { name: 'Friction', iChing: 'Conflict', center: 'Solar Plexus' },
  7: { name: 'The Role of the Self', iChing: 'The Army', center: 'G' },
  8: { name: 'Contribution', iChing: 'Holding Together', center: 'Throat' },
  9: { name: 'Focus', iChing: 'The Taming Power of the Small', center: 'Sacral' },
  10: { name: 'The Behavior of the Self', iChing: 'Treading', center: 'G' },
  11: { name: 'Ideas', iChing: 'Peace', center: 'Ajna' },
  12: { name: 'Caution', iChing: 'Standstill', center: 'Throat' },
  13: { name: 'The Listener', iChing: 'Fellowship with Men', center: 'G' },
  14: { name: 'Power Skills', iChing: 'Possession in Great Measure', center: 'Sacral' },
  15: { name: 'Extremes', iChing: 'Modesty', center: 'G' },
  16: { name: 'Skills', iChing: 'Enthusiasm', center: 'Throat' },
  17: { name: 'Opinions', iChing: 'Following', center: 'Ajna' },
  18: { name: 'Correction', iChing: 'Work on What Has Been Spoiled', center: 'Spleen' },
  19: { name: 'Wanting', iChing: 'Approach', center: 'Root' },
  20: { name: 'The Now', iChing: 'Contemplation', center: 'Throat' },
  21: { name: 'The Hunter/Huntress', iChing: 'Biting Through', center: 'Heart' },
  22: { name: 'Openness', iChing: 'Grace', center: 'Solar Plexus' },
  23: { name: 'Assimilation', iChing: 'Splitting Apart', center: 'Throat' },
  24: { name: 'Rationalization', iChing: 'Return', center: 'Ajna' },
  25: { name: 'The Spirit of the Self', iChing: 'Innocence', center: 'G' },
  26: { name: 'The Egoist', iChing: 'The Taming Power of the Great', center: 'Heart' },
  27: { name: 'Caring', iChing: 'The Corners of the Mouth (Nourishment)', center: 'Sacral' },
  28: { name: 'The Game Player', iChing: 'Preponderance of the Great', center: 'Spleen' },
  29: { name: 'Perseverance', iChing: 'The Abysmal', center: 'Sacral' },
  30: { name: 'Feelings', iChing: 'The Clinging (Fire)', center: 'Solar Plexus' },
  31: { name: 'Leading', iChing: 'Influence', center: 'Throat' },
  32: { name: 'Continuity', iChing: 'Duration', center: 'Spleen' },
  33: { name: 'Privacy', iChing: 'Retreat', center: 'Throat' },
  34: { name: 'Power', iChing: 'The Power of the Great', center: 'Sacral' },
  35: { name: 'Change', iChing: 'Progress', center: 'Throat' },
  36: { name: 'Crisis', iChing: 'Darkening of the Light', center: 'Solar Plexus' },
  37: { name: 'Friendship', iChing: 'The Family', center: 'Solar Plexus' },
  38: { name: 'The Fighter', iChing: 'Opposition', center: 'Root' },
  39: { name: 'Provocation', iChing: 'Obstruction', center: 'Root' },
  40: { name: 'Aloneness', iChing: 'Deliverance', center: 'Heart' },
  41: { name: 'Contraction', iChing: 'Decrease', center: 'Root' },
  42: { name: 'Growth', iChing: 'Increase', center: 'Sacral' },
  43: { name: 'Insight', iChing: 'Breakthrough', center: 'Ajna' },
  44: { name: 'Alertness', iChing: 'Coming to Meet', center: 'Spleen' },
  45: { name: 'The Gatherer', iChing: 'Gathering Together', center: 'Throat' },
  46: { name: 'Determination', iChing: 'Pushing Upward', center: 'G' },
  47: { name: 'Realization', iChing: 'Oppression', center: 'Ajna' },
  48: { name: 'Depth', iChing: 'The Well', center: 'Spleen' },
  49: { name: 'Principles', iChing: 'Revolution', center: 'Solar Plexus' },
  50: { name: 'Values', iChing: 'The Cauldron', center: 'Spleen' },
  51: { name: 'Shock', iChing: 'The Arousing', center: 'Heart' },
  52: { name: 'Stillness', iChing: 'Keeping Still', center: 'Root' },
  53: { name: 'Beginnings', iChing: 'Development', center: 'Root' },
  54: { name: 'Ambition', iChing: 'The Marrying Maiden', center: 'Root' },
  55: { name: 'Spirit', iChing: 'Abundance', center: 'Solar Plexus' },
  56: { name: 'Stimulation', iChing: 'The Wanderer', center: 'Throat' },
  57: { name: 'Intuition', iChing: 'The Gentle', center: 'Spleen' },
  58: { name: 'Vitality', iChing: 'The Joyous', center: 'Root' },
  59: { name: 'Sexuality', iChing: 'Dispersion', center: 'Sacral' },
  60: { name: 'Limitation', iChing: 'Limitation', center: 'Root' },
  61: { name: 'Mystery', iChing: 'Inner Truth', center: 'Head' },
  62: { name: 'Details', iChing: 'Preponderance of the Small', center: 'Throat' },
  63: { name: 'Doubt', iChing: 'After Completion', center: 'Head' },
  64: { name: 'Confusion', iChing: 'Before Completion', center: 'Head' },
} as const satisfies Record<GateNumber, GateInfo>;

export type CircuitGroup = 'Individual' | 'Collective' | 'Tribal';
export type Circuit = 'Knowing' | 'Centering' | 'Integration' | 'Logic' | 'Abstract' | 'Ego' | 'Defense';

export interface ChannelInfo {
  /** Lower gate first. */
  readonly gates: readonly [GateNumber, GateNumber];
  readonly name: string;
  readonly group: CircuitGroup;
  readonly circuit: Circuit;
  /** Other names in use (section 11.2); `name` is the majority or original one. */
  readonly otherNames?: readonly string[];
}

/**
 * The 36 channels in the service's fixed output order (ascending lower gate, then upper gate).
 * Circuits follow the rule book's majority (section 3.2): 10-34 Centering and 20-57 Knowing; the
 * four Integration channels are grouped under Individual.
 */
export const CHANNELS = [
  { gates: [1, 8], name: 'Inspiration', group: 'Individual', circuit: 'Knowing' },
  { gates: [2, 14], name: 'The Beat', group: 'Individual', circuit: 'Knowing' },
  { gates: [3, 60], name: 'Mutation', group: 'Individual', circuit: 'Knowing' },
  { gates: [4, 63], name: 'Logic', group: 'Collective', circuit: 'Logic' },
  { gates: [5, 15], name: 'Rhythm', group: 'Collective', circuit: 'Logic' },
  { gates: [6, 59], name: 'Mating', group: 'Tribal', circuit: 'Defense', otherNames: ['Intimacy'] },
  { gates: [7, 31], name: 'The Alpha', group: 'Collective', circuit: 'Logic' },
  { gates: [9, 52], name: 'Concentration', group: 'Collective', circuit: 'Logic' },
  { gates: [10, 20], name: 'Awakening', group: 'Individual', circuit: 'Integration' },
  { gates: [10, 34], name: 'Exploration', group: 'Individual', circuit: 'Centering' },
  { gates: [10, 57], name: 'Perfected Form', group: 'Individual', circuit: 'Integration' },
  { gates: [11, 56], name: 'Curiosity', group: 'Collective', circuit: 'Abstract' },
  { gates: [12, 22], name: 'Openness', group: 'Individual', circuit: 'Knowing' },
  { gates: [13, 33], name: 'The Prodigal', group: 'Collective', circuit: 'Abstract' },
  { gates: [16, 48], name: 'The Wavelength', group: 'Collective', circuit: 'Logic' },
  { gates: [17, 62], name: 'Acceptance', group: 'Collective', circuit: 'Logic' },
  { gates: [18, 58], name: 'Judgment', group: 'Collective', circuit: 'Logic', otherNames: ['Judgement'] },
  { gates: [19, 49], name: 'Synthesis', group: 'Tribal', circuit: 'Ego' },
  { gates: [20, 34], name: 'Charisma', group: 'Individual', circuit: 'Integration' },
  { gates: [20, 57], name: 'The Brainwave', group: 'Individual', circuit: 'Knowing' },
  { gates: [21, 45], name: 'Money', group: 'Tribal', circuit: 'Ego', otherNames: ['The Money Line'] },
  { gates: [23, 43], name: 'Structuring', group: 'Individual', circuit: 'Knowing' },
  { gates: [24, 61], name: 'Awareness', group: 'Individual', circuit: 'Knowing' },
  { gates: [25, 51], name: 'Initiation', group: 'Individual', circuit: 'Centering' },
  { gates: [26, 44], name: 'Surrender', group: 'Tribal', circuit: 'Ego' },
  { gates: [27, 50], name: 'Preservation', group: 'Tribal', circuit: 'Defense' },
  { gates: [28, 38], name: 'Struggle', group: 'Individual', circuit: 'Knowing' },
  { gates: [29, 46], name: 'Discovery', group: 'Collective', circuit: 'Abstract' },
  { gates: [30, 41], name: 'Recognition', group: 'Collective', circuit: 'Abstract' },
  { gates: [32, 54], name: 'Transformation', group: 'Tribal', circuit: 'Ego' },
  { gates: [34, 57], name: 'Power', group: 'Individual', circuit: 'Integration' },
  { gates: [35, 36], name: 'Transitoriness', group: 'Collective', circuit: 'Abstract' },
  { gates: [37, 40], name: 'Community', group: 'Tribal', circuit: 'Ego' },
  { gates: [39, 55], name: 'Emoting', group: 'Individual', circuit: 'Knowing' },
  { gates: [42, 53], name: 'Maturation', group: 'Collective', circuit: 'Abstract' },
  { gates: [47, 64], name: 'Abstraction', group: 'Collective', circuit: 'Abstract' },
] as const satisfies readonly ChannelInfo[];

export type Channel = (typeof CHANNELS)[number];
type IdOf<C> = C extends { gates: readonly [infer A extends number, infer B extends number] }
  ? `${A}-${B}`
  : never;
/** `low-high`, e.g. `1-8`. */
export type ChannelId = IdOf<Channel>;

/** Type -> strategy, signature and not-self theme (section 4). Key order = the spec's listing. */
export const TYPES = {
  Generator: { strategy: 'To Respond', signature: 'Satisfaction', notSelfTheme: 'Frustration' },
  'Manifesting Generator': {
    strategy: 'To Respond, then Inform',
    signature: 'Satisfaction',
    notSelfTheme: 'Frustration',
  },
  Projector: { strategy: 'Wait for the Invitation', signature: 'Success', notSelfTheme: 'Bitterness' },
  Manifestor: { strategy: 'To Inform', signature: 'Peace', notSelfTheme: 'Anger' },
  Reflector: { strategy: 'Wait a Lunar Cycle', signature: 'Surprise', notSelfTheme: 'Disappointment' },
} as const satisfies Record<string, { strategy: string; signature: string; notSelfTheme: string }>;

export type HdType = keyof typeof TYPES;
export type Strategy = (typeof TYPES)[HdType]['strategy'];

/** Inner authorities in order of precedence (section 5): the first whose condition holds wins. */
export const AUTHORITIES = [
  'Emotional',
  'Sacral',
  'Splenic',
  'Ego Manifested',
  'Ego Projected',
  'Self-Projected',
  'Mental',
  'Lunar',
] as const;

export type Authority = (typeof AUTHORITIES)[number];

/** Definition by number of connected groups of defined centers (section 6); 4 is the maximum. */
export const DEFINITIONS = {
  None: { components: 0, description: 'No center is defined.' },
  Single: { components: 1, description: 'All defined centers form one connected group.' },
  Split: { components: 2, description: 'The defined centers form two groups that are not connected.' },
  'Triple Split': {
    components: 3,
    description: 'The defined centers form three groups that are not connected.',
  },
  'Quadruple Split': {
    components: 4,
    description: 'The defined centers form four groups that are not connected.',
  },
} as const satisfies Record<string, { components: number; description: string }>;

export type Definition = keyof typeof DEFINITIONS;

/** Line keynotes (section 7). */
export const LINE_NAMES = {
  1: 'Investigator',
  2: 'Hermit',
  3: 'Martyr',
  4: 'Opportunist',
  5: 'Heretic',
  6: 'Role Model',
} as const satisfies Record<Line, string>;

/**
 * Incarnation-cross angles (section 8.1). `designSunOffset`: how many gates the Design Sun lies
 * behind the Personality Sun on the wheel; the Design Earth is opposite it. `numbering`: the member
 * number is the P-Sun gate's quarter (1-4), its half of the wheel (1 for quarters 1-2, 2 for 3-4),
 * or absent.
 */
export const ANGLES = {
  'Right Angle': { designSunOffset: 16, numbering: 'quarter' },
  Juxtaposition: { designSunOffset: 15, numbering: 'none' },
  'Left Angle': { designSunOffset: 15, numbering: 'half' },
} as const satisfies Record<string, { designSunOffset: number; numbering: 'quarter' | 'half' | 'none' }>;

export type Angle = keyof typeof ANGLES;

/**
 * The 12 profiles (Personality Sun line / Design Sun line) and their cross angle (section 7; 4/6 is
 * Right Angle per the majority and the geometry, section 14). Key order = the rule book's listing.
 */
export const PROFILES = {
  '1/3': { angle: 'Right Angle' },
  '1/4': { angle: 'Right Angle' },
  '2/4': { angle: 'Right Angle' },
  '2/5': { angle: 'Right Angle' },
  '3/5': { angle: 'Right Angle' },
  '3/6': { angle: 'Right Angle' },
  '4/6': { angle: 'Right Angle' },
  '4/1': { angle: 'Juxtaposition' },
  '5/1': { angle: 'Left Angle' },
  '5/2': { angle: 'Left Angle' },
  '6/2': { angle: 'Left Angle' },
  '6/3': { angle: 'Left Angle' },
} as const satisfies Partial<Record<`${Line}/${Line}`, { angle: Angle }>>;

export type Profile = keyof typeof PROFILES;

/** The four quarters of the wheel, 16 gates each; Initiation starts with gate 13 (section 1.3). */
export const QUARTERS = ['Initiation', 'Civilization', 'Duality', 'Mutation'] as const;
export const FIRST_GATE_OF_FIRST_QUARTER: GateNumber = 13;

export type Quarter = (typeof QUARTERS)[number];

/**
 * Cross names by Personality-Sun gate and angle, without member numbers (section 8.3; majority
 * spellings per section 8.1). The display adds "Cross of", the number rule of `ANGLES` and the four
 * gates.
 */
export const CROSS_NAMES = {
  1: { 'Right Angle': 'the Sphinx', Juxtaposition: 'Self-Expression', 'Left Angle': 'Defiance' },
  2: { 'Right Angle': 'the Sphinx', Juxtaposition: 'the Driver', 'Left Angle': 'Defiance' },
  3: { 'Right Angle': 'Laws', Juxtaposition: 'Mutation', 'Left Angle': 'Wishes' },
  4: { 'Right Angle': 'Explanation', Juxtaposition: 'Formulization', 'Left Angle': 'Revolution' },
  5: { 'Right Angle': 'Consciousness', Juxtaposition: 'Habits', 'Left Angle': 'Separation' },
  6: { 'Right Angle': 'Eden', Juxtaposition: 'Conflict', 'Left Angle': 'the Plane' },
  7: { 'Right Angle': 'the Sphinx', Juxtaposition: 'Interaction', 'Left Angle': 'Masks' },
  8: { 'Right Angle': 'Contagion', Juxtaposition: 'Contribution', 'Left Angle': 'Uncertainty' },
  9: { 'Right Angle': 'Planning', Juxtaposition: 'Focus', 'Left Angle': 'Identification' },
  10: { 'Right Angle': 'the Vessel of Love', Juxtaposition: 'Behavior', 'Left Angle': 'Prevention' },
  11: { 'Right Angle': 'Eden', Juxtaposition: 'Ideas', 'Left Angle': 'Education' },
  12: { 'Right Angle': 'Eden', Juxtaposition: 'Articulation', 'Left Angle': 'Education' },
  13: { 'Right Angle': 'the Sphinx', Juxtaposition: 'Listening', 'Left Angle': 'Masks' },
  14: { 'Right Angle': 'Contagion', Juxtaposition: 'Empowering', 'Left Angle': 'Uncertainty' },
  15: { 'Right Angle': 'the Vessel of Love', Juxtaposition: 'Extremes', 'Left Angle': 'Prevention' },
  16: { 'Right Angle': 'Planning', Juxtaposition: 'Experimentation', 'Left Angle': 'Identification' },
  17: { 'Right Angle': 'Service', Juxtaposition: 'Opinions', 'Left Angle': 'Upheaval' },
  18: { 'Right Angle': 'Service', Juxtaposition: 'Correction', 'Left Angle': 'Upheaval' },
  19: { 'Right Angle': 'the Four Ways', Juxtaposition: 'Need', 'Left Angle': 'Refinement' },
  20: { 'Right Angle': 'the Sleeping Phoenix', Juxtaposition: 'the Now', 'Left Angle': 'Duality' },
  21: { 'Right Angle': 'Tension', Juxtaposition: 'Control', 'Left Angle': 'Endeavor' },
  22: { 'Right Angle': 'Rulership', Juxtaposition: 'Grace', 'Left Angle': 'Informing' },
  23: { 'Right Angle': 'Explanation', Juxtaposition: 'Assimilation', 'Left Angle': 'Dedication' },
  24: { 'Right Angle': 'the Four Ways', Juxtaposition: 'Rationalization', 'Left Angle': 'Incarnation' },
  25: { 'Right Angle': 'the Vessel of Love', Juxtaposition: 'Innocence', 'Left Angle': 'Healing' },
  26: { 'Right Angle': 'Rulership', Juxtaposition: 'the Trickster', 'Left Angle': 'Confrontation' },
  27: { 'Right Angle': 'the Unexpected', Juxtaposition: 'Caring', 'Left Angle': 'Alignment' },
  28: { 'Right Angle': 'the Unexpected', Juxtaposition: 'Risks', 'Left Angle': 'Alignment' },
  29: { 'Right Angle': 'Contagion', Juxtaposition: 'Commitment', 'Left Angle': 'Industry' },
  30: { 'Right Angle': 'Contagion', Juxtaposition: 'Fates', 'Left Angle': 'Industry' },
  31: { 'Right Angle': 'the Unexpected', Juxtaposition: 'Influence', 'Left Angle': 'the Alpha' },
  32: { 'Right Angle': 'Maya', Juxtaposition: 'Conservation', 'Left Angle': 'Limitation' },
  33: { 'Right Angle': 'the Four Ways', Juxtaposition: 'Retreat', 'Left Angle': 'Refinement' },
  34: { 'Right Angle': 'the Sleeping Phoenix', Juxtaposition: 'Power', 'Left Angle': 'Duality' },
  35: { 'Right Angle': 'Consciousness', Juxtaposition: 'Experience', 'Left Angle': 'Separation' },
  36: { 'Right Angle': 'Eden', Juxtaposition: 'Crisis', 'Left Angle': 'the Plane' },
  37: { 'Right Angle': 'Planning', Juxtaposition: 'Bargains', 'Left Angle': 'Migration' },
  38: { 'Right Angle': 'Tension', Juxtaposition: 'Opposition', 'Left Angle': 'Individualism' },
  39: { 'Right Angle': 'Tension', Juxtaposition: 'Provocation', 'Left Angle': 'Individualism' },
  40: { 'Right Angle': 'Planning', Juxtaposition: 'Denial', 'Left Angle': 'Migration' },
  41: { 'Right Angle': 'the Unexpected', Juxtaposition: 'Fantasy', 'Left Angle': 'the Alpha' },
  42: { 'Right Angle': 'Maya', Juxtaposition: 'Completion', 'Left Angle': 'Limitation' },
  43: { 'Right Angle': 'Explanation', Juxtaposition: 'Insight', 'Left Angle': 'Dedication' },
  44: { 'Right Angle': 'the Four Ways', Juxtaposition: 'Alertness', 'Left Angle': 'Incarnation' },
  45: { 'Right Angle': 'Rulership', Juxtaposition: 'Possession', 'Left Angle': 'Confrontation' },
  46: { 'Right Angle': 'the Vessel of Love', Juxtaposition: 'Serendipity', 'Left Angle': 'Healing' },
  47: { 'Right Angle': 'Rulership', Juxtaposition: 'Oppression', 'Left Angle': 'Informing' },
  48: { 'Right Angle': 'Tension', Juxtaposition: 'Depth', 'Left Angle': 'Endeavor' },
  49: { 'Right Angle': 'Explanation', Juxtaposition: 'Principles', 'Left Angle': 'Revolution' },
  50: { 'Right Angle': 'Laws', Juxtaposition: 'Values', 'Left Angle': 'Wishes' },
  51: { 'Right Angle': 'Penetration', Juxtaposition: 'Shock', 'Left Angle': 'the Clarion' },
  52: { 'Right Angle': 'Service', Juxtaposition: 'Stillness', 'Left Angle': 'Demands' },
  53: { 'Right Angle': 'Penetration', Juxtaposition: 'Beginnings', 'Left Angle': 'Cycles' },
  54: { 'Right Angle': 'Penetration', Juxtaposition: 'Ambition', 'Left Angle': 'Cycles' },
  55: { 'Right Angle': 'the Sleeping Phoenix', Juxtaposition: 'Moods', 'Left Angle': 'Spirit' },
  56: { 'Right Angle': 'Laws', Juxtaposition: 'Stimulation', 'Left Angle': 'Distraction' },
  57: { 'Right Angle': 'Penetration', Juxtaposition: 'Intuition', 'Left Angle': 'the Clarion' },
  58: { 'Right Angle': 'Service', Juxtaposition: 'Vitality', 'Left Angle': 'Demands' },
  59: { 'Right Angle': 'the Sleeping Phoenix', Juxtaposition: 'Strategy', 'Left Angle': 'Spirit' },
  60: { 'Right Angle': 'Laws', Juxtaposition: 'Limitation', 'Left Angle': 'Distraction' },
  61: { 'Right Angle': 'Maya', Juxtaposition: 'Thinking', 'Left Angle': 'Obscuration' },
  62: { 'Right Angle': 'Maya', Juxtaposition: 'Detail', 'Left Angle': 'Obscuration' },
  63: { 'Right Angle': 'Consciousness', Juxtaposition: 'Doubts', 'Left Angle': 'Dominion' },
  64: { 'Right Angle': 'Consciousness', Juxtaposition: 'Confusion', 'Left Angle': 'Dominion' },
} as const satisfies Record<GateNumber, Record<Angle, string>>;

/** Left (tones 1-3) or Right (tones 4-6) orientation of an arrow (section 9). */
export type Orientation = 'Left' | 'Right';

/** Arrow labels of the four variables (section 9). */
export const ARROW_LABELS = {
  digestion: { Left: 'Active', Right: 'Passive' },
  environment: { Left: 'Observed', Right: 'Observer' },
  motivation: { Left: 'Strategic', Right: 'Receptive' },
  perspective: { Left: 'Focused', Right: 'Peripheral' },
} as const satisfies Record<string, Record<Orientation, string>>;

/** Determination / Digestion by Design Sun colour, with its left/right variants (section 10.1). */
export const DIGESTION = {
  1: { name: 'Appetite', Left: 'Consecutive', Right: 'Alternating', group: 'Conditions' },
  2: { name: 'Taste', Left: 'Open', Right: 'Closed', group: 'Conditions' },
  3: { name: 'Thirst', Left: 'Hot', Right: 'Cold', group: 'Conditions' },
  4: { name: 'Touch', Left: 'Calm', Right: 'Nervous', group: 'Circumstances' },
  5: { name: 'Sound', Left: 'High', Right: 'Low', group: 'Circumstances' },
  6: { name: 'Light', Left: 'Direct', Right: 'Indirect', group: 'Circumstances' },
} as const satisfies Record<Color, { name: string; group: string } & Record<Orientation, string>>;

/** Cognition by Design Sun tone (section 10.1). */
export const COGNITION = {
  1: 'Smell',
  2: 'Taste',
  3: 'Outer Vision',
  4: 'Inner Vision',
  5: 'Feeling',
  6: 'Touch',
} as const satisfies Record<Tone, string>;

/** Environment by Design North Node colour, with its left/right variants (section 10.2). */
export const ENVIRONMENT = {
  1: { name: 'Caves', Left: 'Selective', Right: 'Blending', group: 'Hardscape' },
  2: { name: 'Markets', Left: 'Internal', Right: 'External', group: 'Hardscape' },
  3: { name: 'Kitchens', Left: 'Wet', Right: 'Dry', group: 'Hardscape' },
  4: { name: 'Mountains', Left: 'Active', Right: 'Passive', group: 'Landscape' },
  5: { name: 'Valleys', Left: 'Narrow', Right: 'Wide', group: 'Landscape' },
  6: { name: 'Shores', Left: 'Natural', Right: 'Artificial', group: 'Landscape' },
} as const satisfies Record<Color, { name: string; group: string } & Record<Orientation, string>>;

/**
 * Motivation by Personality Sun colour (section 10.3). The transference of colour c is the
 * motivation of colour c + 3 (mod 6), so it is derived rather than written.
 */
export const MOTIVATION = {
  1: 'Fear',
  2: 'Hope',
  3: 'Desire',
  4: 'Need',
  5: 'Guilt',
  6: 'Innocence',
} as const satisfies Record<Color, string>;

/** Sense by Personality Sun tone (section 10.3). */
export const SENSE = {
  1: 'Security',
  2: 'Uncertainty',
  3: 'Action',
  4: 'Meditation',
  5: 'Judgment',
  6: 'Acceptance',
} as const satisfies Record<Tone, string>;

/**
 * Perspective by Personality North Node colour (section 10.4; majority 4 Wanting, 6 Personal). The
 * distraction of colour c is the perspective of colour c + 3 (mod 6).
 */
export const PERSPECTIVE = {
  1: 'Survival',
  2: 'Possibility',
  3: 'Power',
  4: 'Wanting',
  5: 'Probability',
  6: 'Personal',
} as const satisfies Record<Color, string>;

/** Tropical zodiac signs, 30° each from 0° Aries; only used to label positions. */
export const SIGNS = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
] as const;

export type Sign = (typeof SIGNS)[number];
