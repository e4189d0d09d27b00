/**
 * The bodygraph SVG and its PNG, on the sample chart (generate_chart's example, chart R1 of
 * shared/reference/human-design.md: 1948-04-09 00:14 Montreal). Expected centers, channels and the
 * 26 gate.lines come from the rule book's section 12 (test/fixtures/reference-charts.ts), not from
 * this service; the side of each gate is derived here from those 26 activations. The golden SVG was
 * reviewed by eye as a PNG once, then pinned (UPDATE_SNAPSHOTS=1 rewrites it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { birthChart, type ChartData, chartData } from '../../../src/core/human-design/index.js';
import { renderBodygraph, type RenderOptions, svgToPng } from '../../../src/core/render/index.js';
import { ACTIVATION_COLUMNS, activationsOf, REFERENCE_CHARTS } from '../../fixtures/reference-charts.js';
import { decodePng, pixelStats } from '../../helpers/png.js';
import { sharedCities, sharedEphemeris, sharedKnowledge } from '../../helpers/shared.js';
import { expectTextSnapshot } from '../../helpers/snapshot.js';
import { parseXml, textOf, withAttr } from '../../helpers/xml.js';

const HERE = import.meta.dirname;
const R1 = REFERENCE_CHARTS.R1;
const OPTIONS: RenderOptions = { theme: 'light', width: 800, transparent: false, labels: true };

let sample: ChartData;
beforeAll(async () => {
  const deps = { cities: await sharedCities(), ephemeris: sharedEphemeris() };
  sample = chartData(await sharedKnowledge(), birthChart(deps, R1.input), false);
});

/** Gate -> which sides activate it, from the rule book's 26 activations. */
function referenceSides(): Map<number, string> {
  const { personality, design } = activationsOf('R1');
  const sides = new Map<number, Set<string>>();
  for (const [side, values] of [
    ['personality', personality],
    ['design', design],
  ] as const) {
    for (const column of ACTIVATION_COLUMNS) {
      const gate = values[column].gate;
      sides.set(gate, (sides.get(gate) ?? new Set()).add(side));
    }
  }
  return new Map([...sides].map(([g, s]) => [g, s.size === 2 ? 'both' : ([...s][0] as string)]));
}

