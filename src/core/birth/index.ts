/** The birth pipeline every birth-based tool shares: parse, place, wall clock -> instant. */
export { type BirthFieldNames, birthFieldNames, PERSON_B_FIELDS, PERSON_FIELDS } from './fields.js';
export {
  type BirthInfo,
  type BirthInput,
  birthInfoOf,
  isoSecond,
  onBirthDate,
  type ResolvedBirth,
  resolveBirth,
} from './resolve.js';
