/**
 * Expected values for the chart tools, transcribed by hand from shared/reference/human-design.md:
 * section 12.1 (published / test-file charts: birth data, local time -> UTC, IANA zone and the
 * outputs), section 12.2 (design instants) and section 12.3 (edge-case vectors from UTC instants).
 * The 26 activations of R1, R2, R4 and R8 (section 12.2) are the transcription in
 * test/human-design/reference-data.ts. Never copied from this service's output.
 *
 * Places: where the GeoNames table (places >= 1,000 people) has the birth town, its name is used;
 * Vida OR and Haxtun CO are not in it, so their coordinates are given (geo-tz gives the same zone
 * the rule book names). R11 (00:00 UTC) uses Greenwich, whose zone is UTC+0 in January.
 */

export interface GoldenChart {
  id: string;
  input: {
    birthDate: string;
    birthTime: string;
    birthLocation?: string;
    latitude?: number;
    longitude?: number;
  };
  timezone: string;
  /** Section 12.1 "Local birth -> UTC". */
  utc: string;
  /** Section 12.2 design instant (UTC, solved by the rule book's author). */
  designUtc: string;
  type: string;
  authority: string;
  definition: string;
  profile: string;
  incarnationCross: string;
  /** Section 12.1 centers, in the service's order (Head, Ajna, Throat, G, Heart, Sacral, Spleen, Solar Plexus, Root). */
  centers: string[];
  channels: string[];
  /** gate.line */
  personalitySun: string;
  designSun: string;
  variable: string;
  /** Section 12.1 boundary warnings (⚠): what must not be asserted hard. */
  caveat?: 'design-node-at-gate-boundary' | 'personality-sun-at-gate-boundary';
}

