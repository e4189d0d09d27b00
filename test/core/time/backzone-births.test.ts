/**
 * Births before 1970 in zones that the IANA main data merges with a neighbour: the offset, the UTC and
 * the ascendant of a whole chart follow the zone's own history (backzone), not the neighbour's.
 *
 * Sources of the expected offsets: the IANA tz database 2026f with backzone (Debian tzdata
 * 2026f-0+deb12u1, vendored), read with Python's zoneinfo; the entries and the histories they cite:
 * - Sweden kept +01:00 from 1900 to 1980 but for summer 1916 (backzone Europe/Stockholm; Swedish
 *   summer time resumed 1980), so 1945 and 1947 summer births are +01:00 where Berlin kept +03:00
 *   (1945 midsummer double time) and +02:00;
 * - Denmark's 1947 summer time ended on 10 August (backzone rule Denmark 1947), Berlin's in October;
 * - Norway kept summer time (+02:00) from 1959 to 1965 (backzone rule Norway), Germany none;
 * - Amsterdam Mean Time +00:19:32 and its summer time +01:19:32 until 1937 (backzone
 *   Europe/Amsterdam; `shared/reference/astrology-bazi-location.md` D5 lists this case);
 * - Reykjavik local mean time -01:28 until 1908, Dakar -01:09:44 until 1912 (the main data's
 *   Abidjan has -00:16:08), Aruba -04:30 from 1912 to 1965 (Puerto Rico kept -03:00 war time in
 *   1942), Nassau -05:00 without 1918 summer time (Toronto kept it), Phnom Penh +09:00 from March to
 *   September 1945 under Japanese occupation (Bangkok +07:00).
 * - Montréal: GeoNames and the tz build (PACKRATLIST=zone.tab) give it America/Toronto, whose
 *   history is checked (backzone's own America/Montreal says its pre-1970 entries "are unchecked and
 *   probably have errors"): 1948 summer time began on 25 April (reference D5), and before 1895
 *   Toronto's local mean time -05:17:32 is 23 minutes from Montréal's own -04:54:21, which the
 *   warning states.
 * The "main data" column is what the runtime's ICU (tz main data, no backzone) gave these births
 * before the service shipped its own zone data; each ascendant is recomputed from the expected UTC
 * with the Swiss Ephemeris houses directly, so the chart pipeline's time handling is what is tested.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { astrologyBirth } from '../../../src/core/astrology/index.js';
import { createEphemeris, type Ephemeris } from '../../../src/core/ephemeris/index.js';
import { formatOffset } from '../../../src/core/time/index.js';
import { sharedCities } from '../../helpers/shared.js';
import { angleDiff, jd } from '../../helpers/ephemeris.js';

let ephemeris: Ephemeris;
beforeAll(() => {
  ephemeris = createEphemeris();
});

interface Case {
  place: string;
  zone: string;
  date: string;
  time: string;
  /** Offset of the zone's own history, seconds. */
  offset: number;
  /** Offset the tz main data (merged zone) gives, seconds. */
  mainData: number;
  warning: RegExp;
}

const h = (hours: number, minutes = 0, seconds = 0) =>
  Math.sign(hours || minutes || seconds) *
  (Math.abs(hours) * 3600 + Math.abs(minutes) * 60 + Math.abs(seconds));
const BACKZONE = /backzone file.*less reliable/;
const LMT = /predates standard time there: the database's local mean time for the zone/;

