/**
 * The BaZi year in force at a date (get_bazi_chart's `date`), against independent values:
 * - Year and month: the 2024 jie dates of the Hong Kong Observatory's calendar (Beijing time: 小寒
 *   Jan 6, 立春 Feb 4 16:27, 惊蛰 Mar 5, 清明 Apr 4, 立夏 May 5, 芒种 Jun 5, 小暑 Jul 6, 立秋 Aug 7, 白露
 *   Sep 7, 寒露 Oct 8, 立冬 Nov 7, 大雪 Dec 6; 2025 小寒 Jan 5); the 甲辰 year's months by the five-tigers
 *   rule as every almanac prints them (丙寅 from 立春 ... 丁丑 from 小寒 2025). A day on which a jie falls
 *   counts in the month it begins (the almanac's reading): the end of the local day is used.
 * - Days: published day pillars 1949-10-01 甲子, 2000-01-01 戊午, 2022-10-01 丁亥, 2025-01-13 壬午 (6tail/
 *   lunar-typescript#15), 1988-08-02 己丑 (6tail/lunar-javascript#61), as in reference-cases.test.ts.
 * - Luck: the chart's own luckPillars (start date, ten-year steps) of the 2022-03-09 20:51 male case
 *   (lunar-javascript Yun.test.js test4: first 甲辰 from 2030-12-12).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import { type BaziChart, baziCurrent, computeBazi } from '../../../src/core/bazi/index.js';
import { createEphemeris, type Ephemeris } from '../../../src/core/ephemeris/index.js';

let eph: Ephemeris;
let chart: BaziChart;
const BIRTH = '2022-03-09';
beforeAll(() => {
  eph = createEphemeris();
  chart = computeBazi(
    eph,
    { utcMs: Date.parse('2022-03-09T20:51:00Z') - 8 * 3_600_000, offsetSeconds: 8 * 3600, longitude: 116.4 },
    { gender: 'male', dayBoundary: 'midnight', solarTime: 'standard' },
  );
});

const at = (date: string, zone = 'Asia/Shanghai', birthDate = BIRTH) =>
  baziCurrent(eph, chart, { date, zone, birthDate });

describe('annual and monthly pillars of a date', () => {
  it('turns to the 甲辰 year and 丙寅 month on the day of Lichun 2024, with a warning naming it', () => {
    const before = at('2024-02-03');
    expect([before.current.annual.ganzhi, before.current.monthly.ganzhi]).toEqual(['癸卯', '乙丑']);
    expect(before.warnings).toEqual([]);
    const on = at('2024-02-04');
    expect([on.current.annual.ganzhi, on.current.monthly.ganzhi]).toEqual(['甲辰', '丙寅']);
    expect(on.warnings).toHaveLength(1);
    expect(on.warnings[0]).toMatch(
      /Lichun \(立春\) at 2024-02-04T08:2\d:\d\dZ; the annual and monthly pillars/,
    );
  });

  const JIE_2024: [string, string, string][] = [
    ['2024-01-06', '甲子', '乙丑'],
    ['2024-03-05', '丙寅', '丁卯'],
    ['2024-04-04', '丁卯', '戊辰'],
    ['2024-05-05', '戊辰', '己巳'],
    ['2024-06-05', '己巳', '庚午'],
    ['2024-07-06', '庚午', '辛未'],
    ['2024-08-07', '辛未', '壬申'],
    ['2024-09-07', '壬申', '癸酉'],
    ['2024-10-08', '癸酉', '甲戌'],
    ['2024-11-07', '甲戌', '乙亥'],
    ['2024-12-06', '乙亥', '丙子'],
    ['2025-01-05', '丙子', '丁丑'],
  ];
  it.each(JIE_2024)('switches the monthly pillar on the jie day %s (%s -> %s)', (day, was, becomes) => {
    const prior = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(at(prior).current.monthly.ganzhi).toBe(was);
    const on = at(day);
    expect(on.current.monthly.ganzhi).toBe(becomes);
    expect(on.warnings[0]).toMatch(/the monthly pillar is the one it begins/);
  });

  it('reads the date in the birth zone: Honolulu is already past Lichun at the end of 2024-02-03', () => {
    // Lichun 2024-02-04 08:27 UT is 2024-02-03 22:27 in Honolulu (UTC-10).
    const honolulu = at('2024-02-03', 'Pacific/Honolulu');
    expect(honolulu.current.annual.ganzhi).toBe('甲辰');
    expect(honolulu.current.utc).toBe('2024-02-04T09:59:59Z');
    expect(at('2024-02-03', 'Asia/Shanghai').current.utc).toBe('2024-02-03T15:59:59Z');
  });
});

describe('daily pillar of a date', () => {
  it.each([
    ['1949-10-01', '甲子'],
    ['1988-08-02', '己丑'],
    ['2000-01-01', '戊午'],
    ['2022-10-01', '丁亥'],
    ['2025-01-13', '壬午'],
  ])('%s is a %s day', (date, ganzhi) => {
    // An earlier birth date, so that the dates before this chart's birth may be asked.
    expect(at(date, 'Asia/Shanghai', '1900-01-01').current.daily.ganzhi).toBe(ganzhi);
  });

  it('gives each pillar its ten god from the natal day master', () => {
    // Natal day master 辛 (yin metal): 甲 (yang wood, controlled by metal) is its Direct Wealth.
    expect(chart.dayMaster.char).toBe('辛');
    expect(at('2024-02-04').current.annual.tenGod).toEqual({ chinese: '正财', english: 'Direct Wealth' });
  });
});

describe('luck pillar in force', () => {
  it('is null before the first starts, then each in turn on its start date from the chart', () => {
    const { startDate, pillars } = chart.luckPillars;
    expect(startDate).toBe('2030-12-12');
    expect(at('2030-12-11').current.luck).toBeNull();
    for (let k = 0; k < pillars.length; k++) {
      const start = `${pillars[k]!.startYear}${startDate.slice(4)}`;
      const luck = at(start).current.luck!;
      expect([luck.number, luck.ganzhi, luck.startDate]).toEqual([k + 1, pillars[k]!.ganzhi, start]);
      expect(luck.endDate).toBe(`${pillars[k]!.startYear + 10}${startDate.slice(4)}`);
      const dayBefore = new Date(Date.parse(`${start}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      expect(at(dayBefore).current.luck?.number ?? 0).toBe(k);
    }
    expect(pillars[0]!.ganzhi).toBe('甲辰');
    expect(at('2110-12-11').current.luck?.number).toBe(8);
    expect(at('2110-12-12').current.luck).toBeNull();
  });

  it('meets the natal pillars through its stem and branch', () => {
    // Natal 壬寅 癸卯 辛酉 戊戌 (lunar-javascript EightChar for this birth); luck 1 甲辰 (2030-12-12): 甲
    // is no partner (己) of 壬 癸 辛 戊; 辰 combines with 酉 (六合 metal), clashes with 戌, harms 卯.
    expect(
      [chart.pillars.year, chart.pillars.month, chart.pillars.day, chart.pillars.hour].map((p) => p.ganzhi),
    ).toEqual(['壬寅', '癸卯', '辛酉', '戊戌']);
    const luck = at('2031-06-01').current.interactions.filter((i) => i.between[0]!.startsWith('luck:'));
    expect(luck).toEqual([
      { type: 'six-combination', chinese: '六合', between: ['luck:辰', 'day:酉'], element: 'metal' },
      { type: 'clash', chinese: '六冲', between: ['luck:辰', 'hour:戌'] },
      { type: 'harm', chinese: '六害', between: ['luck:辰', 'month:卯'] },
    ]);
  });
});

describe('bad dates', () => {
  const code = (date: string) => {
    try {
      at(date);
    } catch (e) {
      return e instanceof AppError ? [e.code, e.message] : ['thrown', String(e)];
    }
    return ['none', ''];
  };
  it('names the field and the accepted form or dates', () => {
    expect(code('2024-02-30')).toEqual(['invalid_input', expect.stringMatching(/date/)]);
    expect(code('2022-03-08')[0]).toBe('invalid_input');
    expect(code('2022-03-08')[1]).toMatch(/before the birth date 2022-03-09/);
    expect(code('2400-01-01')).toEqual([
      'out_of_range',
      expect.stringMatching(/^date: .*1800-02-03 to 2399-11-28/),
    ]);
    expect(code('2022-03-09')[0]).toBe('none');
  });
});
