/**
 * Ambiguous and misspelled place names: the name still resolves as before, with a warning and the
 * other places (docs/decisions.md, "Location").
 *
 * Independent sources of the expectations:
 * - That the names are shared by several notable places: the Wikipedia disambiguation pages
 *   ("Valencia (disambiguation)", "Córdoba (disambiguation)", "Springfield", "San Jose", "Cambridge
 *   (disambiguation)", "Birmingham (disambiguation)", "Victoria", "Kingston", "Tripoli
 *   (disambiguation)", "Hyderabad (disambiguation)", "Newcastle", "San Fernando", "Santa Cruz",
 *   "La Paz (disambiguation)", "Richmond", "Vancouver (disambiguation)", "Mérida", "León", "Toledo",
 *   "Salamanca (disambiguation)", "Columbia", "Georgetown", "Aurora", "Barcelona (disambiguation)",
 *   "Hamilton", "Manchester (disambiguation)", "Athens (disambiguation)", "Kansas City", "Brest",
 *   "Cartagena", "Geneva (disambiguation)", "Pasadena", "Rochester", "Worcester (disambiguation)",
 *   "Dover (disambiguation)").
 * - Former and English names of the larger places: Wikipedia "Chennai" (Madras until 1996),
 *   "Kolkata" (Calcutta until 2001), "Guangzhou" (Canton), "Cologne", "Gothenburg", "Seville",
 *   "Saint Petersburg"; "Sidney" is a common misspelling of Sydney, and Melbourn is a village in
 *   Cambridgeshire (Wikipedia "Melbourn"), one letter from Melbourne.
 * - Populations, and so which exact match is the most populous and is kept: GeoNames (the cities500
 *   snapshot of the city table), e.g. Valencia, Venezuela 1,619,470 and Valencia, Spain 789,744.
 * - Names that must not warn: world capitals and largest cities whose namesakes are towns (Wikipedia
 *   "Paris (disambiguation)": Paris, Texas 24,782 against 2.1 million; "London, Ontario" 346,765
 *   against 8.96 million).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CityTable,
  type CitySuggestion,
  CITY_POPULATION,
  CITY_SHARE,
  loadCityTable,
  MUCH_LARGER,
  placeAmbiguity,
  resolveBirthPlace,
  resolveCityRow,
  SAME_NAME_SHARE,
  validateLocation,
} from '../../../src/core/location/index.js';

let table: CityTable;
beforeAll(async () => {
  table = await loadCityTable();
});

function resolved(birthLocation: string) {
  const r = validateLocation(table, { birthLocation });
  if (!r.valid) throw new Error(`${birthLocation} did not resolve: ${r.error}`);
  return r;
}

// [input, the place it resolves to (unchanged by the rule), an alternative that must be offered]
const AMBIGUOUS: [string, string, string][] = [
  ['Valencia', 'Valencia, Carabobo, Venezuela', 'Valencia, Valencia, Spain'],
  ['Córdoba', 'Córdoba, Cordoba, Argentina', 'Córdoba, Andalusia, Spain'],
  ['Cordoba', 'Córdoba, Cordoba, Argentina', 'Córdoba, Andalusia, Spain'],
  ['Springfield', 'Springfield, Missouri, United States', 'Springfield, Illinois, United States'],
  ['San Jose', 'San Jose, California, United States', 'San José, San José, Costa Rica'],
  ['Cambridge', 'Cambridge, England, United Kingdom', 'Cambridge, Massachusetts, United States'],
  ['Birmingham', 'Birmingham, England, United Kingdom', 'Birmingham, Alabama, United States'],
  ['Victoria', 'Victoria, Central and Western, Hong Kong SAR China', 'Victoria, British Columbia, Canada'],
  ['Kingston', 'Kingston, Kingston, Jamaica', 'Kingston, Ontario, Canada'],
  ['Tripoli', 'Tripoli, Tripoli, Libya', 'Tripoli, North Lebanon, Lebanon'],
  ['Hyderabad', 'Hyderābād, Telangana, India', 'Hyderabad, Sindh, Pakistan'],
  ['Newcastle', 'Newcastle, KwaZulu-Natal, South Africa', 'Newcastle, New South Wales, Australia'],
  ['San Fernando', 'San Fernando, Central Luzon, Philippines', 'San Fernando, Andalusia, Spain'],
  ['Santa Cruz', 'Santa Cruz, National Capital Region, Philippines', 'Santa Cruz, California, United States'],
  ['La Paz', 'La Paz, La Paz Department, Bolivia', 'La Paz, Baja California Sur, Mexico'],
  ['Richmond', 'Richmond, Virginia, United States', 'Richmond, British Columbia, Canada'],
  ['Vancouver', 'Vancouver, British Columbia, Canada', 'Vancouver, Washington, United States'],
  ['Mérida', 'Mérida, Yucatán, Mexico', 'Mérida, Mérida, Venezuela'],
  ['León', 'León, León Department, Nicaragua', 'León, Castille and León, Spain'],
  ['Toledo', 'Toledo, Ohio, United States', 'Toledo, Castille-La Mancha, Spain'],
  ['Salamanca', 'Salamanca, Guanajuato, Mexico', 'Salamanca, Castille and León, Spain'],
  ['Columbia', 'Columbia, South Carolina, United States', 'Columbia, Missouri, United States'],
  ['Georgetown', 'Georgetown, Demerara-Mahaica, Guyana', 'Georgetown, Texas, United States'],
  ['Aurora', 'Aurora, Colorado, United States', 'Aurora, Illinois, United States'],
  ['Barcelona', 'Barcelona, Catalonia, Spain', 'Barcelona, Anzoátegui, Venezuela'],
  ['Hamilton', 'Hamilton, Ontario, Canada', 'Hamilton, Waikato Region, New Zealand'],
  ['Manchester', 'Manchester, England, United Kingdom', 'Manchester, New Hampshire, United States'],
  ['Athens', 'Athens, Attica, Greece', 'Athens, Georgia, United States'],
  ['Kansas City', 'Kansas City, Missouri, United States', 'Kansas City, Kansas, United States'],
  ['Brest', 'Brest, Brest, Belarus', 'Brest, Brittany, France'],
  ['Cartagena', 'Cartagena, Bolívar, Colombia', 'Cartagena, Murcia, Spain'],
  ['Pasadena', 'Pasadena, Texas, United States', 'Pasadena, California, United States'],
  ['Rochester', 'Rochester, New York, United States', 'Rochester, Minnesota, United States'],
  ['Worcester', 'Worcester, Massachusetts, United States', 'Worcester, England, United Kingdom'],
  ['Dover', 'Dover, England, United Kingdom', 'Dover, Delaware, United States'],
  ['Geneva', 'Geneva, Illinois, United States', 'Genève, Geneva, Switzerland'],
  // A much larger place by a close spelling or by another of its names.
  ['Sidney', 'Sidney, Ohio, United States', 'Sydney, New South Wales, Australia'],
  ['Melbourn', 'Melbourn, England, United Kingdom', 'Melbourne, Victoria, Australia'],
  ['Madras', 'Madras, Oregon, United States', 'Chennai, Tamil Nadu, India'],
  ['Calcutta', 'Calcutta, Ohio, United States', 'Kolkata, West Bengal, India'],
  ['Canton', 'Canton, Michigan, United States', 'Guangzhou, Guangdong, China'],
  ['Cologne', 'Cologne, Lombardy, Italy', 'Köln, North Rhine-Westphalia, Germany'],
  ['Gothenburg', 'Gothenburg, Nebraska, United States', 'Göteborg, Västra Götaland, Sweden'],
  ['Seville', 'Seville, Ohio, United States', 'Sevilla, Andalusia, Spain'],
  ['Petersburg', 'Petersburg, Virginia, United States', 'Saint Petersburg, St.-Petersburg, Russia'],
];

const UNAMBIGUOUS = [
  'London',
  'Paris',
  'Tokyo',
  'New York',
  'New York City',
  'Montreal',
  'Montréal',
  'Berlin',
  'Madrid',
  'Rome',
  'Moscow',
  'Chicago',
  'Toronto',
  'Sydney',
  'Melbourne',
  'Los Angeles',
  'Mumbai',
  'Cairo',
  'Beijing',
  'Istanbul',
  'Mexico City',
  'Buenos Aires',
  'Lagos',
  'Seoul',
  'Amsterdam',
  'Vienna',
  'Dublin',
  'Boston',
  'Miami',
  'Seattle',
  'Delhi',
  'Lima',
  'Bangkok',
  'Kyiv',
  'Kiev',
  'São Paulo',
  'Munich',
  'Milan',
  'Prague',
  'Warsaw',
  'Lyon',
  'Marseille',
  'Frankfurt',
  // Namesakes below the thresholds: Perth, Scotland has 2% of Perth, Australia; Portland, Maine
  // 10% of Portland, Oregon but under 100,000.
  'Perth',
  'Portland',
];

const QUALIFIED = [
  'Valencia, Spain',
  'Valencia, Venezuela',
  'Springfield, IL',
  'Springfield, Illinois',
  'Montreal, QC',
  'Córdoba, Argentina',
  'Sidney, Ohio',
  'Melbourn, United Kingdom',
  'Madras, Oregon',
  'Paris, TX',
];

describe('the thresholds', () => {
  it('are the documented ones', () => {
    expect(SAME_NAME_SHARE).toBe(0.25);
    expect(CITY_SHARE).toBe(0.1);
    expect(CITY_POPULATION).toBe(100_000);
    expect(MUCH_LARGER).toBe(100);
  });
});

describe('ambiguous names resolve as before, with a warning and alternatives', () => {
  it(`at least 30 names are checked`, () => {
    expect(AMBIGUOUS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(AMBIGUOUS)('%s -> %s, also offering %s', (input, city, alternative) => {
    const r = resolved(input);
    expect(r.resolved.city).toBe(city);
    expect(r.resolved.source).toBe('offline-city-lookup');
    expect(r.warning).toBeTypeOf('string');
    expect(r.warning).toContain(`"${input}"`);
    expect(r.warning).toContain(`using ${city} (pop. `);
    expect(r.warning).toContain(alternative);
    expect(r.warning).toContain('Send the full "City, Region, Country" value to choose.');
    const alternatives = r.alternatives!;
    expect(alternatives.map((a) => a.value)).toContain(alternative);
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.length).toBeLessThanOrEqual(5);
    expect(alternatives.map((a) => a.value)).not.toContain(city);
    const populations = alternatives.map((a) => a.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it('the warning reads as in the documentation', () => {
    expect(resolved('Valencia').warning).toBe(
      '"Valencia" matches several places; using Valencia, Carabobo, Venezuela (pop. 1,619,470). ' +
        'Did you mean: Valencia, Valencia, Spain (pop. 789,744)? ' +
        'Send the full "City, Region, Country" value to choose.',
    );
    expect(resolved('Melbourn').warning).toBe(
      '"Melbourn" resembles the name of a much larger place; using Melbourn, England, United Kingdom ' +
        '(pop. 4,689). Did you mean: Melbourne, Victoria, Australia (pop. 4,917,750)? ' +
        'Send the full "City, Region, Country" value to choose.',
    );
    expect(resolved('Sidney').warning).toMatch(
      /^"Sidney" matches several places and resembles the name of a much larger place; using Sidney, Ohio/,
    );
  });

  it('alternatives are shaped like suggestions', () => {
    const spain = resolved('Valencia').alternatives!.find((a) => a.country === 'Spain');
    expect(spain).toEqual({
      name: 'Valencia',
      province: 'Valencia',
      country: 'Spain',
      timezone: 'Europe/Madrid',
      coordinates: { lat: expect.closeTo(39.47, 1), lng: expect.closeTo(-0.377, 1) },
      population: 789744,
      value: 'Valencia, Valencia, Spain',
    } satisfies CitySuggestion);
  });

  it('resolveBirthPlace carries the same warning and alternatives', () => {
    for (const [input] of AMBIGUOUS) {
      const r = resolved(input);
      const place = resolveBirthPlace(table, { birthLocation: input });
      expect(place.label).toBe(r.resolved.city);
      expect(place.warnings).toEqual([r.warning]);
      expect(place.alternatives).toEqual(r.alternatives);
    }
  });

  it("every alternative's value resolves back to exactly that place, without a warning", () => {
    let checked = 0;
    for (const [input] of AMBIGUOUS) {
      for (const alternative of resolved(input).alternatives!) {
        const back = resolved(alternative.value);
        expect(back.resolved.city, `${input}: ${alternative.value}`).toBe(alternative.value);
        expect(back.resolved.coordinates).toEqual({
          lat: alternative.coordinates.lat,
          lon: alternative.coordinates.lng,
        });
        expect(back.resolved.timezone).toBe(alternative.timezone);
        expect(back.warning).toBeUndefined();
        expect(back.alternatives).toBeUndefined();
        expect(resolveBirthPlace(table, { birthLocation: alternative.value }).warnings).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(AMBIGUOUS.length);
  });
});

describe('no warning', () => {
  it.each(UNAMBIGUOUS)('%s (well-known, namesakes far smaller)', (input) => {
    const r = resolved(input);
    expect(r.warning).toBeUndefined();
    expect(r.alternatives).toBeUndefined();
    expect(Object.keys(r).sort()).toEqual(['input', 'resolved', 'valid']);
    const place = resolveBirthPlace(table, { birthLocation: input });
    expect(place.warnings).toEqual([]);
    expect(place.alternatives).toEqual([]);
  });

  it.each(QUALIFIED)('%s (qualified by region or country)', (input) => {
    const r = resolved(input);
    expect(r.warning).toBeUndefined();
    expect(r.alternatives).toBeUndefined();
    expect(placeAmbiguity(table, input, resolveCityRow(table, input))).toBeNull();
  });

  it('coordinates, even beside an ambiguous name', () => {
    const r = validateLocation(table, { birthLocation: 'Valencia', latitude: 39.47, longitude: -0.38 });
    expect(r.valid && r.warning).toBeUndefined();
    const place = resolveBirthPlace(table, {
      birthLocation: 'Springfield',
      latitude: 39.8,
      longitude: -89.64,
    });
    expect(place.warnings).toEqual([]);
    expect(place.alternatives).toEqual([]);
  });

  it('unresolvable names keep the valid=false answer with suggestions', () => {
    const r = validateLocation(table, { birthLocation: 'Torronto' });
    expect(r.valid).toBe(false);
    expect(r).not.toHaveProperty('warning');
    expect(r).not.toHaveProperty('alternatives');
  });
});
