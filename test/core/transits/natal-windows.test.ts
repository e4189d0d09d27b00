/**
 * Transit windows that complete natal channels (issue 38), against a brute-force scan: every hour
 * of the range, each transiting body's gate straight from the ephemeris, and the channels and open
 * centers that gate completes for the natal chart by the channel table. The windows must say the
 * same at every hour not within two minutes of a window's edge.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEphemeris, type Ephemeris } from '../../../src/core/ephemeris/index.js';
import { hdChartAt } from '../../../src/core/human-design/birth-chart.js';
import { CHANNELS, GATES, type GateNumber } from '../../../src/core/human-design/tables.js';
import {
  gateLineSign,
  HD_BODY_NAMES,
  natalWindows,
  transitPeriods,
} from '../../../src/core/transits/index.js';
import { HD_KEY_OF } from '../../../src/core/bodies/index.js';
import { jd } from '../../helpers/ephemeris.js';

let ephemeris: Ephemeris;
beforeAll(() => {
  ephemeris = createEphemeris();
});

const ms = (iso: string) => Date.parse(iso);
const jdToMs = (t: number) => (t - 2_440_587.5) * 86_400_000;

function natalOf(birthIso: string) {
  const { chart } = hdChartAt(ephemeris, jd(birthIso));
  return {
    definedGates: chart.gates.definedGates,
    definedChannels: chart.channels.map((c) => c.gates),
    definedCenters: chart.centers.defined,
  };
}

describe('natal channel and center windows', () => {
  for (const [birth, from, to] of [
    ['1985-10-03T06:40:00Z', '2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z'],
    ['1961-08-04T19:24:00Z', '2024-12-20T00:00:00Z', '2025-01-10T00:00:00Z'],
  ] as const) {
    it(`birth ${birth}, ${from.slice(0, 10)} to ${to.slice(0, 10)}: the hourly scan agrees`, () => {
      const natal = natalOf(birth);
      const start = jd(from);
      const end = jd(to);
      const { gatePeriods } = transitPeriods(ephemeris, start, end);
      const { channels, centers } = natalWindows(natal, gatePeriods, start, end);
      expect(channels.length).toBeGreaterThan(10);
      const edges = [...channels.flatMap((w) => [ms(w.start), ms(w.end)])];
      const defined = new Set<number>(natal.definedGates);
      const natalChannels = new Set<string>(natal.definedChannels);
      let checked = 0;
      for (let t = start; t < end; t += 1 / 24) {
        const now = jdToMs(t);
        if (edges.some((e) => Math.abs(e - now) < 120_000)) continue;
        const positions = ephemeris.humanDesignBodies(t);
        const expected = new Set<string>();
        const expectedCenters = new Set<string>();
        for (const body of HD_BODY_NAMES) {
          const gate = gateLineSign(positions[HD_KEY_OF[body]].longitude).gate as GateNumber;
          for (const { gates } of CHANNELS) {
            const [a, b] = gates as readonly [GateNumber, GateNumber];
            const other = gate === a ? b : gate === b ? a : null;
            if (other === null || !defined.has(other) || defined.has(gate) || natalChannels.has(`${a}-${b}`))
              continue;
            expected.add(`${a}-${b} ${body}`);
            for (const g of [a, b])
              if (!natal.definedCenters.includes(GATES[g].center)) expectedCenters.add(GATES[g].center);
          }
        }
        const actual = new Set(
          channels
            .filter((w) => ms(w.start) <= now && now < ms(w.end))
            .map((w) => `${w.channel} ${w.planet}`),
        );
        expect([...actual].sort(), new Date(now).toISOString()).toEqual([...expected].sort());
        const actualCenters = new Set(
          centers.filter((c) => ms(c.start) <= now && now < ms(c.end)).map((c) => c.center),
        );
        expect([...actualCenters].sort(), new Date(now).toISOString()).toEqual([...expectedCenters].sort());
        checked++;
      }
      expect(checked).toBeGreaterThan(400);
      // Windows at the edges are marked open and start or end there.
      const first = channels.filter((w) => w.openStart);
      expect(first.length).toBeGreaterThan(0);
      for (const w of first) expect(ms(w.start)).toBe(jdToMs(start));
      for (const w of channels.filter((x) => x.openEnd)) expect(ms(w.end)).toBe(jdToMs(end));
      for (const w of channels.filter((x) => !x.openStart && !x.openEnd))
        expect(ms(w.end)).toBeGreaterThan(ms(w.start));
    });
  }

  it('a channel the natal chart defines already, or whose both gates are open natally, gives no window', () => {
    // Natal 10, 20, 34 and 20-34 (10-20, 10-34 defined too): a transit in 20 or 34 completes nothing new;
    // in 57 it completes 10-57, 20-57 and 34-57 (channel table order at one instant); 1-8 has neither gate.
    const gp = (gate: GateNumber) => ({
      body: 'Sun' as const,
      gate,
      start: null,
      end: null,
      startJdUT: null,
      endJdUT: null,
    });
    const natal = {
      definedGates: [10, 20, 34] as GateNumber[],
      definedChannels: ['20-34'],
      definedCenters: ['G' as const, 'Throat' as const, 'Sacral' as const],
    };
    const w = natalWindows(
      natal,
      [gp(20), gp(34), gp(57), gp(1)],
      jd('2025-01-01T00:00:00Z'),
      jd('2025-01-02T00:00:00Z'),
    );
    expect(w.channels.map((c) => c.channel)).toEqual(['10-57', '20-57', '34-57']);
    expect(w.channels[1]).toEqual({
      channel: '20-57',
      name: 'The Brainwave',
      gate: 57,
      planet: 'Sun',
      start: '2025-01-01T00:00Z',
      end: '2025-01-02T00:00Z',
      openStart: true,
      openEnd: true,
    });
    expect(w.centers).toEqual([{ center: 'Spleen', start: '2025-01-01T00:00Z', end: '2025-01-02T00:00Z' }]);
  });
});
