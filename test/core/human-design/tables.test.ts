/**
 * Completeness and consistency of the Human Design tables.
 * Sources: human-design.md section 3.1 (gates per center, motors), section 3.2 (36 channels with
 * centers, names, circuits and the circuit counts Knowing 9, Centering 2, Integration 4, Logic 7,
 * Abstract 7, Ego 5, Defense 2), section 7 (12 profiles and angles), section 11.1 (channel partners
 * of the four Integration gates), via test/fixtures/hd-tables.ts.
 */
import { describe, expect, it } from 'vitest';
import { channelCenters, channelId } from '../../../src/core/human-design/bodygraph.js';
import {
  CENTERS,
  CHANNELS,
  CROSS_NAMES,
  GATES,
  type GateNumber,
  PROFILES,
  TYPES,
  WHEEL,
} from '../../../src/core/human-design/tables.js';
import { CENTER_GATES, CHANNEL_TABLE, MOTOR_CENTERS } from '../../fixtures/hd-tables.js';

describe('gates and centers', () => {
  it('has 64 gates, each on the wheel once', () => {
    const keys = Object.keys(GATES).map(Number);
    expect(keys).toHaveLength(64);
    expect(new Set(WHEEL)).toEqual(new Set(keys));
  });

  it('maps every gate to the center of section 3.1', () => {
    expect(CENTERS.map((c) => c.name).sort()).toEqual(Object.keys(CENTER_GATES).sort());
    for (const [center, gates] of Object.entries(CENTER_GATES)) {
      const ours = WHEEL.filter((g) => GATES[g].center === center).sort((a, b) => a - b);
      expect(ours, center).toEqual(gates);
    }
  });

  it('flags Heart, Sacral, Solar Plexus and Root as motors', () => {
    expect(
      CENTERS.filter((c) => c.motor)
        .map((c) => c.name)
        .sort(),
    ).toEqual([...MOTOR_CENTERS].sort());
  });
});

describe('channels', () => {
  it('has the 36 channels of section 3.2 with their names, centers and circuits', () => {
    expect(CHANNELS).toHaveLength(36);
    expect(CHANNELS.map((c) => [channelId(c), c.name, ...channelCenters(c), c.group, c.circuit])).toEqual(
      CHANNEL_TABLE.map((row) => [...row]),
    );
  });

  it('joins two different centers, lower gate first, without duplicates', () => {
    const ids = new Set<string>();
    for (const channel of CHANNELS) {
      const [low, high] = channel.gates;
      expect(low).toBeLessThan(high);
      const [a, b] = channelCenters(channel);
      expect(a).not.toBe(b);
      ids.add(channelId(channel));
    }
    expect(ids.size).toBe(36);
  });

  it('is in ascending gate order', () => {
    const sorted = [...CHANNELS].sort((x, y) => x.gates[0] - y.gates[0] || x.gates[1] - y.gates[1]);
    expect(CHANNELS.map(channelId)).toEqual(sorted.map(channelId));
  });

  it('has the circuit counts of section 3.2', () => {
    const counts: Record<string, number> = {};
    for (const c of CHANNELS) counts[c.circuit] = (counts[c.circuit] ?? 0) + 1;
    expect(counts).toEqual({
      Knowing: 9,
      Centering: 2,
      Integration: 4,
      Logic: 7,
      Abstract: 7,
      Ego: 5,
      Defense: 2,
    });
  });

  it('forms the six channels among the Integration gates 10, 20, 34, 57', () => {
    const integration = new Set<GateNumber>([10, 20, 34, 57]);
    const among = CHANNELS.filter((c) => integration.has(c.gates[0]) && integration.has(c.gates[1]));
    expect(among.map(channelId)).toEqual(['10-20', '10-34', '10-57', '20-34', '20-57', '34-57']);
  });

  it('leaves no gate without a channel', () => {
    const used = new Set(CHANNELS.flatMap((c) => [...c.gates]));
    expect(used.size).toBe(64);
  });
});

describe('types, profiles, crosses', () => {
  it('has the 5 types with the canonical strategies', () => {
    expect(Object.fromEntries(Object.entries(TYPES).map(([t, info]) => [t, info.strategy]))).toEqual({
      Generator: 'To Respond',
      'Manifesting Generator': 'To Respond, then Inform',
      Manifestor: 'To Inform',
      Projector: 'Wait for the Invitation',
      Reflector: 'Wait a Lunar Cycle',
    });
  });

  it('has the 12 profiles of section 7 with their angles', () => {
    expect(PROFILES).toEqual({
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
    });
  });

  it('names 192 crosses: 64 gates x 3 angles', () => {
    const names = WHEEL.flatMap((g) => Object.values(CROSS_NAMES[g]));
    expect(names).toHaveLength(192);
    expect(names.every((n) => n.length > 0)).toBe(true);
  });
});
