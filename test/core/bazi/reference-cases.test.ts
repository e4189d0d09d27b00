/**
 * BaZi charts against published and measured reference charts (reference file
 * astrology-bazi-location.md, sections C1 and C5; birth times are China Standard Time, UTC+8,
 * unless noted):
 * - 2005-12-23 08:37: lunar-javascript `__tests__/EightChar.test.js` (pillars, hidden stems, ten gods
 *   of the stems, na yin); luck measured with lunar-javascript 1.7.7: male backward, first 丁亥 from
 *   2011 (5y4m), female forward, first 己丑.
 * - 1988-02-15 23:30: lunar-javascript tests test2/test2a (both zi-hour conventions); male forward,
 *   first 乙卯, 6y3m in lunar-javascript (counting whole two-hour blocks).
 * - 2022-03-09 20:51 male: lunar-javascript Yun.test.js test4/test5 and tyme4ts's exact provider:
 *   8y 9m 2d, 2030-12-12, first luck 甲辰.
 * - 2020-01-06 11:22 male: lunar-javascript Yun.test.js test2/test3: start 2020-02-06 (sect 1); our
 *   exact count may differ by days (schools differ), so start dates are held to 15 days.
 * - 1999-06-07 09:11: lunar-javascript EightChar test12.
 * - 1983-10-28 23:30: tyme4j issue #17 (癸亥 壬戌 庚寅 丙子 with the day starting at 23:00) and
 *   tyme4ts LunarSect2EightCharProvider (己丑 day with the day starting at midnight).
 * - 2024-02-04 Beijing 16:00 vs 17:00 and New York 05:00 EST: measured (lunar-javascript = swisseph),
 *   Lichun 2024-02-04 08:27:06 UT (nongjiao.com gives 16:26:53 Beijing).
 * - Day pillars 1949-10-01 甲子 (chart of the founding ceremony), 2022-10-01 丁亥, 2025-01-13 壬午
 *   (6tail/lunar-typescript#15), 1988-08-02 己丑 (6tail/lunar-javascript#61), 2000-01-01 戊午.
 * - Apparent solar time: the Sun's hour angle from astronomy-engine (independent code).
 */
import * as Astronomy from 'astronomy-engine';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type BaziChart,
  type BaziOptions,
  computeBazi,
  type DayBoundary,
  type Gender,
} from '../../../src/core/bazi/index.js';
import { createEphemeris, type Ephemeris } from '../../../src/core/ephemeris/index.js';

const BEIJING_LON = 116.4;
const DAYS_TOLERANCE = 15;

let eph: Ephemeris;
beforeAll(() => {
  eph = createEphemeris();
});

/** Chart of a local wall time (`YYYY-MM-DDTHH:MM`) at a fixed UTC offset in hours. */
function chart(
  local: string,
  options: Partial<BaziOptions> & { gender?: Gender } = {},
  offsetHours = 8,
  longitude = BEIJING_LON,
): BaziChart {
  const utcMs = Date.parse(`${local}:00Z`) - offsetHours * 3_600_000;
  return computeBazi(
    eph,
    { utcMs, offsetSeconds: offsetHours * 3600, longitude },
    { gender: 'male', dayBoundary: 'midnight', solarTime: 'standard', ...options },
  );
}

const four = (c: BaziChart): string =>
  [c.pillars.year, c.pillars.month, c.pillars.day, c.pillars.hour].map((p) => p.ganzhi).join(' ');
const daysBetween = (a: string, b: string): number => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

