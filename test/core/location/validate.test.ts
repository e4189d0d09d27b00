/**
 * validateLocation and resolveBirthPlace: the spec's "Location resolution - response",
 * "Validate-location body" and "Validate-location rules" (shared/spec/service-spec.md).
 * Expected places, zones and populations: GeoNames (Montréal 6077243 on America/Toronto, Toronto
 * 6167865 in Ontario, New York City 5128581). Expected offsets: the IANA tz database as cross-checked in
 * shared/reference/astrology-bazi-location.md D5 (Toronto DST 1948 began April 25; London double
 * summer time 1941; Moscow summer time 1990; Kolkata war time 1942-45). Coordinates -> zone: the
 * timezone-boundary-builder polygons shipped in geo-tz (London 51.5 N 0.12 W is Europe/London).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import {
  type CityTable,
  type LocationInput,
  type LocationValidation,
  loadCityTable,
  resolveBirthPlace,
  validateLocation,
} from '../../../src/core/location/index.js';

let table: CityTable;
beforeAll(async () => {
  table = await loadCityTable();
});

const validate = (input: LocationInput) => validateLocation(table, input);
function invalid(input: LocationInput) {
  const r = validate(input);
  if (r.valid) throw new Error(`${JSON.stringify(input)} unexpectedly resolved to ${r.resolved.city}`);
  return r;
}
function valid(input: LocationInput) {
  const r = validate(input);
  if (!r.valid) throw new Error(`${JSON.stringify(input)} did not resolve: ${r.error}`);
  return r;
}
function appError(f: () => unknown): AppError {
  try {
    f();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}
const populationsDescending = (r: LocationValidation) => {
  if (r.valid) return true;
  const p = r.suggestions.map((s) => s.population);
  return p.every((v, i) => i === 0 || p[i - 1]! >= v);
};

describe('resolved places', () => {
  it.each(['Montréal', 'Montreal, Canada', 'Montreal, QC'])(
    '%s: America/Toronto, UTC-5 on 1948-04-09 00:05 (before DST) and UTC-4 on 1948-07-15',
    (birthLocation) => {
      const april = valid({ birthLocation, birthDate: '1948-04-09', birthTime: '00:05' });
      expect(april).toEqual({
        valid: true,
        input: birthLocation,
        resolved: {
          city: 'Montréal, Quebec, Canada',
          timezone: 'America/Toronto',
          coordinates: { lat: expect.closeTo(45.509, 2), lon: expect.closeTo(-73.588, 2) },
          offset: -5,
          source: 'offline-city-lookup',
        },
      });
      expect(valid({ birthLocation, birthDate: '1948-07-15', birthTime: '12:00' }).resolved.offset).toBe(-4);
    },
  );

  it.each([
    ['London', '1941-06-15', '12:00', 2],
    ['Moscow', '1990-07-15', '12:00', 4],
    ['Kolkata', '1943-06-15', '12:00', 6.5],
    ['Montreal', undefined, undefined, -5], // default 2000-01-01 12:00, EST
    ['Sydney, NSW', undefined, undefined, 11], // default date is southern summer
  ])('%s on %s %s is UTC%s', (birthLocation, birthDate, birthTime, offset) => {
    expect(valid({ birthLocation, birthDate, birthTime }).resolved.offset).toBe(offset);
  });

  it('Springfield, IL and Springfield, MA are in different zones', () => {
    expect(valid({ birthLocation: 'Springfield, IL' }).resolved).toMatchObject({
      city: 'Springfield, Illinois, United States',
      timezone: 'America/Chicago',
    });
    expect(valid({ birthLocation: 'Springfield, MA' }).resolved).toMatchObject({
      city: 'Springfield, Massachusetts, United States',
      timezone: 'America/New_York',
    });
  });

  it('"Kiev" resolves to Kyiv; "São Paulo" and "Sao Paulo" to the same city', () => {
    expect(valid({ birthLocation: 'Kiev' }).resolved.city).toBe('Kyiv, Kyiv City, Ukraine');
    expect(valid({ birthLocation: 'Sao Paulo' }).resolved).toEqual(
      valid({ birthLocation: 'São Paulo' }).resolved,
    );
  });

  it('the input is echoed trimmed, and the result has exactly the spec fields', () => {
    const r = valid({ birthLocation: '  Chicago, IL ' });
    expect(Object.keys(r).sort()).toEqual(['input', 'resolved', 'valid']);
    expect(Object.keys(r.resolved).sort()).toEqual(['city', 'coordinates', 'offset', 'source', 'timezone']);
    expect(r.input).toBe('Chicago, IL');
  });
});

describe('unresolvable input is valid: false with suggestions (rules 1, 2)', () => {
  it('"Torronto" fails with Toronto, Ontario first', () => {
    const r = invalid({ birthLocation: 'Torronto' });
    expect(Object.keys(r).sort()).toEqual(['error', 'input', 'suggestions', 'valid']);
    expect(r.input).toBe('Torronto');
    expect(r.error).toMatch(/Torronto/);
    expect(r.suggestions[0]).toEqual({
      name: 'Toronto',
      province: 'Ontario',
      country: 'Canada',
      timezone: 'America/Toronto',
      coordinates: { lat: expect.closeTo(43.7, 1), lng: expect.closeTo(-79.42, 1) },
      population: expect.any(Number),
      value: 'Toronto, Ontario, Canada',
    });
    expect(Number.isInteger(r.suggestions[0]!.population)).toBe(true);
  });

  it.each([
    'Torronto',
    'Pariss',
    'Lodnon',
    'Springfeld',
    'Xyzzyplace',
    'Toronto, Quebec',
    'Springfield, XX',
    'Sann Fransisco',
  ])('suggestions for %s: at most 5, sorted by population, each value resolves', (birthLocation) => {
    const r = invalid({ birthLocation });
    expect(r.suggestions.length).toBeLessThanOrEqual(5);
    expect(populationsDescending(r)).toBe(true);
    for (const s of r.suggestions) expect(valid({ birthLocation: s.value }).resolved.city).toBe(s.value);
  });

  it('attempt (b): the first space-separated token when the full input finds nothing', () => {
    const r = invalid({ birthLocation: 'Torronto Zzzzqqq' });
    expect(r.suggestions.map((s) => s.value)).toContain('Toronto, Ontario, Canada');
  });

  it('attempt (c): the first 4 characters when the token finds nothing either', () => {
    const r = invalid({ birthLocation: 'Londxqzw' });
    expect(r.suggestions.length).toBeGreaterThan(0);
    for (const s of r.suggestions) expect(s.name.toLowerCase().startsWith('lond')).toBe(true);
  });

  it('nothing similar: valid false with an empty suggestions list', () => {
    const r = invalid({ birthLocation: 'Qqqqxxxzzz' });
    expect(r.suggestions).toEqual([]);
  });
});

describe('short input and country codes (rules 3, 4)', () => {
  it('"US" is a country code: a hint and empty suggestions', () => {
    const r = invalid({ birthLocation: 'US' });
    expect(r.suggestions).toEqual([]);
    expect(r.hint).toMatch(/country is not a birth place/i);
    expect(r.hint).toMatch(/"[^"]+, [^"]+"/);
    expect(r.error).toMatch(/United States/);
    expect(Object.keys(r).sort()).toEqual(['error', 'hint', 'input', 'suggestions', 'valid']);
    expect(invalid({ birthLocation: 'de' }).hint).toBeDefined();
    expect(invalid({ birthLocation: 'UK' }).error).toMatch(/United Kingdom/);
  });

  // Rule 1 and rule 3 together: input under 3 characters is not resolved (valid false saying that a
  // place needs 3), as every unresolvable input is; the schema refuses fewer than 2 before this.
  it.each(['ab', 'x', '  ', 'a.', '!!', '00'])(
    '%j is valid=false: too short for a place name',
    (birthLocation) => {
      const r = invalid({ birthLocation });
      expect(r.error).toMatch(/too short for a place name: send at least 3 characters/);
      expect(r.suggestions).toEqual([]);
      expect(r.hint).toBeUndefined();
    },
  );

  it('regression: "🏙️🌍💥" (3 characters as a person counts them) was refused as under 3 characters; it is looked up and not found', () => {
    const r = invalid({ birthLocation: '🏙️🌍💥' });
    expect(r.error).toMatch(/^No place matching "🏙️🌍💥" was found/);
    expect(r.suggestions).toEqual([]);
    // Combining marks count with their letter: "e\u0301" is one character, so this is 2.
    expect(invalid({ birthLocation: 'e\u0301x' }).error).toMatch(/too short/);
  });

  it('no hint for an ordinary failure', () => {
    expect(invalid({ birthLocation: 'Torronto' }).hint).toBeUndefined();
  });
});

describe('a bare country name (our rule: never a silent town of that name abroad)', () => {
  it('"India" is not Inđija, Serbia: valid false with the largest Indian places', () => {
    const r = invalid({ birthLocation: 'India' });
    expect(r.error).toMatch(/is a country \(India\)/);
    expect(r.suggestions[0]?.value).toBe('Mumbai, Maharashtra, India');
    // Four Indian cities and the place the name would otherwise have matched.
    expect(r.suggestions.filter((s) => s.country === 'India')).toHaveLength(4);
    expect(r.hint).toBeUndefined();
    expect(populationsDescending(r)).toBe(true);
  });

  it('"USA" and "Mexico" fail the same way', () => {
    expect(invalid({ birthLocation: 'USA' }).suggestions[0]?.country).toBe('United States');
    expect(invalid({ birthLocation: 'Mexico' }).suggestions[0]?.value).toBe(
      'Mexico City, Mexico City, Mexico',
    );
  });

  it('the place of that name elsewhere is offered too ("Lebanon", Tennessee)', () => {
    const values = invalid({ birthLocation: 'Lebanon' }).suggestions.map((s) => s.value);
    expect(values).toContain('Beirut, Beirut, Lebanon');
    expect(values).toContain('Lebanon, Tennessee, United States');
  });

  it.each([
    ['Singapore', 'Singapore'],
    ['Luxembourg', 'Luxembourg'],
    ['Kuwait', 'Kuwait'],
    ['Panama', 'Panama'],
  ])('a city named like its own country still resolves: %s', (birthLocation, country) => {
    expect(valid({ birthLocation }).resolved.city.endsWith(`, ${country}`)).toBe(true);
  });
});

describe('a city and state without a comma (rule 5)', () => {
  it('"New York NY" fails and suggests "New York City, New York, United States" first', () => {
    const r = invalid({ birthLocation: 'New York NY' });
    expect(r.suggestions[0]?.value).toBe('New York City, New York, United States');
    expect(r.error).toMatch(/comma/);
  });

  it('"Springfield Illinois" fails and suggests Springfield, Illinois', () => {
    const r = invalid({ birthLocation: 'Springfield Illinois' });
    expect(r.suggestions[0]?.value).toBe('Springfield, Illinois, United States');
    expect(r.suggestions[0]?.timezone).toBe('America/Chicago');
  });

  it('"Montreal Canada" suggests Montréal, Quebec, Canada', () => {
    expect(invalid({ birthLocation: 'Montreal Canada' }).suggestions[0]?.value).toBe(
      'Montréal, Quebec, Canada',
    );
  });
});

describe('coordinates', () => {
  it('51.5, -0.12 is Europe/London and bypasses the lookup', () => {
    const r = valid({ latitude: 51.5, longitude: -0.12, birthDate: '1941-06-15', birthTime: '12:00' });
    expect(r.resolved.timezone).toBe('Europe/London');
    expect(r.resolved.source).toBe('offline-coordinates');
    expect(r.resolved.coordinates).toEqual({ lat: 51.5, lon: -0.12 });
    expect(r.resolved.offset).toBe(2);
    expect(r.resolved.city).toMatch(/^51\.5, -0\.12 \(near .+, England, United Kingdom\)$/);
    expect(r.input).toBe('51.5, -0.12');
  });

  it('coordinates override a birthLocation, which is echoed as the input', () => {
    const r = valid({ birthLocation: 'Paris', latitude: 13.75, longitude: 100.5 });
    expect(r.resolved.timezone).toBe('Asia/Bangkok');
    expect(r.input).toBe('Paris');
  });

  it('open sea gets the nautical zone of its longitude', () => {
    expect(valid({ latitude: 0, longitude: -140 }).resolved).toMatchObject({
      timezone: 'Etc/GMT+9',
      offset: -9,
    });
    expect(valid({ latitude: 0, longitude: -140 }).resolved.city).toBe('0, -140');
  });

  it.each([
    [{ latitude: 51.5 }, 'longitude'],
    [{ longitude: -0.12 }, 'latitude'],
    [{ latitude: 51.5, birthLocation: 'London' }, 'longitude'],
    [{ latitude: 91, longitude: 0 }, 'latitude'],
    [{ latitude: 0, longitude: -180.5 }, 'longitude'],
    [{ latitude: Number.NaN, longitude: 0 }, 'latitude'],
    [{ latitude: 0, longitude: Number.POSITIVE_INFINITY }, 'longitude'],
    [{}, 'birthLocation'],
    [{ birthLocation: null }, 'birthLocation'],
  ] as [LocationInput, string][])('%j is a 400 naming %s', (input, field) => {
    const e = appError(() => validate(input));
    expect(e.code).toBe('invalid_input');
    expect(e.details).toEqual([expect.objectContaining({ field })]);
  });
});

describe('birth date and time', () => {
  it.each([
    [{ birthDate: '2023-02-30' }, 'birthDate'],
    [{ birthDate: '12/05/1990' }, 'birthDate'],
    [{ birthTime: '24:00' }, 'birthTime'],
    [{ birthTime: '7pm' }, 'birthTime'],
  ] as [LocationInput, string][])('%j is the time module 400 on %s', (extra, field) => {
    const e = appError(() => validate({ birthLocation: 'London', ...extra }));
    expect(e.code).toBe('invalid_input');
    expect(e.details).toEqual([expect.objectContaining({ field })]);
  });
});

describe('resolveBirthPlace', () => {
  it('names a province only when it differs from the country (GeoNames: Taipei, admin1 Taiwan)', () => {
    expect(resolveBirthPlace(table, { birthLocation: 'Taipei, Taiwan' }).label).toBe('Taipei, Taiwan');
  });

  it('returns label, coordinates, zone and source', () => {
    expect(resolveBirthPlace(table, { birthLocation: 'Montreal, QC' })).toEqual({
      label: 'Montréal, Quebec, Canada',
      lat: expect.closeTo(45.509, 2),
      lon: expect.closeTo(-73.588, 2),
      timezone: 'America/Toronto',
      source: 'offline-city-lookup',
      warnings: [],
      alternatives: [],
    });
    expect(
      resolveBirthPlace(table, { birthLocation: 'ignored', latitude: 51.5, longitude: -0.12 }),
    ).toMatchObject({
      timezone: 'Europe/London',
      source: 'offline-coordinates',
    });
  });

  it('an unknown place is location_not_found with up to 5 suggestions in details', () => {
    const e = appError(() => resolveBirthPlace(table, { birthLocation: 'Torronto' }));
    expect(e.code).toBe('location_not_found');
    expect(e.message).toMatch(/^birthLocation: .*Torronto/);
    expect(e.details!.length).toBeGreaterThan(0);
    expect(e.details!.length).toBeLessThanOrEqual(5);
    expect(e.details![0]).toMatchObject({ field: 'birthLocation', value: 'Toronto, Ontario, Canada' });
  });

  it('a country code is location_not_found carrying the hint', () => {
    const e = appError(() => resolveBirthPlace(table, { birthLocation: 'US' }));
    expect(e.code).toBe('location_not_found');
    expect(e.message).toMatch(/country is not a birth place/i);
    expect(e.details).toEqual([]);
  });

  it('reports the caller field names (composite person B)', () => {
    const fields = { birthLocation: 'birthLocation1', latitude: 'latitude1', longitude: 'longitude1' };
    expect(appError(() => resolveBirthPlace(table, { birthLocation: 'ab' }, fields)).message).toMatch(
      /^birthLocation1: "ab" is too short/,
    );
    expect(appError(() => resolveBirthPlace(table, { latitude: 10 }, fields)).details).toEqual([
      expect.objectContaining({ field: 'longitude1' }),
    ]);
    expect(appError(() => resolveBirthPlace(table, { birthLocation: 'Torronto' }, fields)).message).toMatch(
      /^birthLocation1: /,
    );
  });
});
