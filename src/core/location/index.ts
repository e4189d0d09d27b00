/**
 * Offline location resolution: the GeoNames city table (data/cities.json.gz), name lookup with
 * "City, State, Country" qualifiers, prefix/typo-tolerant search, coordinates -> IANA zone, and the
 * validate-location / birth-place rules of the spec.
 */
export {
  CITY_POPULATION,
  CITY_SHARE,
  MAX_ALTERNATIVES,
  MIN_MISSPELLED_LENGTH,
  MUCH_LARGER,
  type PlaceAmbiguity,
  placeAmbiguity,
  SAME_NAME_SHARE,
} from './ambiguity.js';
export {
  ARTIFACT_FILE,
  ARTIFACT_FORMAT,
  type CityArtifact,
  type CityManifest,
  MANIFEST_FILE,
  MATCH_KIND,
  type ManifestFile,
  type MatchKind,
} from './artifact.js';
export {
  checkCoordinate,
  coordinatesLabel,
  formatCoordinate,
  nearestCityRow,
  zoneAt,
} from './coordinates.js';
export {
  type CityRecord,
  cityLabel,
  cityRecord,
  exactMatches,
  lookupCity,
  type NameMatch,
  parseQualifier,
  type Qualifier,
  resolveCityRow,
} from './lookup.js';
export { KEY_VERSION, labelPart, matchKey, normalizeName } from './normalize.js';
export { AUSTRALIA_STATES, CANADA_PROVINCES, COUNTRY_ALIASES } from './regions.js';
export {
  type CitySuggestion,
  DEFAULT_SEARCH_LIMIT,
  fuzzyKeys,
  isNumberedDistrict,
  MAX_SEARCH_LIMIT,
  maxEditDistance,
  rankCityRows,
  type SearchOptions,
  searchCities,
  toSuggestion,
  transpositionDistance,
} from './search.js';
export { type CityTable, defaultDataDir, loadCityTable } from './table.js';
export {
  type BirthPlace,
  type BirthPlaceFields,
  DEFAULT_BIRTH_PLACE_FIELDS,
  type LocationInput,
  type LocationSource,
  type LocationValidation,
  MAX_QUERY_LENGTH,
  MAX_SUGGESTIONS,
  MIN_QUERY_LENGTH,
  type ResolvedLocation,
  resolveBirthPlace,
  validateLocation,
} from './validate.js';
