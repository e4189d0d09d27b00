/**
 * The astrology wheel of a sidereal chart (issue 38, part 3), on get_astrology_chart's example
 * (1940-10-09 18:30 Liverpool): it says which zodiac and ayanamsa it draws (corner label, data box,
 * description), draws the sidereal longitudes, and keeps the Human Design gate ring on the tropical
 * zodiac, i.e. turned by the ayanamsa against the signs. A tropical wheel is unchanged: the same SVG
 * with or without `zodiac: {type: "tropical"}`, and no label (the golden SVGs of wheel.test.ts pin it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { astrologyBirth, type AstrologyData, astrologyData } from '../../../src/core/astrology/index.js';
import { renderWheel, type WheelOptions } from '../../../src/core/render/index.js';
import { sharedCities, sharedEphemeris, sharedKnowledge } from '../../helpers/shared.js';
import { parseXml, textOf, withAttr } from '../../helpers/xml.js';

const OPTIONS: WheelOptions = {
  theme: 'light',
  width: 800,
  transparent: false,
  labels: true,
  designRing: true,
  gateRing: true,
  details: true,
};
const INPUT = { birthDate: '1940-10-09', birthTime: '18:30', birthLocation: 'Liverpool, United Kingdom' };

let tropical: AstrologyData;
let sidereal: AstrologyData;
beforeAll(async () => {
  const deps = { cities: await sharedCities(), ephemeris: sharedEphemeris() };
  const knowledge = await sharedKnowledge();
  tropical = astrologyData(knowledge, astrologyBirth(deps, INPUT), false);
  sidereal = astrologyData(knowledge, astrologyBirth(deps, { ...INPUT, zodiac: 'sidereal' }), false);
});

/** Screen angle of a point around the wheel's centre, degrees counter-clockwise from 3 o'clock. */
const polar = (x: number, y: number) => (Math.atan2(-(y - 340), x - 340) * 180) / Math.PI;
const fold = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;

describe('sidereal wheel', () => {
  it('labels the zodiac and the ayanamsa with its value at the birth', () => {
    const svg = renderWheel(sidereal, OPTIONS);
    const root = parseXml(svg);
    const [label] = withAttr(root, 'data-zodiac');
    expect(label!.attrs['data-ayanamsa']).toBe('lahiri');
    // Lahiri on 1940-10-09: 23.0306°, i.e. 23°01'.
    expect(textOf(label!)).toBe("Sidereal zodiacLahiri 23°01'");
    expect(svg).toContain("Sidereal zodiac (Lahiri 23°01'), true node");
    expect(svg).toContain("Sidereal zodiac, ayanamsa Lahiri 23°01'.");
    expect(svg).not.toContain('Tropical zodiac');
  });

  it('draws the gate ring on the tropical zodiac, turned by the ayanamsa against the signs', () => {
    const ringOf = (data: AstrologyData) => {
      const root = parseXml(renderWheel(data, { ...OPTIONS, details: false }));
      const gate41 = withAttr(root, 'data-gate').find((e) => e.attrs['data-gate'] === '41')!;
      const line = gate41.children.find((c) => c.name === 'line')!;
      const a = line.attrs;
      return polar(Number(a.x1), Number(a.y1));
    };
    // The ascendant is drawn at 9 o'clock: the gate's screen angle relative to it is the longitude
    // difference. Tropically 302° - ASC; sidereally (302° - ayanamsa) - sidereal ASC: the same arc,
    // since the ascendant moved by the same ayanamsa. So the ring stays where it was on screen...
    expect(Math.abs(fold(ringOf(sidereal) - ringOf(tropical)))).toBeLessThan(0.01);
    // ...while the signs turned by the ayanamsa: the Sun is in Virgo, not Libra.
    expect(sidereal.personality.planets.Sun.sign).toBe('Virgo');
    expect(tropical.personality.planets.Sun.sign).toBe('Libra');
  });

  it('leaves a tropical wheel as it was', () => {
    const plain = renderWheel(tropical, OPTIONS);
    expect(renderWheel({ ...tropical, zodiac: { type: 'tropical' } }, OPTIONS)).toBe(plain);
    expect(plain).not.toContain('data-zodiac');
    expect(plain).toContain('Tropical zodiac, true node');
  });
});