describe('bodygraph of the sample chart (R1)', () => {
  it('matches the golden SVG', () => {
    expectTextSnapshot(HERE, 'bodygraph-sample.svg', renderBodygraph(sample, OPTIONS));
  });

  it('is well-formed, accessible and sized', () => {
    const root = parseXml(renderBodygraph(sample, OPTIONS));
    expect(root.name).toBe('svg');
    expect(root.attrs.role).toBe('img');
    expect(root.attrs.width).toBe('800');
    const [, , w, h] = root.attrs.viewBox!.split(' ').map(Number) as [number, number, number, number];
    expect(Number(root.attrs.height)).toBeCloseTo((800 * h) / w, 1);
    expect(root.attrs['data-layout']).toBe('full');
    const [title, desc] = root.children;
    expect(title?.name).toBe('title');
    expect(textOf(title!)).toContain('1948-04-09');
    expect(desc?.name).toBe('desc');
    expect(textOf(desc!)).toContain(`${R1.outputs.type}, profile ${R1.outputs.profile}`);
    expect(textOf(desc!)).toContain(R1.outputs.incarnationCross);
  });

  it('marks the nine centers, the defined ones as the rule book gives', () => {
    const root = parseXml(renderBodygraph(sample, OPTIONS));
    const centers = withAttr(root, 'data-center');
    expect(centers).toHaveLength(9);
    const defined = centers
      .filter((c) => c.attrs['data-defined'] === 'true')
      .map((c) => c.attrs['data-center']);
    expect(defined.sort()).toEqual([...R1.outputs.centers].sort());
  });

  it('draws all 36 channels, the defined ones as the rule book gives', () => {
    const root = parseXml(renderBodygraph(sample, OPTIONS));
    const channels = withAttr(root, 'data-channel');
    expect(channels).toHaveLength(36);
    const defined = channels
      .filter((c) => c.attrs['data-defined'] === 'true')
      .map((c) => c.attrs['data-channel']);
    expect(defined.sort()).toEqual([...R1.outputs.channels].sort());
  });

  it('marks every gate with the side that activates it', () => {
    const root = parseXml(renderBodygraph(sample, OPTIONS));
    const gates = withAttr(root, 'data-gate');
    expect(gates.map((g) => Number(g.attrs['data-gate']))).toEqual(
      Array.from({ length: 64 }, (_, i) => i + 1),
    );
    const expected = referenceSides();
    for (const g of gates) {
      expect(g.attrs['data-activation'], `gate ${g.attrs['data-gate']}`).toBe(
        expected.get(Number(g.attrs['data-gate'])) ?? 'none',
      );
    }
    // Gate 12 is activated by Uranus on both sides (12.1 / 12.1), gate 48 too (Neptune).
    expect(expected.get(12)).toBe('both');
  });

  it('lists the 13 activations of each side as gate.line in the usual planet order', () => {
    const root = parseXml(renderBodygraph(sample, OPTIONS));
    const { personality, design } = activationsOf('R1');
    for (const [side, values] of [
      ['personality', personality],
      ['design', design],
    ] as const) {
      const column = withAttr(root, 'data-side').find((e) => e.attrs['data-side'] === side)!;
      const rows = withAttr(column, 'data-planet');
      expect(rows.map((r) => r.attrs['data-planet'])).toEqual([...ACTIVATION_COLUMNS]);
      expect(rows.map((r) => textOf(r.children[1]!))).toEqual(
        ACTIVATION_COLUMNS.map((c) => `${values[c].gate}.${values[c].line}`),
      );
      expect(rows.map((r) => r.attrs['data-activation-of'])).toEqual(
        ACTIVATION_COLUMNS.map((c) => `${values[c].gate}.${values[c].line}`),
      );
    }
  });

  it('hides the gate numbers without labels but keeps every gate marked', () => {
    const root = parseXml(renderBodygraph(sample, { ...OPTIONS, labels: false }));
    expect(withAttr(root, 'data-gate-label')).toHaveLength(0);
    expect(withAttr(root, 'data-gate')).toHaveLength(64);
    expect(withAttr(parseXml(renderBodygraph(sample, OPTIONS)), 'data-gate-label')).toHaveLength(64);
  });

  it('follows theme, width and transparency', () => {
    const light = renderBodygraph(sample, OPTIONS);
    const dark = renderBodygraph(sample, { ...OPTIONS, theme: 'dark' });
    expect(parseXml(dark).attrs.class).toBe('chart theme-dark');
    expect(light.replace(/theme-light/g, 'theme-dark')).not.toBe(dark); // the palette differs too
    const small = parseXml(renderBodygraph(sample, { ...OPTIONS, width: 320 }));
    const [, , w, h] = small.attrs.viewBox!.split(' ').map(Number) as [number, number, number, number];
    expect(small.attrs.width).toBe('320');
    expect(Number(small.attrs.height)).toBeCloseTo((320 * h) / w, 1);
    expect(light).toMatch(/<rect class="bg"/);
    expect(renderBodygraph(sample, { ...OPTIONS, transparent: true })).not.toMatch(/class="bg"/);
  });

  it('draws the four variable arrows the way the rule book gives (R1: PLR DLL)', () => {
    expect(R1.outputs.variable).toBe('PLR DLL');
    const arrows = withAttr(parseXml(renderBodygraph(sample, OPTIONS)), 'data-arrow');
    expect(
      Object.fromEntries(arrows.map((a) => [a.attrs['data-arrow'], a.attrs['data-orientation']])),
    ).toEqual({
      // Reference section 9: P Sun = motivation, P Node = perspective, D Sun = digestion, D Node = environment.
      motivation: 'left',
      perspective: 'right',
      digestion: 'left',
      environment: 'left',
    });
  });

  it('writes the type line with the birth under it, Earth as ⊕, the cross at the foot', () => {
    const root = parseXml(renderBodygraph(sample, OPTIONS));
    const line = (role: string) =>
      textOf(withAttr(root, 'data-line').find((e) => e.attrs['data-line'] === role)!);
    expect(line('title')).toBe(`${R1.outputs.type} · ${R1.outputs.profile} · Splenic authority · Single`);
    expect(line('birth')).toBe('1948-04-09 00:14 UTC-05:00 · Montréal, Quebec, Canada');
    expect(line('cross')).toBe(R1.outputs.incarnationCross);
    const earth = withAttr(root, 'data-planet').filter((e) => e.attrs['data-planet'] === 'Earth');
    expect(earth.map((e) => textOf(e.children[0]!))).toEqual(['⊕', '⊕']);
  });

  it('rings every activated gate with the background, so a red marker shows on a red center', () => {
    const root = parseXml(renderBodygraph(sample, OPTIONS));
    for (const g of withAttr(root, 'data-gate')) {
      const halo = g.children.some((c) => c.attrs.class === 'halo');
      expect(halo, `gate ${g.attrs['data-gate']}`).toBe(g.attrs['data-activation'] !== 'none');
    }
  });

  it('drops the columns below 600 pixels and draws the rest larger', () => {
    const compact = parseXml(renderBodygraph(sample, { ...OPTIONS, width: 599 }));
    expect(compact.attrs['data-layout']).toBe('compact');
    expect(withAttr(compact, 'data-planet')).toHaveLength(0);
    expect(withAttr(compact, 'data-gate-label')).toHaveLength(64);
    expect(parseXml(renderBodygraph(sample, { ...OPTIONS, width: 600 })).attrs['data-layout']).toBe('full');
  });

  it.each([800, 390])(
    'every channel visible between its markers at %i px (3-60 and 37-40 were under 8 units)',
    (width) => {
      const root = parseXml(renderBodygraph(sample, { ...OPTIONS, width }));
      const marker = new Map(
        withAttr(root, 'data-gate').map((g) => {
          const c = g.children.find((e) => e.name === 'circle')!;
          return [
            g.attrs['data-gate'],
            { x: Number(c.attrs.cx), y: Number(c.attrs.cy), r: Number(c.attrs.r) },
          ];
        }),
      );
      const shortest = withAttr(root, 'data-channel')
        .map((channel) => {
          const [a, b] = (channel.attrs['data-channel'] as string).split('-').map((g) => marker.get(g)!);
          return {
            id: channel.attrs['data-channel'],
            visible: Math.hypot(a!.x - b!.x, a!.y - b!.y) - a!.r - b!.r - 2,
          };
        })
        .sort((p, q) => p.visible - q.visible)[0]!;
      expect(shortest.visible, shortest.id).toBeGreaterThanOrEqual(12);
    },
  );

  it('escapes text from the birth', () => {
    const odd = { ...sample, birthInfo: { ...sample.birthInfo, location: 'A & B <"C">' } };
    const root = parseXml(renderBodygraph(odd, OPTIONS));
    expect(textOf(root.children[0]!)).toContain('A & B <"C">');
  });
});

