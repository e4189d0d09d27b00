/**
 * Expected values transcribed from the project's rule book, `reference/human-design.md` (each table
 * there was cross-checked against several independent implementations and recomputed with the Swiss
 * Ephemeris by its author). Section numbers name the source of each table. Transcribed by hand-run
 * extraction from the Markdown, never from this engine's output.
 */

/** Section 1.3: [gate, start longitude, end longitude, quarter, opposite gate], wheel order from 302°. */
export const WHEEL_TABLE: readonly (readonly [number, number, number, string, number])[] = [
  [41, 302.0, 307.625, 'Mutation', 31],
  [19, 307.625, 313.25, 'Mutation', 33],
  [13, 313.25, 318.875, 'Initiation', 7],
  [49, 318.875, 324.5, 'Initiation', 4],
  [30, 324.5, 330.125, 'Initiation', 29],
  [55, 330.125, 335.75, 'Initiation', 59],
  [37, 335.75, 341.375, 'Initiation', 40],
  [63, 341.375, 347.0, 'Initiation', 64],
  [22, 347.0, 352.625, 'Initiation', 47],
  [36, 352.625, 358.25, 'Initiation', 6],
  [25, 358.25, 3.875, 'Initiation', 46],
  [17, 3.875, 9.5, 'Initiation', 18],
  [21, 9.5, 15.125, 'Initiation', 48],
  [51, 15.125, 20.75, 'Initiation', 57],
  [42, 20.75, 26.375, 'Initiation', 32],
  [3, 26.375, 32.0, 'Initiation', 50],
  [27, 32.0, 37.625, 'Initiation', 28],
  [24, 37.625, 43.25, 'Initiation', 44],
  [2, 43.25, 48.875, 'Civilization', 1],
  [23, 48.875, 54.5, 'Civilization', 43],
  [8, 54.5, 60.125, 'Civilization', 14],
  [20, 60.125, 65.75, 'Civilization', 34],
  [16, 65.75, 71.375, 'Civilization', 9],
  [35, 71.375, 77.0, 'Civilization', 5],
  [45, 77.0, 82.625, 'Civilization', 26],
  [12, 82.625, 88.25, 'Civilization', 11],
  [15, 88.25, 93.875, 'Civilization', 10],
  [52, 93.875, 99.5, 'Civilization', 58],
  [39, 99.5, 105.125, 'Civilization', 38],
  [53, 105.125, 110.75, 'Civilization', 54],
  [62, 110.75, 116.375, 'Civilization', 61],
  [56, 116.375, 122.0, 'Civilization', 60],
  [31, 122.0, 127.625, 'Civilization', 41],
  [33, 127.625, 133.25, 'Civilization', 19],
  [7, 133.25, 138.875, 'Duality', 13],
  [4, 138.875, 144.5, 'Duality', 49],
  [29, 144.5, 150.125, 'Duality', 30],
  [59, 150.125, 155.75, 'Duality', 55],
  [40, 155.75, 161.375, 'Duality', 37],
  [64, 161.375, 167.0, 'Duality', 63],
  [47, 167.0, 172.625, 'Duality', 22],
  [6, 172.625, 178.25, 'Duality', 36],
  [46, 178.25, 183.875, 'Duality', 25],
  [18, 183.875, 189.5, 'Duality', 17],
  [48, 189.5, 195.125, 'Duality', 21],
  [57, 195.125, 200.75, 'Duality', 51],
  [32, 200.75, 206.375, 'Duality', 42],
  [50, 206.375, 212.0, 'Duality', 3],
  [28, 212.0, 217.625, 'Duality', 27],
  [44, 217.625, 223.25, 'Duality', 24],
  [1, 223.25, 228.875, 'Mutation', 2],
  [43, 228.875, 234.5, 'Mutation', 23],
  [14, 234.5, 240.125, 'Mutation', 8],
  [34, 240.125, 245.75, 'Mutation', 20],
  [9, 245.75, 251.375, 'Mutation', 16],
  [5, 251.375, 257.0, 'Mutation', 35],
  [26, 257.0, 262.625, 'Mutation', 45],
  [11, 262.625, 268.25, 'Mutation', 12],
  [10, 268.25, 273.875, 'Mutation', 15],
  [58, 273.875, 279.5, 'Mutation', 52],
  [38, 279.5, 285.125, 'Mutation', 39],
  [54, 285.125, 290.75, 'Mutation', 53],
  [61, 290.75, 296.375, 'Mutation', 62],
  [60, 296.375, 302.0, 'Mutation', 56],
];

