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
import { placeOnCircle } from '../../../src/core/render/spread.js';
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
  details: false,
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
    const asc = sample.personality.angles.ascendant;
    expect(textOf(root.children[1]!)).toContain(
      `Ascendant ${asc.positionInSign.slice(0, asc.positionInSign.indexOf("'") + 1)} ${asc.sign}`,
    );
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

  it('labels AC, MC, DC and IC with degree and sign in every ring combination', () => {
    for (const designRing of [false, true]) {
      for (const gateRing of [false, true]) {
        const root = parseXml(renderWheel(sample, { ...OPTIONS, designRing, gateRing }));
        const labels = withAttr(root, 'data-angle');
        expect(labels.map((l) => l.attrs['data-angle'])).toEqual(['AC', 'MC', 'DC', 'IC']);
        const { angles } = sample.personality;
        for (const [label, at] of [
          ['AC', angles.ascendant],
          ['MC', angles.midheaven],
          ['DC', angles.descendant],
          ['IC', angles.imumCoeli],
        ] as const) {
          const shown = textOf(labels.find((l) => l.attrs['data-angle'] === label)!);
          const [degrees, rest] = at.positionInSign.split('°') as [string, string];
          expect(shown, `${label} ${designRing} ${gateRing}`).toContain(`${label}${degrees}°`);
          expect(shown).toContain(`${rest.slice(0, 2)}'`);
        }
      }
    }
  });

  it('gives each planet label its degree, sign and minutes', () => {
    const root = parseXml(renderWheel(sample, OPTIONS));
    const sun = withAttr(root, 'data-planet').find((p) => p.attrs['data-planet'] === 'Sun')!;
    const [degrees, rest] = sample.personality.planets.Sun.positionInSign.split('°') as [string, string];
    // 1940-10-09: Sun in Libra (U+264E).
    expect(textOf(sun)).toContain(`${degrees}°♎`);
    expect(textOf(sun)).toContain(`${rest.slice(0, 2)}'`);
  });

  it('tells aspect natures apart by line style in mono', () => {
    const mono = renderWheel(sample, { ...OPTIONS, theme: 'mono' });
    const dash = (nature: string) =>
      new RegExp(`\\.aspect-${nature}\\{[^}]*stroke-dasharray:([^;}]+)`).exec(mono)?.[1];
    const styles = ['harmonious', 'challenging', 'neutral', 'minor'].map(dash);
    expect(styles[0]).toBeUndefined();
    expect(new Set(styles).size).toBe(4);
  });

  it('adds a data box, a planet table and an aspect grid with details', () => {
    const root = parseXml(
      renderWheel({ ...sample, birthInfo: sample.birthInfo }, { ...OPTIONS, width: 1200, details: true }),
    );
    expect(root.attrs['data-layout']).toBe('details');
    const part = (name: string) =>
      withAttr(root, 'data-details').find((e) => e.attrs['data-details'] === name)!;
    expect(textOf(part('data'))).toContain('1940-10-09 18:30');
    expect(textOf(part('data'))).toContain('Placidus houses');
    const rows = withAttr(part('planets'), 'data-row');
    expect(rows).toHaveLength(14);
    const mars = rows.find((r) => r.attrs['data-row'] === 'Mars')!;
    expect(mars.attrs['data-sign']).toBe(sample.personality.planets.Mars.sign);
    expect(mars.attrs['data-in-house']).toBe(String(sample.personality.planets.Mars.house));
    const cells = withAttr(part('aspects'), 'data-aspect');
    expect(cells).toHaveLength(
      sample.personality.aspects.major.length + sample.personality.aspects.minor.length,
    );
    const stacked = parseXml(renderWheel(sample, { ...OPTIONS, width: 800, details: true }));
    expect(stacked.attrs['data-layout']).toBe('details-stacked');
    expect(
      parseXml(renderWheel(sample, { ...OPTIONS, width: 400, details: true })).attrs['data-layout'],
    ).toBe('details-compact');
  });

  it('switches to the compact layout below 600 pixels', () => {
    expect(parseXml(renderWheel(sample, { ...OPTIONS, width: 599 })).attrs['data-layout']).toBe('compact');
    expect(parseXml(renderWheel(sample, { ...OPTIONS, width: 600 })).attrs['data-layout']).toBe('full');
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

describe('placeOnCircle with walls (house cusps and axes)', () => {
  it('keeps each item on its own side of a wall while there is room', () => {
    // A wall at 13° ± 1: items at 10 and 12 stay before it, the one at 14 after it.
    expect(placeOnCircle([10, 12, 14, 100], [3, 3, 3, 3], [{ angle: 13, half: 1 }])).toEqual([3, 9, 17, 100]);
  });

  it('moves an item across a wall only when its own arc is full, to the nearer side', () => {
    // Walls at 0, 10 and 180 (± 1): 8° between the first two, room for one item 3° either side.
    // The item at 4 is nearer the wall at 0 than the one at 5 is to the wall at 10: it crosses back.
    const shown = placeOnCircle(
      [4, 5, 200],
      [3, 3, 3],
      [
        { angle: 0, half: 1 },
        { angle: 10, half: 1 },
        { angle: 180, half: 1 },
      ],
    );
    expect(shown).toEqual([356, 5, 200]);
  });

  it('says so when the walls leave too little room', () => {
    const walls = Array.from({ length: 36 }, (_, k) => ({ angle: k * 10, half: 4 }));
    expect(placeOnCircle([5, 15], [2, 2], walls)).toBeNull();
  });
});
