/**
 * Region tables used to read "City, ST" and "City, Country" qualifiers.
 *
 * GeoNames' admin1 codes for the United States are already the USPS/ISO 3166-2:US codes (IL, MA, DC).
 * Canada and Australia use numeric GeoNames codes, so the postal abbreviations people write
 * (ISO 3166-2:CA and ISO 3166-2:AU subdivision codes) are mapped here. The build script and a test
 * check every entry against the GeoNames admin1 name, so a wrong code cannot slip in.
 */

export interface SubdivisionAbbreviation {
  /** GeoNames admin1 code within the country. */
  readonly admin1: string;
  /** GeoNames admin1 name, for the cross-check. */
  readonly name: string;
}

/** Countries whose admin1 abbreviations are accepted as qualifiers ("Springfield, IL", "Montreal, QC"). */
export const ABBREVIATED_COUNTRIES = ['US', 'CA', 'AU'] as const;
export type AbbreviatedCountry = (typeof ABBREVIATED_COUNTRIES)[number];

export const CANADA_PROVINCES = {
  AB: { admin1: '01', name: 'Alberta' },
  BC: { admin1: '02', name: 'British Columbia' },
  MB: { admin1: '03', name: 'Manitoba' },
  NB: { admin1: '04', name: 'New Brunswick' },
  NL: { admin1: '05', name: 'Newfoundland and Labrador' },
  NS: { admin1: '07', name: 'Nova Scotia' },
  ON: { admin1: '08', name: 'Ontario' },
  PE: { admin1: '09', name: 'Prince Edward Island' },
  QC: { admin1: '10', name: 'Quebec' },
  SK: { admin1: '11', name: 'Saskatchewan' },
  YT: { admin1: '12', name: 'Yukon' },
  NT: { admin1: '13', name: 'Northwest Territories' },
  NU: { admin1: '14', name: 'Nunavut' },
} as const satisfies Record<string, SubdivisionAbbreviation>;

export const AUSTRALIA_STATES = {
  ACT: { admin1: '01', name: 'Australian Capital Territory' },
  NSW: { admin1: '02', name: 'New South Wales' },
  NT: { admin1: '03', name: 'Northern Territory' },
  QLD: { admin1: '04', name: 'Queensland' },
  SA: { admin1: '05', name: 'South Australia' },
  TAS: { admin1: '06', name: 'Tasmania' },
  VIC: { admin1: '07', name: 'Victoria' },
  WA: { admin1: '08', name: 'Western Australia' },
} as const satisfies Record<string, SubdivisionAbbreviation>;

/** Abbreviation (upper case) -> GeoNames admin1 code, per country; US codes map to themselves. */
export function admin1Abbreviations(
  country: AbbreviatedCountry,
  usCodes: Iterable<string>,
): Map<string, string> {
  const out = new Map<string, string>();
  if (country === 'US') {
    for (const code of usCodes) out.set(code, code);
    return out;
  }
  const table: Record<string, SubdivisionAbbreviation> =
    country === 'CA' ? CANADA_PROVINCES : AUSTRALIA_STATES;
  for (const [abbr, entry] of Object.entries(table)) out.set(abbr, entry.admin1);
  return out;
}

/**
 * Country names people write that `Intl.DisplayNames` (English long and short forms, plus a few
 * European languages) does not produce. Keyed by ISO 3166-1 alpha-2.
 */
export const COUNTRY_ALIASES = {
  US: ['USA', 'U.S.A.', 'U.S.', 'United States of America', 'America'],
  GB: ['UK', 'U.K.', 'Great Britain', 'Britain'],
  NL: ['Holland', 'The Netherlands'],
  CZ: ['Czech Republic'],
  TR: ['Turkey'],
  MM: ['Burma'],
  CI: ['Ivory Coast', "Cote d'Ivoire"],
  MK: ['Macedonia'],
  SZ: ['Swaziland'],
  CV: ['Cabo Verde'],
  KR: ['Korea', 'Republic of Korea'],
  KP: ["Democratic People's Republic of Korea"],
  RU: ['Russian Federation'],
  CD: ['Democratic Republic of the Congo', 'DR Congo', 'DRC', 'Congo-Kinshasa', 'Congo'],
  CG: ['Republic of the Congo', 'Congo-Brazzaville', 'Congo'],
  PS: ['Palestine', 'State of Palestine'],
  VA: ['Holy See', 'Vatican'],
  IR: ['Persia'],
  LA: ['Lao PDR'],
  VN: ['Viet Nam'],
  BA: ['Bosnia-Herzegovina'],
  TL: ['East Timor'],
  FM: ['Federated States of Micronesia'],
  HK: ['Hong Kong'],
  MO: ['Macau', 'Macao'],
  TW: ['Republic of China'],
  CN: ["People's Republic of China", 'PRC'],
  AE: ['UAE'],
} as const satisfies Record<string, readonly string[]>;

/** Extra 2-letter codes people use for a country although ISO 3166-1 assigns another one. */
export const COUNTRY_CODE_ALIASES = { UK: 'GB' } as const satisfies Record<string, string>;

/** Locales whose country names are accepted as qualifiers besides English ("München, Deutschland"). */
export const COUNTRY_NAME_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl'] as const;