/** Section 3.1: gates of each center, ascending. */
export const CENTER_GATES: Readonly<Record<string, readonly number[]>> = {
  Head: [61, 63, 64],
  Ajna: [4, 11, 17, 24, 43, 47],
  Throat: [8, 12, 16, 20, 23, 31, 33, 35, 45, 56, 62],
  G: [1, 2, 7, 10, 13, 15, 25, 46],
  Heart: [21, 26, 40, 51],
  'Solar Plexus': [6, 22, 30, 36, 37, 49, 55],
  Sacral: [3, 5, 9, 14, 27, 29, 34, 42, 59],
  Spleen: [18, 28, 32, 44, 48, 50, 57],
  Root: [19, 38, 39, 41, 52, 53, 54, 58, 60],
};

/** Section 3.1: the motor centers. */
export const MOTOR_CENTERS = ['Heart', 'Sacral', 'Solar Plexus', 'Root'];

/** Section 3.2: [channel, name, center of the lower gate, center of the upper gate, circuit group, circuit]. */
export const CHANNEL_TABLE: readonly (readonly [string, string, string, string, string, string])[] = [
  ['1-8', 'Inspiration', 'G', 'Throat', 'Individual', 'Knowing'],
  ['2-14', 'The Beat', 'G', 'Sacral', 'Individual', 'Knowing'],
  ['3-60', 'Mutation', 'Sacral', 'Root', 'Individual', 'Knowing'],
  ['4-63', 'Logic', 'Ajna', 'Head', 'Collective', 'Logic'],
  ['5-15', 'Rhythm', 'Sacral', 'G', 'Collective', 'Logic'],
  ['6-59', 'Mating', 'Solar Plexus', 'Sacral', 'Tribal', 'Defense'],
  ['7-31', 'The Alpha', 'G', 'Throat', 'Collective', 'Logic'],
  ['9-52', 'Concentration', 'Sacral', 'Root', 'Collective', 'Logic'],
  ['10-20', 'Awakening', 'G', 'Throat', 'Individual', 'Integration'],
  ['10-34', 'Exploration', 'G', 'Sacral', 'Individual', 'Centering'],
  ['10-57', 'Perfected Form', 'G', 'Spleen', 'Individual', 'Integration'],
  ['11-56', 'Curiosity', 'Ajna', 'Throat', 'Collective', 'Abstract'],
  ['12-22', 'Openness', 'Throat', 'Solar Plexus', 'Individual', 'Knowing'],
  ['13-33', 'The Prodigal', 'G', 'Throat', 'Collective', 'Abstract'],
  ['16-48', 'The Wavelength', 'Throat', 'Spleen', 'Collective', 'Logic'],
  ['17-62', 'Acceptance', 'Ajna', 'Throat', 'Collective', 'Logic'],
  ['18-58', 'Judgment', 'Spleen', 'Root', 'Collective', 'Logic'],
  ['19-49', 'Synthesis', 'Root', 'Solar Plexus', 'Tribal', 'Ego'],
  ['20-34', 'Charisma', 'Throat', 'Sacral', 'Individual', 'Integration'],
  ['20-57', 'The Brainwave', 'Throat', 'Spleen', 'Individual', 'Knowing'],
  ['21-45', 'Money', 'Heart', 'Throat', 'Tribal', 'Ego'],
  ['23-43', 'Structuring', 'Throat', 'Ajna', 'Individual', 'Knowing'],
  ['24-61', 'Awareness', 'Ajna', 'Head', 'Individual', 'Knowing'],
  ['25-51', 'Initiation', 'G', 'Heart', 'Individual', 'Centering'],
  ['26-44', 'Surrender', 'Heart', 'Spleen', 'Tribal', 'Ego'],
  ['27-50', 'Preservation', 'Sacral', 'Spleen', 'Tribal', 'Defense'],
  ['28-38', 'Struggle', 'Spleen', 'Root', 'Individual', 'Knowing'],
  ['29-46', 'Discovery', 'Sacral', 'G', 'Collective', 'Abstract'],
  ['30-41', 'Recognition', 'Solar Plexus', 'Root', 'Collective', 'Abstract'],
  ['32-54', 'Transformation', 'Spleen', 'Root', 'Tribal', 'Ego'],
  ['34-57', 'Power', 'Sacral', 'Spleen', 'Individual', 'Integration'],
  ['35-36', 'Transitoriness', 'Throat', 'Solar Plexus', 'Collective', 'Abstract'],
  ['37-40', 'Community', 'Solar Plexus', 'Heart', 'Tribal', 'Ego'],
  ['39-55', 'Emoting', 'Root', 'Solar Plexus', 'Individual', 'Knowing'],
  ['42-53', 'Maturation', 'Sacral', 'Root', 'Collective', 'Abstract'],
  ['47-64', 'Abstraction', 'Ajna', 'Head', 'Collective', 'Abstract'],
];

