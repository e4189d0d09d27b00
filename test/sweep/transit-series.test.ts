/**
 * The series core's exactness claim, checked exhaustively: every hourly point of 2024 (a leap year,
 * 8,784 points), all 13 Human Design bodies, against a direct Swiss Ephemeris call at that instant;
 * gate, line and sign must be equal (the tests' own wheel, test/fixtures/wheel.ts), the Moon's phase
 * name too (section B5 scheme 2 from the direct Sun and Moon), and the longitude within 2e-4 degrees.
 */
import { describe, expect, it } from 'vitest';
import { createEphemeris } from '../../src/core/ephemeris/index.js';
import { phaseName, transitSeries } from '../../src/core/transits/index.js';
import { wheelActivation } from '../fixtures/wheel.js';
import { EPHEMERIS_BODY_OF as KEY } from '../helpers/ephemeris.js';

const SIGNS = [
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
];

describe('transit series, 2024 hourly, all 13 bodies', () => {
  it('serves the direct call gate.line, sign and phase at every point', () => {
    const ephemeris = createEphemeris();
    const points = transitSeries(
      ephemeris,
      { startDate: { year: 2024, month: 1, day: 1 }, endDate: { year: 2024, month: 12, day: 31 } },
      'hourly',
    );
    expect(points).toHaveLength(8784);
    const start = Date.UTC(2024, 0, 1) / 86_400_000 + 2_440_587.5;
    let mismatches = 0;
    let worst = 0;
    points.forEach((p, i) => {
      const direct = ephemeris.humanDesignBodies(start + i / 24);
      for (const [name, key] of Object.entries(KEY)) {
        const served = p.bodies[name as 'Sun']!;
        const lon = direct[key].longitude;
        const w = wheelActivation(lon);
        if (served.gate !== w.gate || served.line !== w.line || served.sign !== SIGNS[Math.floor(lon / 30)])
          mismatches++;
        worst = Math.max(worst, Math.abs(((served.longitude - lon + 540) % 360) - 180));
      }
      const moon = p.bodies.Moon as { phase: string };
      if (moon.phase !== phaseName(direct.moon.longitude - direct.sun.longitude)) mismatches++;
    });
    expect(mismatches).toBe(0);
    expect(worst).toBeLessThan(2e-4);
  });
});
