/**
 * Type, authority and definition from defined channels.
 * Sources: human-design.md section 12.3 (edge-case vectors computed by the reference author with
 * Swiss Ephemeris; each activation >= 300" from a gate boundary), section 4 (MG note: a motor in
 * another component than the Sacral still makes an MG), section 5 (authority precedence, the
 * "possible types" column and the known implementation bugs to avoid), section 6 (definition).
 */
import { describe, expect, it } from 'vitest';
import { analyzeBodygraph, channelId } from '../../../src/core/human-design/bodygraph.js';
import { crossOfChart, profileOf } from '../../../src/core/human-design/cross.js';
import { CHANNELS, type GateNumber, type Line } from '../../../src/core/human-design/tables.js';

interface Vector {
  name: string;
  channels: string[];
  type: string;
  authority: string;
  definition: string;
  profile: [Line, Line];
  /** The vector's cross, written in the display format: P-Sun gate and angle from the vector. */
  cross: string;
  centers: string[];
}

/** Section 12.3, center abbreviations expanded (Hd Head, Aj Ajna, Th Throat, He Heart, SP Solar Plexus, Sp Spleen, Sa Sacral, Ro Root). */
const VECTORS: Vector[] = [
  {
    name: 'Reflector (1990-03-07 12:23 UTC)',
    channels: [],
    type: 'Reflector',
    authority: 'Lunar',
    definition: 'None',
    profile: [6, 2],
    cross: 'Left Angle Cross of Dominion 1 (63/64 | 26/45)',
    centers: [],
  },
  {
    name: 'Ego Projected (1991-03-20 15:44 UTC)',
    channels: ['25-51'],
    type: 'Projector',
    authority: 'Ego Projected',
    definition: 'Single',
    profile: [2, 4],
    cross: 'Right Angle Cross of the Vessel of Love 1 (25/46 | 10/15)',
    centers: ['G', 'Heart'],
  },
  {
    name: 'Ego Manifested, indirect (1990-06-22 02:08 UTC)',
    channels: ['1-8', '13-33', '25-51'],
    type: 'Manifestor',
    authority: 'Ego Manifested',
    definition: 'Single',
    profile: [3, 5],
    cross: 'Right Angle Cross of the Vessel of Love 2 (15/10 | 25/46)',
    centers: ['Throat', 'G', 'Heart'],
  },
  {
    name: 'Ego Manifested, direct (1991-02-23 03:20 UTC)',
    channels: ['7-31', '11-56', '21-45'],
    type: 'Manifestor',
    authority: 'Ego Manifested',
    definition: 'Single',
    profile: [5, 1],
    cross: 'Left Angle Cross of Spirit 1 (55/59 | 9/16)',
    centers: ['Ajna', 'Throat', 'G', 'Heart'],
  },
  {
    name: 'Self-Projected (1990-01-26 05:24 UTC)',
    channels: ['7-31', '24-61'],
    type: 'Projector',
    authority: 'Self-Projected',
    definition: 'Split',
    profile: [5, 1],
    cross: 'Left Angle Cross of the Alpha 2 (41/31 | 44/24)',
    centers: ['Head', 'Ajna', 'Throat', 'G'],
  },
  {
    name: 'Mental, no inner authority (1990-02-10 09:10 UTC)',
    channels: ['23-43'],
    type: 'Projector',
    authority: 'Mental',
    definition: 'Single',
    profile: [3, 5],
    cross: 'Right Angle Cross of Explanation 1 (49/4 | 43/23)',
    centers: ['Ajna', 'Throat'],
  },
  {
    name: 'Manifestor, emotional (1990-03-11 22:19 UTC)',
    channels: ['12-22'],
    type: 'Manifestor',
    authority: 'Emotional',
    definition: 'Single',
    profile: [5, 1],
    cross: 'Left Angle Cross of Informing 1 (22/47 | 11/12)',
    centers: ['Throat', 'Solar Plexus'],
  },
  {
    name: 'Triple split (1990-01-21 17:16 UTC)',
    channels: ['10-34', '11-56', '28-38', '32-54'],
    type: 'Generator',
    authority: 'Sacral',
    definition: 'Triple Split',
    profile: [6, 2],
    cross: 'Left Angle Cross of Distraction 2 (60/56 | 28/27)',
    centers: ['Ajna', 'Throat', 'G', 'Sacral', 'Spleen', 'Root'],
  },
];

