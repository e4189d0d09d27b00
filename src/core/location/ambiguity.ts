import { MATCH_KIND } from './artifact.js';
import { cityLabel, exactMatches, resolveCityRow, splitParts } from './lookup.js';
import { matchKey } from './normalize.js';
import {
  type CitySuggestion,
  fuzzyKeys,
  maxEditDistance,
  toSuggestion,
  transpositionDistance,
} from './search.js';
import type { CityTable } from './table.js';

/**
 * When an unqualified place name resolves, but a person could well have meant another place, the
 * resolution stands (the exact name, most populous first) and the caller gets a warning and the
 * other places to choose from. See docs/decisions.md, "Location".
 *
 * Another place with the same primary (or ascii) name is comparable when it has at least
 * `SAME_NAME_SHARE` of the chosen place's population, or when it is a city of `CITY_POPULATION`
 * or more with at least `CITY_SHARE` of it. A differently named place counts only when it is
 * `MUCH_LARGER` times larger per edit: a close misspelling (within the search's edit threshold, names
 * of `MIN_MISSPELLED_LENGTH`+ letters) or a place that has the input as an alternate name (GeoNames
 * alternate names are noisy, so they need the same weight of evidence as one typo). Once the warning
 * fires, larger cities of `CITY_POPULATION`+ that have the input as an alternate name and whose own
 * name is a spelling variant of it are listed too ("Geneva": Genève, Switzerland).
 */
export const SAME_NAME_SHARE = 0.25;
export const CITY_SHARE = 0.1;
export const CITY_POPULATION = 100_000;
export const MUCH_LARGER = 100;
export const MIN_MISSPELLED_LENGTH = 5;
export const MAX_ALTERNATIVES = 5;

export interface PlaceAmbiguity {
  /** One sentence for a person or a model: what was used, what else was meant, how to choose. */
  warning: string;
  /** Up to 5 other places, most populous first; each `value` resolves back to exactly that place. */
  alternatives: CitySuggestion[];
}

/**
 * The place's own name is a spelling variant of the input: within the search's edit threshold
 * ("geneve" for "geneva") or the input followed by more words ("santa cruz de la sierra").
 */
function isVariant(input: string, own: string): boolean {
  return (
    own.startsWith(`${input} `) ||
    (Math.abs(own.length - input.length) <= maxEditDistance(input.length) &&
      transpositionDistance(input, own) <= maxEditDistance(input.length))
  );
}

const formatPopulation = (n: number) => n.toLocaleString('en-US');

/**
 * The ambiguity of resolving `input` to `row`, or null when there is nothing to say. Inputs with a
 * ", region" or ", country" qualifier never warn: the caller has already chosen.
 */
export function placeAmbiguity(table: CityTable, input: string, row: number): PlaceAmbiguity | null {
  const parts = splitParts(input);
  if (parts.length !== 1) return null;
  const key = matchKey(parts[0]!);
  const matches = exactMatches(table, key, []);
  const chosen = matches.find((m) => m.row === row);
  if (!chosen) return null;
  const population = Math.max(1, table.population[row]!);
  const chosenLabel = matchKey(cityLabel(table, row));

  const candidates = new Set<number>();
  let sameName = false;
  let larger = false;
  for (const m of matches) {
    if (m.row === row || matchKey(cityLabel(table, m.row)) === chosenLabel) continue;
    const p = table.population[m.row]!;
    const asGood = m.kind !== MATCH_KIND.alternate || chosen.kind === MATCH_KIND.alternate;
    if (asGood) {
      if (p >= SAME_NAME_SHARE * population || (p >= CITY_SHARE * population && p >= CITY_POPULATION)) {
        sameName = true;
        candidates.add(m.row);
      }
    } else if (p >= MUCH_LARGER * population) {
      larger = true;
      candidates.add(m.row);
    } else if (p > population && p >= CITY_POPULATION && isVariant(key, matchKey(table.names[m.row]!))) {
      // A larger city whose own name is a variant of the input is listed when the warning fires for
      // another reason ("Geneva": Genève), but is not a reason on its own.
      candidates.add(m.row);
    }
  }

  // A typo of a place 100x larger per edit; skipped when no place in the table could be that large.
  const reach = Math.floor(Math.log(table.population[0]! / population) / Math.log(MUCH_LARGER));
  const maxDist = Math.min(maxEditDistance(key.length), reach);
  if (maxDist >= 1 && key.replace(/ /g, '').length >= MIN_MISSPELLED_LENGTH) {
    for (const { key: k, dist } of fuzzyKeys(table, key, maxDist)) {
      for (let p = table.keyStart[k]!; p < table.keyStart[k + 1]!; p++) {
        const posting = table.postings[p]!;
        if ((posting & 3) === MATCH_KIND.alternate) continue;
        const other = posting >>> 2;
        if (table.population[other]! >= MUCH_LARGER ** dist * population) {
          larger = true;
          candidates.add(other);
        }
      }
    }
  }
  if (!sameName && !larger) return null;

  // Offer each place by the label that resolves to it: of two places with one label, the larger.
  const rows = new Set<number>();
  for (const candidate of candidates) {
    const back = resolveCityRow(table, cityLabel(table, candidate));
    if (back >= 0 && back !== row) rows.add(back);
  }
  const alternatives = [...rows]
    .sort((a, b) => a - b)
    .slice(0, MAX_ALTERNATIVES)
    .map((r) => toSuggestion(table, r));
  if (alternatives.length === 0) return null;

  const what =
    sameName && larger
      ? 'matches several places and resembles the name of a much larger place'
      : sameName
        ? 'matches several places'
        : 'resembles the name of a much larger place';
  const options = alternatives.map((a) => `${a.value} (pop. ${formatPopulation(a.population)})`).join('; ');
  return {
    warning:
      `"${input}" ${what}; using ${cityLabel(table, row)} (pop. ${formatPopulation(table.population[row]!)}). ` +
      `Did you mean: ${options}? Send the full "City, Region, Country" value to choose.`,
    alternatives,
  };
}
