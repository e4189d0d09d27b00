/**
 * searchCities (the city picker) and coordinates -> time zone.
 * Expected values: GeoNames places and populations (London 2643743 is the most populous place whose
 * name starts with "Lond"; Paris 2988507 the most populous Paris; Paris, Texas 4717560); the ranking
 * rules of shared/reference/astrology-bazi-location.md D4 (exact, then prefix, then close spellings;
 * then population). Zones at free coordinates: the timezone-boundary-builder polygons in geo-tz's
 * comprehensive dataset, which keeps pre-1970 zones apart (Bangkok is Asia/Bangkok there, while the
 * default "alike since 1970" dataset answers Asia/Jakarta; D1 of the same reference).
 * Numbered districts: GeoNames lists Lyon's nine arrondissements as "Lyon 01".."Lyon 09" and
 * Marseille's sixteen as "Marseille 01".."Marseille 16" (Wikipedia "Arrondissements of Lyon",
 * "Arrondissements of Marseille"); Paris's twenty are not in the 1,000+ table at all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import {
  type CityTable,
  checkCoordinate,
  fuzzyKeys,
  isNumberedDistrict,
  loadCityTable,
  maxEditDistance,
  resolveCityRow,
  searchCities,
  transpositionDistance,
  validateLocation,
  zoneAt,
} from '../../../src/core/location/index.js';

let table: CityTable;
beforeAll(async () => {
  table = await loadCityTable();
});

const values = (q: string, options = {}) => searchCities(table, q, options).map((s) => s.value);

describe('searchCities', () => {
  it('prefix: "Lond" finds London first', () => {
    const r = searchCities(table, 'Lond');
    expect(r[0]?.value).toBe('London, England, United Kingdom');
    expect(r.every((s) => s.name.toLowerCase().startsWith('lond'))).toBe(true);
  });

  it('items are shaped like validate-location suggestions', () => {
    expect(searchCities(table, 'Montreal', { limit: 1 })).toEqual([
      {
        name: 'Montréal',
        province: 'Quebec',
        country: 'Canada',
        timezone: 'America/Toronto',
        coordinates: { lat: expect.closeTo(45.509, 2), lng: expect.closeTo(-73.588, 2) },
        population: expect.any(Number),
        value: 'Montréal, Quebec, Canada',
      },
    ]);
  });

  it('typo: "Pariss" finds Paris, France first, then other Parises', () => {
    const r = searchCities(table, 'Pariss', { limit: 5 });
    expect(r[0]?.value).toBe('Paris, Île-de-France, France');
    expect(r.map((s) => s.name)).toEqual(['Paris', 'Paris', 'Paris', 'Paris', 'Paris']);
  });

  it('typo with swapped letters: "Lodnon" finds London', () => {
    expect(values('Lodnon')[0]).toBe('London, England, United Kingdom');
    expect(transpositionDistance('lodnon', 'london')).toBe(1);
    expect(transpositionDistance('torronto', 'toronto')).toBe(1);
  });

  it('exact names come before longer names that start with the query', () => {
    expect(values('Paris')[0]).toBe('Paris, Île-de-France, France');
    expect(values('York')[0]).toMatch(/^York, /);
  });

  it('alternate names count: "Kiev" finds Kyiv', () => {
    expect(values('Kiev')[0]).toBe('Kyiv, Kyiv City, Ukraine');
  });

  it('country filter by ISO code or name', () => {
    const us = searchCities(table, 'Paris', { country: 'US', limit: 5 });
    expect(us[0]?.value).toBe('Paris, Texas, United States');
    expect(us.every((s) => s.country === 'United States')).toBe(true);
    expect(values('Paris', { country: 'canada', limit: 3 }).every((v) => v.endsWith(', Canada'))).toBe(true);
    expect(() => searchCities(table, 'Paris', { country: 'Atlantis' })).toThrow(AppError);
  });

  it('qualifiers in the query, the last one possibly half typed', () => {
    expect(values('Springfield, IL')).toEqual(['Springfield, Illinois, United States']);
    expect(values('Springfield, Ill')).toEqual(['Springfield, Illinois, United States']);
    expect(values('Springfield, Mass')[0]).toBe('Springfield, Massachusetts, United States');
    expect(values('Springfield, Nowhereland')).toEqual([]);
  });

  it('limit: default 10, at most 20, validated', () => {
    expect(searchCities(table, 'San')).toHaveLength(10);
    expect(searchCities(table, 'San', { limit: 20 })).toHaveLength(20);
    expect(searchCities(table, 'San', { limit: 3 })).toHaveLength(3);
    for (const limit of [0, 21, 2.5, Number.NaN]) {
      expect(() => searchCities(table, 'San', { limit }), String(limit)).toThrow(AppError);
    }
  });

  it('results are distinct places with distinct values', () => {
    const r = searchCities(table, 'Spring', { limit: 20 });
    expect(new Set(r.map((s) => s.value)).size).toBe(r.length);
  });

  it('an empty or punctuation-only query gives nothing', () => {
    expect(searchCities(table, '')).toEqual([]);
    expect(searchCities(table, ' ,.- ')).toEqual([]);
  });

  it('typo tolerance scales with length', () => {
    expect([3, 4, 6, 7, 10, 11].map(maxEditDistance)).toEqual([0, 1, 1, 2, 2, 3]);
    expect(fuzzyKeys(table, 'rme', maxEditDistance(3))).toEqual([]);
    expect(fuzzyKeys(table, 'rome', maxEditDistance(4)).length).toBeGreaterThan(0);
  });
});

describe('numbered districts', () => {
  const numbered = (city: string) => new RegExp(`^${city} \\d+$`);

  it.each([
    ['Lyon', 'Lyon, Auvergne-Rhône-Alpes, France'],
    ['Marseille', "Marseille, Provence-Alpes-Côte d'Azur, France"],
    ['Paris', 'Paris, Île-de-France, France'],
    ['Lyo', 'Lyon, Auvergne-Rhône-Alpes, France'],
    ['Marseil', "Marseille, Provence-Alpes-Côte d'Azur, France"],
  ])('"%s" lists the city, not its numbered districts', (query, city) => {
    const r = searchCities(table, query, { limit: 20 });
    expect(r[0]?.value).toBe(city);
    const base = city.split(',')[0]!;
    expect(r.filter((s) => numbered(base).test(s.name))).toEqual([]);
  });

  it('the districts leave room for other places (close spellings fill the list)', () => {
    expect(searchCities(table, 'Marseille', { limit: 20 })).toHaveLength(20);
    expect(searchCities(table, 'Lyon', { limit: 20 })).toHaveLength(20);
  });

  it('a query with a number finds them', () => {
    expect(values('Lyon 03')[0]).toBe('Lyon 03, Auvergne-Rhône-Alpes, France');
    expect(values('Lyon 0').every((v) => /^Lyon 0\d, /.test(v))).toBe(true);
    expect(values('Lyon 0')).toHaveLength(9);
    expect(values('Marseille 13')[0]).toBe("Marseille 13, Provence-Alpes-Côte d'Azur, France");
  });

  it('they still resolve as birth places', () => {
    const r = validateLocation(table, { birthLocation: 'Lyon 03' });
    expect(r.valid && r.resolved.city).toBe('Lyon 03, Auvergne-Rhône-Alpes, France');
  });

  it('isNumberedDistrict needs the larger city of that name in the same region', () => {
    expect(isNumberedDistrict(table, resolveCityRow(table, 'Lyon 03'))).toBe(true);
    expect(isNumberedDistrict(table, resolveCityRow(table, 'Marseille 16'))).toBe(true);
    expect(isNumberedDistrict(table, resolveCityRow(table, 'Lyon'))).toBe(false);
    // "Sector 1" of Bucharest is not "<a place> <number>": there is no place "Sector".
    expect(isNumberedDistrict(table, resolveCityRow(table, 'Sector 1, Romania'))).toBe(false);
    let count = 0;
    for (let row = 0; row < table.size; row++) if (isNumberedDistrict(table, row)) count++;
    expect(count).toBe(9 + 16);
  });
});

describe('coordinates -> zone (geo-tz comprehensive dataset)', () => {
  it.each([
    [51.5, -0.12, 'Europe/London'],
    [13.75, 100.5, 'Asia/Bangkok'],
    [40.7128, -74.006, 'America/New_York'],
    [-33.87, 151.21, 'Australia/Sydney'],
    [22.57, 88.36, 'Asia/Kolkata'],
  ])('%s, %s is %s', (lat, lon, zone) => {
    expect(zoneAt(lat, lon)).toBe(zone);
  });

  it('range checks name the field', () => {
    expect(checkCoordinate(-90, 'latitude', 90)).toBe(-90);
    expect(checkCoordinate(180, 'longitude', 180)).toBe(180);
    for (const [value, limit] of [
      [90.0001, 90],
      [-181, 180],
      [Number.NaN, 90],
      ['51.5', 90],
    ] as const) {
      expect(() => checkCoordinate(value, 'lat1', limit)).toThrow(/^lat1: /);
    }
  });
});