const gatesOf = (channels: string[]): GateNumber[] =>
  channels.flatMap((id) => id.split('-').map(Number)) as GateNumber[];

describe('section 12.3 edge-case vectors', () => {
  it.each(VECTORS)('$name', (vector) => {
    const bodygraph = analyzeBodygraph(gatesOf(vector.channels));
    expect(bodygraph.channels.map(channelId)).toEqual(vector.channels);
    expect(bodygraph.definedCenters).toEqual(vector.centers);
    expect(bodygraph.type).toBe(vector.type);
    expect(bodygraph.authority).toBe(vector.authority);
    expect(bodygraph.definition).toBe(vector.definition);
    const pSunGate = Number(vector.cross.split('(')[1]?.split('/')[0]) as GateNumber;
    expect(crossOfChart(pSunGate, profileOf(...vector.profile)).label).toBe(vector.cross);
  });
});

describe('rules that implementations get wrong (section 5)', () => {
  it('DT direct-channel bug: Heart -> G -> Throat is Ego Manifested (and a Manifestor), not Ego Projected', () => {
    const bodygraph = analyzeBodygraph(gatesOf(['25-51', '10-20']));
    expect(bodygraph.authority).toBe('Ego Manifested');
    expect(bodygraph.type).toBe('Manifestor');
  });

  it('SA "Self" fallback bug: a Heart not connected to the Throat is Ego Projected, even with the G defined', () => {
    const bodygraph = analyzeBodygraph(gatesOf(['25-51']));
    expect(bodygraph.authority).toBe('Ego Projected');
  });

  it('MG needs any motor connected to the Throat, not the Sacral itself (section 4 note)', () => {
    const bodygraph = analyzeBodygraph(gatesOf(['35-36', '3-60']));
    expect(bodygraph.type).toBe('Manifesting Generator');
    expect(bodygraph.definition).toBe('Split');
    expect(bodygraph.authority).toBe('Emotional');
  });

  it('motor to Throat through other centers: Root -> Spleen -> Throat makes a Manifestor', () => {
    expect(analyzeBodygraph(gatesOf(['18-58', '16-48'])).type).toBe('Manifestor');
  });

  it('a hanging gate never defines a center', () => {
    const bodygraph = analyzeBodygraph([1, 2, 3, 4] as GateNumber[]);
    expect(bodygraph.definedCenters).toEqual([]);
    expect(bodygraph.type).toBe('Reflector');
  });
});

/** Section 5 "Possible types" column. */
const POSSIBLE_TYPES: Record<string, string[]> = {
  Emotional: ['Manifesting Generator', 'Generator', 'Manifestor', 'Projector'],
  Sacral: ['Manifesting Generator', 'Generator'],
  Splenic: ['Manifestor', 'Projector'],
  'Ego Manifested': ['Manifestor'],
  'Ego Projected': ['Projector'],
  'Self-Projected': ['Projector'],
  Mental: ['Projector'],
  Lunar: ['Reflector'],
};

describe('invariants over random channel sets (seeded)', () => {
  it('authority and type combine only as section 5 allows; definition counts groups of at most 4', () => {
    let seed = 12345;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const density = random() * 0.25;
      const chosen = CHANNELS.filter(() => random() < density);
      const bodygraph = analyzeBodygraph(chosen.flatMap((c) => [...c.gates]));
      seen.add(bodygraph.authority);
      expect(POSSIBLE_TYPES[bodygraph.authority]).toContain(bodygraph.type);
      expect(bodygraph.components.length).toBeLessThanOrEqual(4);
      if (bodygraph.authority === 'Mental') {
        expect(bodygraph.definedCenters.every((c) => ['Head', 'Ajna', 'Throat'].includes(c))).toBe(true);
      }
      expect([...bodygraph.definedCenters, ...bodygraph.openCenters]).toHaveLength(9);
    }
    expect(seen.size).toBe(8);
  });
});
