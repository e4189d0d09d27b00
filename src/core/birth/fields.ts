/**
 * Names of one person's birth fields, for error messages: `birthDate`, or `birthDate1` for the
 * composite's second person, or `charts.2.birthDate` inside a batch. Errors name exactly the field
 * the caller sent.
 */
export interface BirthFieldNames {
  birthDate: string;
  birthTime: string;
  birthLocation: string;
  latitude: string;
  longitude: string;
}

/** Field names with an optional suffix (`1` for person B) and path prefix (`charts.2.`). */
export function birthFieldNames(suffix = '', prefix = ''): BirthFieldNames {
  const name = (base: string) => `${prefix}${base}${suffix}`;
  return {
    birthDate: name('birthDate'),
    birthTime: name('birthTime'),
    birthLocation: name('birthLocation'),
    latitude: name('latitude'),
    longitude: name('longitude'),
  };
}

export const PERSON_FIELDS: BirthFieldNames = birthFieldNames();
export const PERSON_B_FIELDS: BirthFieldNames = birthFieldNames('1');
