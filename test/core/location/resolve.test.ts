/**
 * Normalisation and "City, State, Country" resolution against the offline table.
 * Expected values: GeoNames (geonameids, canonical names, admin1 names and the time-zone column as
 * published on geonames.org: Montréal 6077243 in Quebec on America/Toronto, Springfield IL 4250542 on
 * America/Chicago, Springfield MA 4951788 on America/New_York, São Paulo 3448439, Kyiv 703448 with the
 * alternate name "Kiev", Beijing 1816670 with "Peking", New York City 5128581); the parsing and
 * ranking rules of shared/spec/service-spec.md and shared/reference/astrology-bazi-location.md D4.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CityRecord,
  type CityTable,
  cityLabel,
  loadCityTable,
  lookupCity,
  matchKey,
  normalizeName,
  resolveCityRow,
} from '../../../src/core/location/index.js';

let table: CityTable;
beforeAll(async () => {
  table = await loadCityTable();
});

const resolve = (q: string): CityRecord => {
  const r = lookupCity(table, q);
  if (!r) throw new Error(`${q} did not resolve`);
  return r;
};

describe('normalizeName / matchKey', () => {
  it.each([
    ['São Paulo', 'sao paulo'],
    ['Sao Paulo', 'sao paulo'],
    ['St. Petersburg', 'st petersburg'],
    ['  MONTRÉAL ', 'montreal'],
    ['Val-d’Or', 'val dor'],
    ["N'Djamena", 'ndjamena'],
    ['Kraków', 'krakow'],
    ['Łódź', 'lodz'],
    ['Tromsø', 'tromso'],
    ['İstanbul', 'istanbul'],
    ['Bosnia & Herzegovina', 'bosnia and herzegovina'],
  ])('normalizeName(%s) = %s', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });

  it('expands abbreviated first words so "St." and "Saint" meet', () => {
    expect(matchKey('St. Petersburg')).toBe('saint petersburg');
    expect(matchKey('Saint Petersburg')).toBe('saint petersburg');
    expect(matchKey('Ft. Worth')).toBe('fort worth');
    expect(matchKey('Mt. Vernon')).toBe('mount vernon');
    expect(matchKey('Stockholm')).toBe('stockholm');
  });
});

describe('resolution', () => {
  it.each([
    'Montréal',
    'Montreal',
    'Montreal, Canada',
    'Montreal, QC',
    'Montréal, Quebec',
    'Montreal, Quebec, Canada',
  ])('%s is Montréal, Quebec (GeoNames 6077243, America/Toronto)', (q) => {
    const r = resolve(q);
    expect(r.geonameId).toBe(6077243);
    expect(r.label).toBe('Montréal, Quebec, Canada');
    expect(r.timezone).toBe('America/Toronto');
  });

  it('"Springfield, IL" and "Springfield, MA" are different cities in different zones', () => {
    const il = resolve('Springfield, IL');
    const ma = resolve('Springfield, MA');
    expect([il.geonameId, il.province, il.timezone]).toEqual([4250542, 'Illinois', 'America/Chicago']);
    expect([ma.geonameId, ma.province, ma.timezone]).toEqual([4951788, 'Massachusetts', 'America/New_York']);
    expect(resolve('Springfield, Illinois').geonameId).toBe(4250542);
    expect(resolve('Springfield, Massachusetts, United States').geonameId).toBe(4951788);
  });

  it('"São Paulo" and "Sao Paulo" are the same Brazilian city', () => {
    const a = resolve('São Paulo');
    const b = resolve('Sao Paulo');
    expect(a.geonameId).toBe(3448439);
    expect(b.geonameId).toBe(a.geonameId);
    expect(a.countryCode).toBe('BR');
    expect(a.timezone).toBe('America/Sao_Paulo');
  });

  it('alternate names find the city when no place has that primary name', () => {
    expect(resolve('Kiev').geonameId).toBe(703448);
    expect(resolve('Kiev').name).toBe('Kyiv');
    expect(resolve('Peking').geonameId).toBe(1816670);
    expect(resolve('New York').geonameId).toBe(5128581);
  });

  it('a primary name outranks an alternate name of a larger place (GeoNames: Canton, Michigan vs Guangzhou)', () => {
    expect(resolve('Canton').countryCode).toBe('US');
    expect(resolve('Guangzhou').countryCode).toBe('CN');
  });

  it('"St." and "Saint" resolve alike, then population decides; a state picks the smaller one', () => {
    expect(resolve('St. Petersburg').countryCode).toBe('RU');
    expect(resolve('Saint Petersburg').countryCode).toBe('RU');
    const fl = resolve('St. Petersburg, FL');
    expect([fl.countryCode, fl.province, fl.timezone]).toEqual(['US', 'Florida', 'America/New_York']);
  });

  it('accepts ISO codes, country aliases and names in a few languages as qualifiers', () => {
    expect(resolve('London, GB').geonameId).toBe(2643743);
    expect(resolve('London, UK').geonameId).toBe(2643743);
    expect(resolve('London, England').geonameId).toBe(2643743);
    expect(resolve('London, ON').province).toBe('Ontario');
    expect(resolve('Chicago, USA').geonameId).toBe(4887398);
    expect(resolve('München, Deutschland').name).toBe('Munich');
    expect(resolve('Washington, DC').province).toBe('District of Columbia');
    expect(resolve('Sydney, NSW').timezone).toBe('Australia/Sydney');
  });

  it('an unrecognised or contradicting qualifier does not resolve', () => {
    expect(resolveCityRow(table, 'Springfield, XX')).toBe(-1);
    expect(resolveCityRow(table, 'Toronto, Quebec')).toBe(-1);
    expect(resolveCityRow(table, 'Montreal, France, Canada')).toBe(-1);
  });

  it('before a final country, a part is read as a state ("México" is a state and the country)', () => {
    const r = resolve('Toluca, México, Mexico');
    expect(r.province).toBe('México');
    expect(resolve('Mexico City, Mexico').province).toBe('Mexico City');
  });

  it('a name that itself holds commas gets a label that resolves back to it', () => {
    const row = table.names.indexOf('Basford, Stoke-on-Trent');
    expect(row).toBeGreaterThanOrEqual(0);
    const label = cityLabel(table, row);
    expect(label.startsWith('Basford / Stoke-on-Trent, ')).toBe(true);
    expect(resolveCityRow(table, label)).toBe(row);
  });
});