/**
 * Section 8.3: [P-Sun gate, Right Angle name + n, RA gates, Juxtaposition name, JX gates, Left Angle
 * name + n, LA gates], in wheel order from gate 13.
 */
export const CROSS_TABLE: readonly (readonly [number, string, string, string, string, string, string])[] = [
  [13, 'the Sphinx 1', '13/7 | 1/2', 'Listening', '13/7 | 43/23', 'Masks 1', '13/7 | 43/23'],
  [49, 'Explanation 1', '49/4 | 43/23', 'Principles', '49/4 | 14/8', 'Revolution 1', '49/4 | 14/8'],
  [30, 'Contagion 1', '30/29 | 14/8', 'Fates', '30/29 | 34/20', 'Industry 1', '30/29 | 34/20'],
  [55, 'the Sleeping Phoenix 1', '55/59 | 34/20', 'Moods', '55/59 | 9/16', 'Spirit 1', '55/59 | 9/16'],
  [37, 'Planning 1', '37/40 | 9/16', 'Bargains', '37/40 | 5/35', 'Migration 1', '37/40 | 5/35'],
  [63, 'Consciousness 1', '63/64 | 5/35', 'Doubts', '63/64 | 26/45', 'Dominion 1', '63/64 | 26/45'],
  [22, 'Rulership 1', '22/47 | 26/45', 'Grace', '22/47 | 11/12', 'Informing 1', '22/47 | 11/12'],
  [36, 'Eden 1', '36/6 | 11/12', 'Crisis', '36/6 | 10/15', 'the Plane 1', '36/6 | 10/15'],
  [25, 'the Vessel of Love 1', '25/46 | 10/15', 'Innocence', '25/46 | 58/52', 'Healing 1', '25/46 | 58/52'],
  [17, 'Service 1', '17/18 | 58/52', 'Opinions', '17/18 | 38/39', 'Upheaval 1', '17/18 | 38/39'],
  [21, 'Tension 1', '21/48 | 38/39', 'Control', '21/48 | 54/53', 'Endeavor 1', '21/48 | 54/53'],
  [51, 'Penetration 1', '51/57 | 54/53', 'Shock', '51/57 | 61/62', 'the Clarion 1', '51/57 | 61/62'],
  [42, 'Maya 1', '42/32 | 61/62', 'Completion', '42/32 | 60/56', 'Limitation 1', '42/32 | 60/56'],
  [3, 'Laws 1', '3/50 | 60/56', 'Mutation', '3/50 | 41/31', 'Wishes 1', '3/50 | 41/31'],
  [27, 'the Unexpected 1', '27/28 | 41/31', 'Caring', '27/28 | 19/33', 'Alignment 1', '27/28 | 19/33'],
  [
    24,
    'the Four Ways 1',
    '24/44 | 19/33',
    'Rationalization',
    '24/44 | 13/7',
    'Incarnation 1',
    '24/44 | 13/7',
  ],
  [2, 'the Sphinx 2', '2/1 | 13/7', 'the Driver', '2/1 | 49/4', 'Defiance 1', '2/1 | 49/4'],
  [23, 'Explanation 2', '23/43 | 49/4', 'Assimilation', '23/43 | 30/29', 'Dedication 1', '23/43 | 30/29'],
  [8, 'Contagion 2', '8/14 | 30/29', 'Contribution', '8/14 | 55/59', 'Uncertainty 1', '8/14 | 55/59'],
  [20, 'the Sleeping Phoenix 2', '20/34 | 55/59', 'the Now', '20/34 | 37/40', 'Duality 1', '20/34 | 37/40'],
  [16, 'Planning 2', '16/9 | 37/40', 'Experimentation', '16/9 | 63/64', 'Identification 1', '16/9 | 63/64'],
  [35, 'Consciousness 2', '35/5 | 63/64', 'Experience', '35/5 | 22/47', 'Separation 1', '35/5 | 22/47'],
  [45, 'Rulership 2', '45/26 | 22/47', 'Possession', '45/26 | 36/6', 'Confrontation 1', '45/26 | 36/6'],
  [12, 'Eden 2', '12/11 | 36/6', 'Articulation', '12/11 | 25/46', 'Education 1', '12/11 | 25/46'],
  [15, 'the Vessel of Love 2', '15/10 | 25/46', 'Extremes', '15/10 | 17/18', 'Prevention 1', '15/10 | 17/18'],
  [52, 'Service 2', '52/58 | 17/18', 'Stillness', '52/58 | 21/48', 'Demands 1', '52/58 | 21/48'],
  [39, 'Tension 2', '39/38 | 21/48', 'Provocation', '39/38 | 51/57', 'Individualism 1', '39/38 | 51/57'],
  [53, 'Penetration 2', '53/54 | 51/57', 'Beginnings', '53/54 | 42/32', 'Cycles 1', '53/54 | 42/32'],
  [62, 'Maya 2', '62/61 | 42/32', 'Detail', '62/61 | 3/50', 'Obscuration 1', '62/61 | 3/50'],
  [56, 'Laws 2', '56/60 | 3/50', 'Stimulation', '56/60 | 27/28', 'Distraction 1', '56/60 | 27/28'],
  [31, 'the Unexpected 2', '31/41 | 27/28', 'Influence', '31/41 | 24/44', 'the Alpha 1', '31/41 | 24/44'],
  [33, 'the Four Ways 2', '33/19 | 24/44', 'Retreat', '33/19 | 2/1', 'Refinement 1', '33/19 | 2/1'],
  [7, 'the Sphinx 3', '7/13 | 2/1', 'Interaction', '7/13 | 23/43', 'Masks 2', '7/13 | 23/43'],
  [4, 'Explanation 3', '4/49 | 23/43', 'Formulization', '4/49 | 8/14', 'Revolution 2', '4/49 | 8/14'],
  [29, 'Contagion 3', '29/30 | 8/14', 'Commitment', '29/30 | 20/34', 'Industry 2', '29/30 | 20/34'],
  [59, 'the Sleeping Phoenix 3', '59/55 | 20/34', 'Strategy', '59/55 | 16/9', 'Spirit 2', '59/55 | 16/9'],
  [40, 'Planning 3', '40/37 | 16/9', 'Denial', '40/37 | 35/5', 'Migration 2', '40/37 | 35/5'],
  [64, 'Consciousness 3', '64/63 | 35/5', 'Confusion', '64/63 | 45/26', 'Dominion 2', '64/63 | 45/26'],
  [47, 'Rulership 3', '47/22 | 45/26', 'Oppression', '47/22 | 12/11', 'Informing 2', '47/22 | 12/11'],
  [6, 'Eden 3', '6/36 | 12/11', 'Conflict', '6/36 | 15/10', 'the Plane 2', '6/36 | 15/10'],
  [46, 'the Vessel of Love 3', '46/25 | 15/10', 'Serendipity', '46/25 | 52/58', 'Healing 2', '46/25 | 52/58'],
  [18, 'Service 3', '18/17 | 52/58', 'Correction', '18/17 | 39/38', 'Upheaval 2', '18/17 | 39/38'],
  [48, 'Tension 3', '48/21 | 39/38', 'Depth', '48/21 | 53/54', 'Endeavor 2', '48/21 | 53/54'],
  [57, 'Penetration 3', '57/51 | 53/54', 'Intuition', '57/51 | 62/61', 'the Clarion 2', '57/51 | 62/61'],
  [32, 'Maya 3', '32/42 | 62/61', 'Conservation', '32/42 | 56/60', 'Limitation 2', '32/42 | 56/60'],
  [50, 'Laws 3', '50/3 | 56/60', 'Values', '50/3 | 31/41', 'Wishes 2', '50/3 | 31/41'],
  [28, 'the Unexpected 3', '28/27 | 31/41', 'Risks', '28/27 | 33/19', 'Alignment 2', '28/27 | 33/19'],
  [44, 'the Four Ways 3', '44/24 | 33/19', 'Alertness', '44/24 | 7/13', 'Incarnation 2', '44/24 | 7/13'],
  [1, 'the Sphinx 4', '1/2 | 7/13', 'Self-Expression', '1/2 | 4/49', 'Defiance 2', '1/2 | 4/49'],
  [43, 'Explanation 4', '43/23 | 4/49', 'Insight', '43/23 | 29/30', 'Dedication 2', '43/23 | 29/30'],
  [14, 'Contagion 4', '14/8 | 29/30', 'Empowering', '14/8 | 59/55', 'Uncertainty 2', '14/8 | 59/55'],
  [34, 'the Sleeping Phoenix 4', '34/20 | 59/55', 'Power', '34/20 | 40/37', 'Duality 2', '34/20 | 40/37'],
  [9, 'Planning 4', '9/16 | 40/37', 'Focus', '9/16 | 64/63', 'Identification 2', '9/16 | 64/63'],
  [5, 'Consciousness 4', '5/35 | 64/63', 'Habits', '5/35 | 47/22', 'Separation 2', '5/35 | 47/22'],
  [26, 'Rulership 4', '26/45 | 47/22', 'the Trickster', '26/45 | 6/36', 'Confrontation 2', '26/45 | 6/36'],
  [11, 'Eden 4', '11/12 | 6/36', 'Ideas', '11/12 | 46/25', 'Education 2', '11/12 | 46/25'],
  [10, 'the Vessel of Love 4', '10/15 | 46/25', 'Behavior', '10/15 | 18/17', 'Prevention 2', '10/15 | 18/17'],
  [58, 'Service 4', '58/52 | 18/17', 'Vitality', '58/52 | 48/21', 'Demands 2', '58/52 | 48/21'],
  [38, 'Tension 4', '38/39 | 48/21', 'Opposition', '38/39 | 57/51', 'Individualism 2', '38/39 | 57/51'],
  [54, 'Penetration 4', '54/53 | 57/51', 'Ambition', '54/53 | 32/42', 'Cycles 2', '54/53 | 32/42'],
  [61, 'Maya 4', '61/62 | 32/42', 'Thinking', '61/62 | 50/3', 'Obscuration 2', '61/62 | 50/3'],
  [60, 'Laws 4', '60/56 | 50/3', 'Limitation', '60/56 | 28/27', 'Distraction 2', '60/56 | 28/27'],
  [41, 'the Unexpected 4', '41/31 | 28/27', 'Fantasy', '41/31 | 44/24', 'the Alpha 2', '41/31 | 44/24'],
  [19, 'the Four Ways 4', '19/33 | 44/24', 'Need', '19/33 | 1/2', 'Refinement 2', '19/33 | 1/2'],
];