const cases: Case[] = [
  {
    place: 'Stockholm, Sweden',
    zone: 'Europe/Stockholm',
    date: '1945-07-15',
    time: '12:00',
    offset: h(1),
    mainData: h(3),
    warning: BACKZONE,
  },
  {
    place: 'Stockholm, Sweden',
    zone: 'Europe/Stockholm',
    date: '1947-07-15',
    time: '12:00',
    offset: h(1),
    mainData: h(2),
    warning: BACKZONE,
  },
  {
    place: 'Copenhagen, Denmark',
    zone: 'Europe/Copenhagen',
    date: '1947-08-20',
    time: '12:00',
    offset: h(1),
    mainData: h(2),
    warning: BACKZONE,
  },
  {
    place: 'Oslo, Norway',
    zone: 'Europe/Oslo',
    date: '1959-07-15',
    time: '12:00',
    offset: h(2),
    mainData: h(1),
    warning: BACKZONE,
  },
  {
    place: 'Oslo, Norway',
    zone: 'Europe/Oslo',
    date: '1965-07-15',
    time: '12:00',
    offset: h(2),
    mainData: h(1),
    warning: BACKZONE,
  },
  {
    place: 'Amsterdam, Netherlands',
    zone: 'Europe/Amsterdam',
    date: '1935-01-15',
    time: '12:00',
    offset: h(0, 19, 32),
    mainData: h(0),
    warning: BACKZONE,
  },
  {
    place: 'Amsterdam, Netherlands',
    zone: 'Europe/Amsterdam',
    date: '1935-07-15',
    time: '12:00',
    offset: h(1, 19, 32),
    mainData: h(1),
    warning: BACKZONE,
  },
  {
    place: 'Reykjavik, Iceland',
    zone: 'Atlantic/Reykjavik',
    date: '1880-06-01',
    time: '12:00',
    offset: -h(1, 28),
    mainData: -h(0, 16, 8),
    warning: LMT,
  },
  {
    place: 'Dakar, Senegal',
    zone: 'Africa/Dakar',
    date: '1890-06-01',
    time: '12:00',
    offset: -h(1, 9, 44),
    mainData: -h(0, 16, 8),
    warning: LMT,
  },
  {
    place: 'Oranjestad, Aruba',
    zone: 'America/Aruba',
    date: '1942-07-01',
    time: '12:00',
    offset: -h(4, 30),
    mainData: -h(3),
    warning: BACKZONE,
  },
  {
    place: 'Nassau, Bahamas',
    zone: 'America/Nassau',
    date: '1918-07-01',
    time: '12:00',
    offset: -h(5),
    mainData: -h(4),
    warning: BACKZONE,
  },
  {
    place: 'Phnom Penh, Cambodia',
    zone: 'Asia/Phnom_Penh',
    date: '1945-07-01',
    time: '12:00',
    offset: h(9),
    mainData: h(7),
    warning: BACKZONE,
  },
];

const utcOf = (date: string, time: string, offset: number) =>
  Date.parse(`${date}T${time}:00Z`) - offset * 1000;
const isoSecond = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

describe('births in zones the main data merges: the zone’s own history', () => {
  it.each(cases)('$place $date $time: the zone’s own offset, UTC and ascendant', async (c) => {
    const birth = astrologyBirth(
      { cities: await sharedCities(), ephemeris },
      { birthDate: c.date, birthTime: c.time, birthLocation: c.place },
    );
    const info = birth.birthInfo;
    expect(info.timezone).toBe(c.zone);
    expect(info.utcOffset).toBe(formatOffset(c.offset));
    const utc = utcOf(c.date, c.time, c.offset);
    expect(info.utc).toBe(isoSecond(utc));
    expect(birth.warnings).toEqual([expect.stringMatching(c.warning)]);

    // The ascendant is the one of the true UTC, and not the one the merged zone gave.
    const { lat, lon } = info.coordinates;
    const ascendantAt = (ms: number) =>
      ephemeris.houses(jd(new Date(ms).toISOString()), lat, lon, 'placidus')!.ascendant;
    expect(angleDiff(birth.personality.houses.ascendant, ascendantAt(utc))).toBeCloseTo(0, 6);
    const mainDataUtc = utcOf(c.date, c.time, c.mainData);
    expect(Math.abs(angleDiff(birth.personality.houses.ascendant, ascendantAt(mainDataUtc)))).toBeGreaterThan(
      2,
    );
  });
});

describe('Montréal before 1970 follows Toronto’s checked history', () => {
  it('1948: standard time on 9 April, summer time from 25 April', async () => {
    const cities = await sharedCities();
    const at = (date: string, time: string) =>
      astrologyBirth(
        { cities, ephemeris },
        { birthDate: date, birthTime: time, birthLocation: 'Montreal, QC' },
      );
    const before = at('1948-04-09', '00:05');
    expect(before.birthInfo).toMatchObject({
      timezone: 'America/Toronto',
      utcOffset: '-05:00',
      utc: '1948-04-09T05:05:00Z',
    });
    expect(before.warnings).toEqual([]);
    const after = at('1948-04-25', '12:00');
    expect(after.birthInfo).toMatchObject({ utcOffset: '-04:00', utc: '1948-04-25T16:00:00Z' });
  });

  it('1870: the zone’s local mean time, and how far Montréal’s own is from it', async () => {
    const birth = astrologyBirth(
      { cities: await sharedCities(), ephemeris },
      { birthDate: '1870-06-01', birthTime: '12:00', birthLocation: 'Montreal, QC' },
    );
    expect(birth.birthInfo.utcOffset).toBe('-05:17:32');
    expect(birth.warnings).toEqual([
      expect.stringMatching(
        /UTC-05:17:32 \(the mean solar time of Toronto\).*UTC-04:54:21, 23 min 11 s ahead/,
      ),
    ]);
  });
});
