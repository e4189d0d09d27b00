/**
 * The MCP App's pure parts (src/view/chart.ts, src/view/tooltips.ts) on real tool answers, computed
 * in-process: which chart an answer is, that the view draws it with the picture endpoints' renderers
 * byte for byte, and what the tooltip of each kind of part says. Sources: the answers themselves (a
 * tooltip quotes them) and, for the fixed values, Liverpool 1940-10-09 18:30 (Sun 16°16'04" Libra in
 * the 6th house, as test/e2e/astrology.test.ts pins against astro.com) and the Montreal 1948-04-09
 * 00:14 chart of the tool examples (Manifestor, personality Sun 51.5: test/fixtures/reference-charts.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/operations/types.js';
import {
  DEFAULT_WHEEL_OPTIONS,
  renderBazi,
  renderBodygraph,
  renderWheel,
} from '../../../src/core/render/index.js';
import { generateChartTool } from '../../../src/tools/generate_chart.js';
import { getAstrologyChartTool } from '../../../src/tools/get_astrology_chart.js';
import { getBaziChartTool } from '../../../src/tools/get_bazi_chart.js';
import { chartKind, drawChart } from '../../../src/view/chart.js';
import { TOOLTIP_SELECTOR, tooltipFor } from '../../../src/view/tooltips.js';
import { chartDeps, runTool } from '../../helpers/chart.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let deps: Deps;
let hd: Json;
let astrology: Json;
let bazi: Json;
const light = { theme: 'light', designRing: false, gateRing: false } as const;

beforeAll(async () => {
  deps = await chartDeps();
  const birth = { birthDate: '1948-04-09', birthTime: '00:14', birthLocation: 'Montreal, QC' };
  hd = (await runTool<Json>(generateChartTool, deps, { ...birth, include: 'tooltips' })).data;
  astrology = (
    await runTool<Json>(getAstrologyChartTool, deps, {
      birthDate: '1940-10-09',
      birthTime: '18:30',
      birthLocation: 'Liverpool, United Kingdom',
    })
  ).data;
  bazi = (
    await runTool<Json>(getBaziChartTool, deps, {
      birthDate: '1990-06-22',
      birthTime: '14:30',
      birthLocation: 'Taipei, Taiwan',
      gender: 'female',
      include: 'tooltips',
    })
  ).data;
});

describe('chart view', () => {
  it('tells the three chart answers apart and draws nothing for another answer', () => {
    expect(chartKind(hd)).toBe('bodygraph');
    expect(chartKind(astrology)).toBe('wheel');
    expect(chartKind(bazi)).toBe('bazi');
    expect(chartKind({ transits: [] })).toBeUndefined();
    expect(chartKind(null)).toBeUndefined();
    expect(chartKind('{"centers":{}}')).toBeUndefined();
  });

  it('draws with the picture renderers, the wheel with the rings chosen', () => {
    const base = { theme: 'dark', transparent: false, labels: true, width: 500 } as const;
    expect(drawChart('bodygraph', hd, { ...light, theme: 'dark' }, 500, '2026-01-01')).toBe(
      renderBodygraph(hd as never, base),
    );
    const rings = { theme: 'dark', designRing: true, gateRing: true } as const;
    expect(drawChart('wheel', astrology, rings, 500, '2026-01-01')).toBe(
      renderWheel(astrology as never, {
        ...DEFAULT_WHEEL_OPTIONS,
        ...base,
        designRing: true,
        gateRing: true,
      }),
    );
    expect(drawChart('bazi', bazi, { ...light, theme: 'dark' }, 500, '2026-01-01')).toBe(
      renderBazi(bazi as never, { ...base, asOf: '2026-01-01' }),
    );
    // A width the renderers refuse is brought into their range.
    expect(drawChart('bodygraph', hd, light, 20, '2026-01-01')).toMatch(/^<svg[^>]* width="100"/);
  });

  it('explains a bodygraph gate, center, channel and planet from the answer', () => {
    const gate = tooltipFor('bodygraph', hd, { gate: '51', activation: 'personality' })!;
    expect(gate.title).toBe(hd.tooltips.gates['51'].title);
    expect(gate.lines).toEqual(['Personality: Sun line 5, Moon line 1']);
    expect(gate.text).toBe(hd.tooltips.gates['51'].text.split('\n\n')[0]);
    expect(tooltipFor('bodygraph', hd, { 'gate-label': '3' })!.lines).toEqual(['Not activated']);
    expect(tooltipFor('bodygraph', hd, { center: 'Spleen', defined: 'true' })).toMatchObject({
      title: hd.tooltips.centers.Spleen.title,
      lines: ['Defined'],
    });
    expect(tooltipFor('bodygraph', hd, { center: 'Root', defined: 'false' })!.lines).toEqual([
      'Open (undefined)',
    ]);
    expect(tooltipFor('bodygraph', hd, { channel: '25-51', defined: 'true' })).toMatchObject({
      title: 'Channel 25-51 — Initiation',
      lines: ['Defined, Individual Centering circuitry'],
    });
    expect(tooltipFor('bodygraph', hd, { channel: '34-57', defined: 'false' })!.lines).toEqual([
      'Not defined in this chart',
    ]);
    expect(
      tooltipFor('bodygraph', hd, { planet: 'Sun', 'activation-of': '51.5', side: 'personality' }),
    ).toEqual({
      title: 'Personality Sun',
      lines: ['Gate 51, line 5', 'Color 3, tone 3, base 5', 'In Aries'],
    });
  });

  it('explains a wheel planet, aspect, house and angle without tooltips in the answer', () => {
    expect(tooltipFor('wheel', astrology, { planet: 'Sun', side: 'personality' })).toEqual({
      title: 'Sun',
      lines: ['16°16\'04" Libra', 'House 6'],
    });
    const design = tooltipFor('wheel', astrology, { planet: 'Sun', side: 'design' })!;
    expect(design.title).toBe('Sun (Design)');
    expect(design.lines[0]).toBe(astrology.design.planets.Sun.positionFormatted);
    const trine = astrology.personality.aspects.major.find((a: Json) => a.aspect === 'trine');
    expect(
      tooltipFor('wheel', astrology, {
        aspect: 'trine',
        nature: 'harmonious',
        planets: `${trine.planet1} ${trine.planet2}`,
      }),
    ).toEqual({
      title: `${trine.planet1} trine ${trine.planet2}`,
      lines: [`Orb ${trine.orb.toFixed(2)}°`, 'Harmonious'],
    });
    expect(tooltipFor('wheel', astrology, { house: '1' })).toEqual({
      title: 'First House',
      lines: ['Cusp in Aries'],
    });
    expect(tooltipFor('wheel', astrology, { angle: 'AC', position: '19°44\'48"' })!.title).toBe('Ascendant');
    expect(tooltipFor('wheel', astrology, { gate: '34', start: '262.5' })!.title).toBe(
      'Human Design gate 34',
    );
  });

  it('explains a BaZi pillar, hidden stem, luck pillar and element', () => {
    const day = tooltipFor('bazi', bazi, { pillar: 'day', ganzhi: bazi.pillars.day.ganzhi })!;
    expect(day.title).toBe(`Day pillar ${bazi.pillars.day.ganzhi}`);
    expect(day.lines).toEqual([
      'Stem 戊 wù: yang earth',
      'Branch 午 wǔ: Horse, fire',
      'Ten god: Day Master (日主)',
      'Na yin: Fire in the Sky (天上火)',
    ]);
    expect(day.text).toBe(bazi.tooltips.stems['戊'].text.split('\n\n')[0]);
    expect(tooltipFor('bazi', bazi, { 'hidden-stem': '丁' })!.title).toBe(bazi.tooltips.stems['丁'].title);
    const luck = tooltipFor('bazi', bazi, {
      'luck-pillar': '1',
      ganzhi: '辛巳',
      'start-date': '1995-12-01',
    })!;
    expect(luck.lines).toEqual(['From 1995-12-01', `Ten god: Hurting Officer (伤官)`]);
    expect(tooltipFor('bazi', bazi, { element: 'fire' })!.lines).toEqual(['3 in the four pillars']);
  });

  it('has a tooltip for every kind of part the renderers mark, and none for the rest', () => {
    expect(TOOLTIP_SELECTOR.split(',')).toContain('[data-luck-pillar]');
    expect(tooltipFor('bodygraph', hd, { line: 'title' })).toBeUndefined();
    expect(tooltipFor('wheel', astrology, { axis: 'AC-DC' })).toBeUndefined();
    expect(tooltipFor('bazi', bazi, { 'chart-of': 'female' })).toBeUndefined();
  });
});