/** Planet columns of the section 12.2 table (N.Node = Rahu, S.Node = Ketu). */
export const ACTIVATION_COLUMNS = [
  'Sun',
  'Earth',
  'Rahu',
  'Ketu',
  'Moon',
  'Mercury',
  'Venus',
  'Mars',
  'Jupiter',
  'Saturn',
  'Uranus',
  'Neptune',
  'Pluto',
] as const;

export interface ReferenceChart {
  id: string;
  /** Section 12.2: gate.line.color.tone.base per column, personality then design. */
  personality: string;
  design: string;
  /** Section 12.1 row; centers in the service's order (Head, Ajna, Throat, G, Heart, Sacral, Spleen, Solar Plexus, Root). */
  type: string;
  authority: string;
  definition: string;
  profile: string;
  incarnationCross: string;
  centers: string[];
  channels: string[];
  variable: string;
}

/** Sections 12.1 and 12.2: the four charts with all 26 activations. */
export const REFERENCE_CHARTS: readonly ReferenceChart[] = [
  {
    id: 'R1 Ra Uru Hu',
    personality:
      '51.5.3.3.5 57.5.3.3.5 2.1.6.4.5 1.1.6.4.5 51.1.2.4.5 25.3.1.3.4 20.6.1.1.4 7.6.6.2.5 10.1.5.1.2 7.3.5.3.3 12.1.2.1.3 48.3.1.2.3 33.6.2.6.2',
    design:
      '61.1.4.2.4 62.1.4.2.4 23.3.6.2.3 43.3.6.2.3 41.3.6.4.1 60.1.4.2.3 49.5.4.5.1 40.2.6.2.3 26.1.4.4.5 4.3.4.5.2 12.1.3.5.4 48.4.5.3.1 7.2.1.4.3',
    type: 'Manifestor',
    authority: 'Splenic',
    definition: 'Single',
    profile: '5/1',
    incarnationCross: 'Left Angle Cross of the Clarion 1 (51/57 | 61/62)',
    centers: ['Ajna', 'Throat', 'G', 'Heart', 'Spleen'],
    channels: ['10-20', '10-57', '20-57', '23-43', '25-51'],
    variable: 'PLR DLL',
  },
  {
    id: 'R2 PH generator-emotional-001',
    personality:
      '17.3.6.2.4 18.3.6.2.4 53.5.1.4.2 54.5.1.4.2 27.4.2.3.3 22.6.4.4.1 49.2.3.5.5 48.3.3.6.5 44.2.2.5.4 57.6.1.3.2 34.5.4.6.3 11.5.5.2.4 32.6.5.1.4',
    design:
      '58.6.1.1.3 52.6.1.1.3 62.2.5.5.5 61.2.5.5.5 49.4.6.4.1 54.6.1.4.2 19.2.2.6.2 18.3.5.1.2 28.5.1.4.2 32.1.4.6.3 34.3.4.6.2 11.3.4.5.3 50.1.2.5.5',
    type: 'Generator',
    authority: 'Emotional',
    definition: 'Split',
    profile: '3/6',
    incarnationCross: 'Right Angle Cross of Service 1 (17/18 | 58/52)',
    centers: ['Ajna', 'Throat', 'Sacral', 'Spleen', 'Solar Plexus', 'Root'],
    channels: ['17-62', '18-58', '19-49', '27-50', '32-54', '34-57'],
    variable: 'PLR DLR',
  },
  {
    id: 'R4 NE subject K',
    personality:
      '45.6.3.1.4 26.6.3.1.4 54.5.2.2.4 53.5.2.2.4 52.3.6.2.2 45.1.4.1.3 31.6.5.3.1 33.4.2.2.3 33.4.5.2.2 41.5.4.2.2 38.4.3.1.4 54.1.6.5.2 1.6.2.1.1',
    design:
      '36.2.3.6.3 6.2.3.6.3 60.1.2.2.1 56.1.2.2.1 37.4.3.4.1 17.3.3.1.4 42.5.6.5.3 45.4.4.2.5 31.3.1.3.1 41.2.6.4.1 38.5.1.3.3 54.2.3.3.2 43.2.3.5.4',
    type: 'Generator',
    authority: 'Sacral',
    definition: 'Single',
    profile: '6/2',
    incarnationCross: 'Left Angle Cross of Confrontation 1 (45/26 | 36/6)',
    centers: ['Sacral', 'Root'],
    channels: ['42-53'],
    variable: 'PLL DRL',
  },
  {
    id: 'R8 SH chart',
    personality:
      '4.2.2.5.4 49.2.2.5.4 54.4.5.1.1 53.4.5.1.1 46.6.4.6.3 59.5.5.6.2 59.5.5.4.2 47.1.6.6.5 4.5.6.4.5 41.1.2.4.4 38.1.6.4.5 38.6.2.6.1 1.5.5.1.2',
    design:
      '23.4.3.4.3 43.4.3.4.3 54.6.6.2.2 53.6.6.2.2 24.4.1.4.2 42.6.5.2.1 52.1.6.5.5 62.2.5.3.1 31.5.5.1.1 41.6.1.6.3 38.5.2.6.5 54.2.4.3.5 43.1.1.1.5',
    type: 'Generator',
    authority: 'Sacral',
    definition: 'Split',
    profile: '2/4',
    incarnationCross: 'Right Angle Cross of Explanation 3 (4/49 | 23/43)',
    centers: ['Ajna', 'Throat', 'Sacral', 'Root'],
    channels: ['23-43', '42-53'],
    variable: 'PRL DRL',
  },
];

/** Parses one side of a section 12.2 row into planet -> {gate, line, color, tone, base}. */
export function parseActivations(row: string): Record<
  (typeof ACTIVATION_COLUMNS)[number],
  {
    gate: number;
    line: number;
    color: number;
    tone: number;
    base: number;
  }
> {
  const values = row.split(' ');
  if (values.length !== ACTIVATION_COLUMNS.length) throw new Error(`expected 13 activations in "${row}"`);
  return Object.fromEntries(
    ACTIVATION_COLUMNS.map((planet, i) => {
      const [gate, line, color, tone, base] = (values[i] as string).split('.').map(Number);
      return [planet, { gate, line, color, tone, base }];
    }),
  ) as ReturnType<typeof parseActivations>;
}
