import { matchName } from './bodies.js';

/**
 * A comma-separated list of names (`"sun, Moon,MARS"`), matched case-insensitively against the
 * canonical names: the matches in canonical order without repeats, and the entries that match
 * nothing, as sent. Empty entries (a trailing comma) are skipped.
 */
export function namesFromList<T extends string>(
  names: readonly T[],
  text: string,
): { found: T[]; unknown: string[] } {
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const matched = new Set<T>();
  const unknown: string[] = [];
  for (const entry of entries) {
    const name = matchName(names, entry);
    if (name) matched.add(name);
    else unknown.push(entry);
  }
  return { found: names.filter((n) => matched.has(n)), unknown };
}

/**
 * The names an accepted list value selects, in canonical order: all of them when it is absent or
 * names none (`""`, as a form sends an unfilled field, or a lone comma).
 */
export function namesOf<T extends string>(names: readonly T[], text: string | undefined): T[] {
  const found = text === undefined ? [] : namesFromList(names, text).found;
  return found.length ? found : [...names];
}