describe('lunar-javascript EightChar reference: 2005-12-23 08:37', () => {
  it('pillars, hidden stems, ten gods and na yin', () => {
    const c = chart('2005-12-23T08:37');
    const { year, month, day, hour } = c.pillars;
    expect(four(c)).toBe('乙酉 戊子 辛巳 壬辰');
    expect([year, month, day, hour].map((p) => p.hiddenStems.map((h) => h.char).join(''))).toEqual([
      '辛',
      '癸',
      '丙庚戊',
      '戊乙癸',
    ]);
    expect([year, month, day, hour].map((p) => p.tenGod.chinese)).toEqual(['偏财', '正印', '日主', '伤官']);
    expect([year, month, day, hour].map((p) => p.naYin.chinese)).toEqual([
      '泉中水',
      '霹雳火',
      '白蜡金',
      '长流水',
    ]);
    expect(c.dayMaster).toEqual({ char: '辛', pinyin: 'xīn', element: 'metal', polarity: 'yin' });
    // Branch ten gods are those of the hidden stems (day master 辛): 巳 holds 丙 正官, 庚 劫财, 戊 正印.
    expect(day.hiddenStems.map((h) => h.tenGod.chinese)).toEqual(['正官', '劫财', '正印']);
  });

  it('male: backward from the previous jie, first luck 丁亥 from 2011 at 5 years 4 months', () => {
    const luck = chart('2005-12-23T08:37').luckPillars;
    expect(luck.direction).toBe('backward');
    expect(luck.countedTo.pinyin).toBe('Daxue');
    expect(luck.startAge).toMatchObject({ years: 5, months: 4 });
    expect(luck.pillars[0]).toMatchObject({ ganzhi: '丁亥', startYear: 2011 });
    expect(luck.pillars.map((p) => p.ganzhi).slice(0, 3)).toEqual(['丁亥', '丙戌', '乙酉']);
  });

  it('female: forward, first luck 己丑', () => {
    const luck = chart('2005-12-23T08:37', { gender: 'female' }).luckPillars;
    expect(luck.direction).toBe('forward');
    expect(luck.countedTo.pinyin).toBe('Xiaohan');
    expect(luck.pillars[0]?.ganzhi).toBe('己丑');
  });
});

describe('zi hour (23:00-23:59) under both day boundaries', () => {
  it('1988-02-15 23:30: 庚子 day at midnight boundary, 辛丑 at 23:00; hour 戊子 either way', () => {
    expect(four(chart('1988-02-15T23:30'))).toBe('戊辰 甲寅 庚子 戊子');
    expect(four(chart('1988-02-15T23:30', { dayBoundary: '23:00' }))).toBe('戊辰 甲寅 辛丑 戊子');
  });

  it('1983-10-28 23:30: 己丑 day (midnight) vs 庚寅 day (23:00), hour 丙子', () => {
    const byBoundary = (b: DayBoundary) => four(chart('1983-10-28T23:30', { dayBoundary: b }));
    expect(byBoundary('midnight')).toBe('癸亥 壬戌 己丑 丙子');
    expect(byBoundary('23:00')).toBe('癸亥 壬戌 庚寅 丙子');
  });

  it('the early zi hour (00:30) is the same day under both boundaries', () => {
    expect(four(chart('1983-10-29T00:30'))).toBe('癸亥 壬戌 庚寅 丙子');
    expect(four(chart('1983-10-29T00:30', { dayBoundary: '23:00' }))).toBe('癸亥 壬戌 庚寅 丙子');
  });

  it('1988-02-15 23:30 male: forward, first luck 乙卯 at about 6 years 3 months', () => {
    const luck = chart('1988-02-15T23:30').luckPillars;
    expect(luck.direction).toBe('forward');
    expect(luck.pillars[0]?.ganzhi).toBe('乙卯');
    // lunar-javascript: 6y3m after birth, i.e. about 1994-05-15.
    expect(daysBetween(luck.startDate, '1994-05-15')).toBeLessThanOrEqual(DAYS_TOLERANCE);
  });
});

describe('luck start references', () => {
  it('2022-03-09 20:51 male: forward 8y 9m 2d to 2030-12-12, first 甲辰', () => {
    const c = chart('2022-03-09T20:51');
    expect(four(c)).toBe('壬寅 癸卯 辛酉 戊戌');
    expect(c.luckPillars).toMatchObject({
      direction: 'forward',
      startAge: { years: 8, months: 9, days: 2 },
      startDate: '2030-12-12',
    });
    expect(c.luckPillars.pillars[0]).toMatchObject({ ganzhi: '甲辰', startYear: 2030 });
    expect(c.luckPillars.pillars[1]).toMatchObject({ ganzhi: '乙巳', startYear: 2040 });
    expect(c.luckPillars.pillars[1]?.startAge).toEqual({ years: 18, months: 9, days: 2 });
  });

  it('2020-01-06 11:22 male: backward, starts about a month later (2020-02-06 within 15 days)', () => {
    const c = chart('2020-01-06T11:22');
    expect(four(c)).toBe('己亥 丁丑 戊申 戊午');
    expect(c.luckPillars.direction).toBe('backward');
    expect(c.luckPillars.pillars[0]?.ganzhi).toBe('丙子');
    expect(daysBetween(c.luckPillars.startDate, '2020-02-06')).toBeLessThanOrEqual(DAYS_TOLERANCE);
  });

  it('each luck pillar lists its ten annual pillars from its start year', () => {
    const first = chart('2022-03-09T20:51').luckPillars.pillars[0];
    expect(first?.years).toHaveLength(10);
    expect(first?.years[0]).toEqual({ year: 2030, ganzhi: '庚戌' });
    expect(first?.years[9]).toEqual({ year: 2039, ganzhi: '己未' });
  });
});