export const GOLDEN_CHARTS: readonly GoldenChart[] = [
  {
    id: 'R1 Ra Uru Hu',
    input: { birthDate: '1948-04-09', birthTime: '00:14', birthLocation: 'Montreal, QC' },
    timezone: 'America/Toronto',
    utc: '1948-04-09T05:14:00Z',
    designUtc: '1948-01-12T13:28:23Z',
    type: 'Manifestor',
    authority: 'Splenic',
    definition: 'Single',
    profile: '5/1',
    incarnationCross: 'Left Angle Cross of the Clarion 1 (51/57 | 61/62)',
    centers: ['Ajna', 'Throat', 'G', 'Heart', 'Spleen'],
    channels: ['10-20', '10-57', '20-57', '23-43', '25-51'],
    personalitySun: '51.5',
    designSun: '61.1',
    variable: 'PLR DLL',
  },
  {
    id: 'R2 PH generator-emotional-001',
    input: { birthDate: '1982-03-27', birthTime: '11:05', birthLocation: 'São Paulo, Brazil' },
    timezone: 'America/Sao_Paulo',
    utc: '1982-03-27T14:05:00Z',
    designUtc: '1981-12-30T08:47:31Z',
    type: 'Generator',
    authority: 'Emotional',
    definition: 'Split',
    profile: '3/6',
    incarnationCross: 'Right Angle Cross of Service 1 (17/18 | 58/52)',
    centers: ['Ajna', 'Throat', 'Sacral', 'Spleen', 'Solar Plexus', 'Root'],
    channels: ['17-62', '18-58', '19-49', '27-50', '32-54', '34-57'],
    personalitySun: '17.3',
    designSun: '58.6',
    variable: 'PLR DLR',
  },
  {
    id: 'R3 NE subject A (Vida, Oregon)',
    input: { birthDate: '1992-09-06', birthTime: '00:04', latitude: 44.148, longitude: -122.579 },
    timezone: 'America/Los_Angeles',
    utc: '1992-09-06T07:04:00Z',
    designUtc: '1992-06-06T09:55:16Z',
    type: 'Generator',
    authority: 'Emotional',
    definition: 'Single',
    profile: '3/5',
    incarnationCross: 'Right Angle Cross of Consciousness 3 (64/63 | 35/5)',
    centers: ['G', 'Sacral', 'Solar Plexus'],
    channels: ['5-15', '6-59'],
    personalitySun: '64.3',
    designSun: '35.5',
    variable: 'PLL DLR',
  },
  {
    id: 'R4 NE subject K',
    input: { birthDate: '1991-06-13', birthTime: '08:40', birthLocation: 'Salem, MA' },
    timezone: 'America/New_York',
    utc: '1991-06-13T12:40:00Z',
    designUtc: '1991-03-15T02:45:17Z',
    type: 'Generator',
    authority: 'Sacral',
    definition: 'Single',
    profile: '6/2',
    incarnationCross: 'Left Angle Cross of Confrontation 1 (45/26 | 36/6)',
    centers: ['Sacral', 'Root'],
    channels: ['42-53'],
    personalitySun: '45.6',
    designSun: '36.2',
    variable: 'PLL DRL',
  },
  {
    id: 'R5 BT subject 1',
    input: { birthDate: '1969-12-12', birthTime: '22:12', birthLocation: 'Fresno, CA' },
    timezone: 'America/Los_Angeles',
    utc: '1969-12-13T06:12:00Z',
    designUtc: '1969-09-16T02:57:30Z',
    type: 'Generator',
    authority: 'Sacral',
    definition: 'Split',
    profile: '5/1',
    incarnationCross: 'Left Angle Cross of Confrontation 2 (26/45 | 6/36)',
    centers: ['Head', 'Ajna', 'Sacral', 'Spleen', 'Root'],
    channels: ['4-63', '18-58', '27-50', '47-64'],
    personalitySun: '26.5',
    designSun: '6.1',
    variable: 'PLR DRL',
  },
  {
    id: 'R6 BT subject 2 (Haxtun, Colorado)',
    input: { birthDate: '1986-11-17', birthTime: '10:19', latitude: 40.6411, longitude: -102.6299 },
    timezone: 'America/Denver',
    utc: '1986-11-17T17:19:00Z',
    designUtc: '1986-08-20T09:12:58Z',
    type: 'Manifesting Generator',
    authority: 'Sacral',
    definition: 'Single',
    profile: '1/3',
    incarnationCross: 'Right Angle Cross of Contagion 4 (14/8 | 29/30)',
    centers: ['Throat', 'G', 'Heart', 'Sacral', 'Spleen', 'Root'],
    channels: ['1-8', '10-34', '10-57', '16-48', '26-44', '28-38', '34-57'],
    personalitySun: '14.1',
    designSun: '29.3',
    variable: 'PRR DLR',
  },
  {
    id: 'R7 BT subject 3',
    input: { birthDate: '2016-07-10', birthTime: '11:00', birthLocation: 'Wheat Ridge, CO' },
    timezone: 'America/Denver',
    utc: '2016-07-10T17:00:00Z',
    designUtc: '2016-04-10T07:14:29Z',
    type: 'Generator',
    authority: 'Sacral',
    definition: 'Split',
    profile: '4/1',
    incarnationCross: 'Juxtaposition Cross of Beginnings (53/54 | 42/32)',
    centers: ['Head', 'Ajna', 'Throat', 'Sacral', 'Spleen', 'Root'],
    channels: ['17-62', '32-54', '42-53', '47-64'],
    personalitySun: '53.4',
    designSun: '42.1',
    variable: 'PRL DRR',
  },
  {
    id: 'R8 SH chart',
    input: { birthDate: '1991-08-13', birthTime: '13:31', birthLocation: 'Bengaluru, India' },
    timezone: 'Asia/Kolkata',
    utc: '1991-08-13T08:01:00Z',
    designUtc: '1991-05-13T08:28:48Z',
    type: 'Generator',
    authority: 'Sacral',
    definition: 'Split',
    profile: '2/4',
    incarnationCross: 'Right Angle Cross of Explanation 3 (4/49 | 23/43)',
    centers: ['Ajna', 'Throat', 'Sacral', 'Root'],
    channels: ['23-43', '42-53'],
    personalitySun: '4.2',
    designSun: '23.4',
    variable: 'PRL DRL',
  },
  {
    id: 'R11 SharpAstrology README',
    input: { birthDate: '2024-01-01', birthTime: '00:00', latitude: 51.4779, longitude: 0 },
    timezone: 'Europe/London',
    utc: '2024-01-01T00:00:00Z',
    designUtc: '2023-10-05T13:11:56Z',
    type: 'Generator',
    authority: 'Emotional',
    definition: 'Split',
    profile: '1/3',
    incarnationCross: 'Right Angle Cross of Tension 4 (38/39 | 48/21)',
    centers: ['G', 'Sacral', 'Solar Plexus', 'Root'],
    channels: ['29-46', '39-55'],
    personalitySun: '38.1',
    designSun: '48.3',
    variable: 'PLL DLR',
  },
  {
    id: 'R12 John Lennon',
    input: { birthDate: '1940-10-09', birthTime: '18:30', birthLocation: 'Liverpool, United Kingdom' },
    timezone: 'Europe/London',
    utc: '1940-10-09T17:30:00Z',
    designUtc: '1940-07-10T17:22:27Z',
    type: 'Generator',
    authority: 'Emotional',
    definition: 'Single',
    profile: '2/4',
    incarnationCross: 'Right Angle Cross of Penetration 3 (57/51 | 53/54)',
    centers: ['Sacral', 'Solar Plexus'],
    channels: ['6-59'],
    personalitySun: '57.2',
    designSun: '53.4',
    variable: 'PLR DLL',
    caveat: 'design-node-at-gate-boundary',
  },
  {
    id: 'R14 Steve Jobs',
    input: { birthDate: '1955-02-24', birthTime: '19:15', birthLocation: 'San Francisco, CA' },
    timezone: 'America/Los_Angeles',
    utc: '1955-02-25T03:15:00Z',
    designUtc: '1954-11-30T11:54:44Z',
    type: 'Generator',
    authority: 'Emotional',
    definition: 'Split',
    profile: '6/3',
    incarnationCross: 'Left Angle Cross of Spirit 1 (55/59 | 9/16)',
    centers: ['Ajna', 'Throat', 'Sacral', 'Solar Plexus', 'Root'],
    channels: ['9-52', '17-62', '30-41'],
    personalitySun: '55.6',
    designSun: '9.3',
    variable: 'PRL DRR',
    caveat: 'personality-sun-at-gate-boundary',
  },
];