describe('bodygraph template', () => {
  it('has every center open, every channel undefined and every gate unmarked', () => {
    const root = parseXml(renderBodygraph(null, OPTIONS));
    expect(withAttr(root, 'data-center').every((c) => c.attrs['data-defined'] === 'false')).toBe(true);
    expect(withAttr(root, 'data-channel')).toHaveLength(36);
    expect(withAttr(root, 'data-channel').every((c) => c.attrs['data-defined'] === 'false')).toBe(true);
    expect(withAttr(root, 'data-gate').every((g) => g.attrs['data-activation'] === 'none')).toBe(true);
    expect(withAttr(root, 'data-planet')).toHaveLength(0);
  });
});

describe('bodygraph PNG', () => {
  it('decodes at the requested width, inked, and differs by theme and by chart', () => {
    const light = decodePng(svgToPng(renderBodygraph(sample, OPTIONS), 800));
    expect(light.width).toBe(800);
    expect(light.height).toBe(Math.round(Number(parseXml(renderBodygraph(sample, OPTIONS)).attrs.height)));
    const dark = decodePng(svgToPng(renderBodygraph(sample, { ...OPTIONS, theme: 'dark' }), 800));
    const template = decodePng(svgToPng(renderBodygraph(null, OPTIONS), 800));
    const [l, d, t] = [pixelStats(light), pixelStats(dark), pixelStats(template)];
    // Not blank: a good share of the picture is drawn, in many colours (anti-aliasing included).
    expect(l.inked).toBeGreaterThan(0.1);
    expect(l.colours).toBeGreaterThan(50);
    // White page vs near-black page.
    expect(l.meanLuminance).toBeGreaterThan(180);
    expect(d.meanLuminance).toBeLessThan(80);
    // A chart and the blank template differ in ink.
    expect(Math.abs(l.inked - t.inked)).toBeGreaterThan(0.01);
    const narrow = decodePng(svgToPng(renderBodygraph(sample, OPTIONS), 333));
    expect(narrow.width).toBe(333);
  });

  it('is transparent around the drawing when asked', () => {
    const png = decodePng(svgToPng(renderBodygraph(sample, { ...OPTIONS, transparent: true }), 200));
    expect(png.rgba[3]).toBe(0);
  });
});