describe('pillars of other references', () => {
  it('1999-06-07 09:11', () => {
    expect(four(chart('1999-06-07T09:11'))).toBe('己卯 庚午 庚寅 辛巳');
  });

  it.each([
    ['1949-10-01', '甲子'],
    ['2022-10-01', '丁亥'],
    ['2025-01-13', '壬午'],
    ['1988-08-02', '己丑'],
    ['1988-08-03', '庚寅'],
    ['2000-01-01', '戊午'],
    ['2024-01-01', '甲子'],
  ])('day pillar of %s is %s', (date, ganzhi) => {
    expect(chart(`${date}T12:00`).pillars.day.ganzhi).toBe(ganzhi);
  });
});

describe('year and month from the true instant (Lichun 2024-02-04 08:27:06 UT)', () => {
  it('Beijing 16:00 is before Lichun, 17:00 after', () => {
    const before = chart('2024-02-04T16:00');
    const after = chart('2024-02-04T17:00');
    expect(four(before)).toBe('癸卯 乙丑 戊戌 庚申');
    expect(four(after)).toBe('甲辰 丙寅 戊戌 辛酉');
    expect(after.solarTerms.previous).toMatchObject({ chinese: '立春', utc: '2024-02-04T08:27:06Z' });
    expect(before.warnings[0]).toMatch(/27 minutes before the solar term Lichun.*year and month/);
  });

  it('New York 05:00 EST (10:00 UT) is after Lichun: 甲辰 丙寅, not the 癸卯 乙丑 of the local clock read as Beijing time', () => {
    const c = chart('2024-02-04T05:00', {}, -5, -74.006);
    expect(four(c)).toBe('甲辰 丙寅 戊戌 乙卯');
    expect(c.warnings).toEqual([]);
  });
});

describe('true solar time', () => {
  it('Beijing 2024-02-11 13:10 is 12:41 apparent solar time: the hour becomes 午', () => {
    const civil = chart('2024-02-11T13:10');
    const solar = chart('2024-02-11T13:10', { solarTime: 'true' });
    expect(civil.pillars.hour.branch.char).toBe('未');
    expect(solar.pillars.hour.branch.char).toBe('午');
    expect(solar.pillarClock.basis).toBe('apparent-solar');
    // astronomy-engine: apparent solar time = the Sun's hour angle + 12 h at the birth longitude.
    const date = new Date(Date.UTC(2024, 1, 11, 5, 10));
    const hourAngle = Astronomy.HourAngle(
      Astronomy.Body.Sun,
      date,
      new Astronomy.Observer(39.9, BEIJING_LON, 0),
    );
    const [h, m, s] = (solar.pillarClock.time.split(':') as [string, string, string]).map(Number) as [
      number,
      number,
      number,
    ];
    expect(Math.abs(h + m / 60 + s / 3600 - ((hourAngle + 12) % 24)) * 3600).toBeLessThan(2);
    expect(solar.pillars.year.ganzhi).toBe(civil.pillars.year.ganzhi);
  });

  it('a birth just after midnight far west of its zone meridian falls on the previous day', () => {
    // Kashgar (75.99 E) on Beijing time: local mean time is about 2 h 56 min behind the clock.
    const civil = chart('2024-06-10T01:00', {}, 8, 75.99);
    const solar = chart('2024-06-10T01:00', { solarTime: 'true' }, 8, 75.99);
    expect(solar.pillarClock.date).toBe('2024-06-09');
    expect(solar.pillars.day.ganzhi).not.toBe(civil.pillars.day.ganzhi);
  });
});

describe('elements and range', () => {
  it('counts the elements of the eight characters', () => {
    // 乙酉 戊子 辛巳 壬辰: wood 1, fire 1, earth 2, metal 2, water 2.
    expect(chart('2005-12-23T08:37').elements).toEqual({ wood: 1, fire: 1, earth: 2, metal: 2, water: 2 });
  });

  it('refuses births whose solar terms leave the ephemeris files', () => {
    expect(() => chart('1800-01-10T12:00')).toThrow(/supported dates for BaZi/);
    expect(() => chart('2399-12-20T12:00')).toThrow(/supported dates for BaZi/);
  });
});