/** Section 12.1, R11: "digestion colour 5 tone 2 left" (SA README). */
export const R11_DIGESTION = { color: 5, tone: 2, orientation: 'Left' } as const;

export interface EdgeCase {
  id: string;
  /** Section 12.3 UTC instant. */
  utc: string;
  type: string;
  authority: string;
  definition: string;
  profile: string;
  incarnationCross: string;
  channels: string[];
  centers: string[];
}

/** Section 12.3 (centers in the service's order; "Mental / none" is the engine's `Mental`). */
export const EDGE_CASES: readonly EdgeCase[] = [
  {
    id: 'Reflector',
    utc: '1990-03-07T12:23:00Z',
    type: 'Reflector',
    authority: 'Lunar',
    definition: 'None',
    profile: '6/2',
    incarnationCross: 'Left Angle Cross of Dominion 1 (63/64 | 26/45)',
    channels: [],
    centers: [],
  },
  {
    id: 'Ego Projected',
    utc: '1991-03-20T15:44:00Z',
    type: 'Projector',
    authority: 'Ego Projected',
    definition: 'Single',
    profile: '2/4',
    incarnationCross: 'Right Angle Cross of the Vessel of Love 1 (25/46 | 10/15)',
    channels: ['25-51'],
    centers: ['G', 'Heart'],
  },
  {
    id: 'Ego Manifested, indirect',
    utc: '1990-06-22T02:08:00Z',
    type: 'Manifestor',
    authority: 'Ego Manifested',
    definition: 'Single',
    profile: '3/5',
    incarnationCross: 'Right Angle Cross of the Vessel of Love 2 (15/10 | 25/46)',
    channels: ['1-8', '13-33', '25-51'],
    centers: ['Throat', 'G', 'Heart'],
  },
  {
    id: 'Ego Manifested, direct',
    utc: '1991-02-23T03:20:00Z',
    type: 'Manifestor',
    authority: 'Ego Manifested',
    definition: 'Single',
    profile: '5/1',
    incarnationCross: 'Left Angle Cross of Spirit 1 (55/59 | 9/16)',
    channels: ['7-31', '11-56', '21-45'],
    centers: ['Ajna', 'Throat', 'G', 'Heart'],
  },
  {
    id: 'Self-Projected',
    utc: '1990-01-26T05:24:00Z',
    type: 'Projector',
    authority: 'Self-Projected',
    definition: 'Split',
    profile: '5/1',
    incarnationCross: 'Left Angle Cross of the Alpha 2 (41/31 | 44/24)',
    channels: ['7-31', '24-61'],
    centers: ['Head', 'Ajna', 'Throat', 'G'],
  },
  {
    id: 'Mental (no inner authority)',
    utc: '1990-02-10T09:10:00Z',
    type: 'Projector',
    authority: 'Mental',
    definition: 'Single',
    profile: '3/5',
    incarnationCross: 'Right Angle Cross of Explanation 1 (49/4 | 43/23)',
    channels: ['23-43'],
    centers: ['Ajna', 'Throat'],
  },
  {
    id: 'Manifestor, emotional',
    utc: '1990-03-11T22:19:00Z',
    type: 'Manifestor',
    authority: 'Emotional',
    definition: 'Single',
    profile: '5/1',
    incarnationCross: 'Left Angle Cross of Informing 1 (22/47 | 11/12)',
    channels: ['12-22'],
    centers: ['Throat', 'Solar Plexus'],
  },
  {
    id: 'Triple split',
    utc: '1990-01-21T17:16:00Z',
    type: 'Generator',
    authority: 'Sacral',
    definition: 'Triple Split',
    profile: '6/2',
    incarnationCross: 'Left Angle Cross of Distraction 2 (60/56 | 28/27)',
    channels: ['10-34', '11-56', '28-38', '32-54'],
    centers: ['Ajna', 'Throat', 'G', 'Sacral', 'Spleen', 'Root'],
  },
];
