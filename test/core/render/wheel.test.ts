/**
 * The astrology wheel SVG, on get_astrology_chart's example (1940-10-09 18:30 Liverpool): what it
 * draws must be the chart's own values (the chart itself is checked against Kerykeion in
 * test/core/astrology/golden.test.ts), read back from the data-* attributes; the golden SVG was
 * reviewed by eye as a PNG once, then pinned. The spreading of close planets is checked on its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ASTRO_PLANETS,
  astrologyBirth,
  type AstrologyData,
  astrologyData,
} from '../../../src/core/astrology/index.js';
import { renderWheel, spreadOnCircle, svgToPng, type WheelOptions } from '../../../src/core/render/index.js';
import { decodePng, pixelStats } from '../../helpers/png.js';
import { sharedCities, sharedEphemeris, sharedKnowledge } from '../../helpers/shared.js';
import { expectTextSnapshot } from '../../helpers/snapshot.js';
import { parseXml, textOf, withAttr } from '../../helpers/xml.js';

const HERE = import.meta.dirname;
const OPTIONS: WheelOptions = {
  theme: 'light',
  width: 800,
  transparent: false,
  labels: true,
  designRing: false,
  gateRing: false,
};
const INPUT = { birthDate: '1940-10-09', birthTime: '18:30', birthLocation: 'Liverpool, United Kingdom' };

let sample: AstrologyData;
beforeAll(async () => {
  const deps = { cities: await sharedCities(), ephemeris: sharedEphemeris() };
  sample = astrologyData(await sharedKnowledge(), astrologyBirth(deps, INPUT), false);
});

const forward = (a: number, b: number) => (((b - a) % 360) + 360) % 360;

describe('wheel of the sample chart', () => {
  it('matches the golden SVGs (plain, and with design and gate rings in the dark theme)', () => {
    expectTextSnapshot(HERE, 'wheel-sample.svg', renderWheel(sample, OPTIONS));
    expectTextSnapshot(
      HERE,
      'wheel-sample-rings.svg',
      renderWheel(sample, { ...OPTIONS, theme: 'dark', designRing: true, gateRing: true }),
    );
  });

  it('is well-formed with a title and a description', () => {
    const root = parseXml(renderWheel(sample, OPTIONS));
    expect(root.attrs.role).toBe('img');
    expect(textOf(root.children[0]!)).toBe(
      'Astrology wheel for 1940-10-09 18:30, Liverpool, England, United Kingdom',
    );
    expect(textOf(root.children[1]!)).toContain(`Ascendant ${sample.personality.angles.ascendant.sign}`);
  });

  it('places every planet at its longitude, house cusps in order', () => {
    const root = parseXml(renderWheel(sample, OPTIONS));
    const planets = withAttr(root, 'data-planet');
    expect(planets.map((p) => p.attrs['data-planet'])).toEqual([...ASTRO_PLANETS, 'North Node', 'Chiron']);
    for (const name of ASTRO_PLANETS) {
      const drawn = planets.find((p) => p.attrs['data-planet'] === name)!;
      expect(Number(drawn.attrs['data-longitude'])).toBe(sample.personality.planets[name].longitude);
      expect(drawn.attrs['data-retrograde']).toBe(String(sample.personality.planets[name].isRetrograde));
    }
    const cusps = withAttr(root, 'data-house');
    expect(cusps.map((c) => Number(c.attrs['data-house']))).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(cusps.map((c) => Number(c.attrs['data-cusp']))).toEqual(
      sample.personality.houses.map((h) => h.cuspLongitude),
    );
    const arcs = cusps.map((c, i) =>
      forward(Number(c.attrs['data-cusp']), Number(cusps[(i + 1) % 12]!.attrs['data-cusp'])),
    );
    expect(arcs.reduce((s, a) => s + a, 0)).toBeCloseTo(360, 6);
  });

  it('draws one line per aspect, by its nature', () => {
    const root = parseXml(renderWheel(sample, OPTIONS));
    const lines = withAttr(root, 'data-aspect');
    const { major, minor } = sample.personality.aspects;
    expect(lines).toHaveLength(major.length + minor.length);
    for (const a of major) {
      const line = lines.find((l) => l.attrs['data-planets'] === `${a.planet1} ${a.planet2}`)!;
      expect(line.attrs.class).toBe(`aspect-${a.nature}`);
    }
  });

  it('adds the design planets and the 64 gates only when asked', () => {
    const plain = parseXml(renderWheel(sample, OPTIONS));
    expect(withAttr(plain, 'data-side').map((e) => e.attrs['data-side'])).toEqual(['personality']);
    expect(withAttr(plain, 'data-gate')).toHaveLength(0);
    const rings = parseXml(renderWheel(sample, { ...OPTIONS, designRing: true, gateRing: true }));
    const design = withAttr(rings, 'data-side').find((e) => e.attrs['data-side'] === 'design')!;
    for (const p of withAttr(design, 'data-planet')) {
      const name = p.attrs['data-planet'] as (typeof ASTRO_PLANETS)[number];
      if (!ASTRO_PLANETS.includes(name)) continue;
      expect(Number(p.attrs['data-longitude'])).toBe(sample.design.planets[name].longitude);
    }
    // Rave Mandala: gate 41 starts at 302°, then 19, 13 ... every 5.625° (reference section 1.1).
    const gates = withAttr(rings, 'data-gate');
    expect(gates).toHaveLength(64);
    expect(gates.slice(0, 3).map((g) => [g.attrs['data-gate'], Number(g.attrs['data-start'])])).toEqual([
      ['41', 302],
      ['19', 307.625],
      ['13', 313.25],
    ]);
  });

  it('hides degrees without labels', () => {
    const drawn = (labels: boolean) =>
      withAttr(parseXml(renderWheel(sample, { ...OPTIONS, labels })), 'data-planet')
        .map(textOf)
        .join('');
    expect(drawn(true)).toContain('°');
    expect(drawn(false)).not.toContain('°');
  });

  it('rasterises at the requested width, differently per theme', () => {
    const light = decodePng(svgToPng(renderWheel(sample, OPTIONS), 600));
    const dark = decodePng(svgToPng(renderWheel(sample, { ...OPTIONS, theme: 'dark' }), 600));
    expect([light.width, light.height]).toEqual([600, 600]);
    expect(pixelStats(light).meanLuminance).toBeGreaterThan(pixelStats(dark).meanLuminance + 100);
  });
});

describe('spreadOnCircle', () => {
  const gapOk = (shown: number[], min: number) => {
    const sorted = [...shown].sort((a, b) => a - b);
    return sorted.every((v, i) => forward(v, sorted[(i + 1) % sorted.length]!) >= min - 1e-6);
  };

  it('leaves well separated points where they are', () => {
    expect(spreadOnCircle([10, 40, 200, 350], 7)).toEqual([10, 40, 200, 350]);
  });

  it('spreads a cluster about its middle, across 0° too', () => {
    expect(spreadOnCircle([100, 100, 100], 6).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([94, 100, 106]);
    const shown = spreadOnCircle([358, 359, 0, 1, 2], 7);
    expect(gapOk(shown, 7)).toBe(true);
    expect(shown.map((v) => Math.round(v))).toEqual([346, 353, 0, 7, 14]);
  });

  it('keeps neighbours at least the gap apart for crowded random sets', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let n = 0; n < 200; n++) {
      const lons = Array.from({ length: 12 }, () => random() * 90);
      expect(gapOk(spreadOnCircle(lons, 9), 9)).toBe(true);
    }
  });
});
