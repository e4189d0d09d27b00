import { type KNOWLEDGE_DOMAINS } from '../core/knowledge/index.js';
import { searchCities } from '../core/location/index.js';
import { completeKnowledgeId, MAX_COMPLETIONS } from '../resources/index.js';
import type { ArgumentCompleter } from './types.js';

/** The chart systems a reading can be in, as the prompts and SAGE name them. */
export const SYSTEMS = [
  'hd',
  'astrology',
  'bazi',
] as const satisfies readonly (typeof KNOWLEDGE_DOMAINS)[number][];

const startingWith = (values: readonly string[], typed: string) =>
  values.filter((v) => v.toLowerCase().startsWith(typed.trim().toLowerCase()));

/**
 * Birth places from the city table with the ranking of `/api/locations` ("Lond" -> "London, England,
 * United Kingdom" first), as the full `value` to send back as birthLocation.
 */
export const completePlace: ArgumentCompleter = (deps, value) => {
  if (value.trim().length < 2) return [];
  try {
    return searchCities(deps.cities, value, { limit: 10 }).map((s) => s.value);
  } catch {
    // A query the search refuses (e.g. nothing but punctuation) has no completion.
    return [];
  }
};

export const completeSystem: ArgumentCompleter = (_deps, value) => startingWith(SYSTEMS, value);

export const completeGender: ArgumentCompleter = (_deps, value) => startingWith(['female', 'male'], value);

/**
 * A month as YYYY-MM: this month and the next eleven (from the service clock) when nothing is typed
 * or the typed text is their prefix; a typed year gives that year's twelve months.
 */
export const completeMonth: ArgumentCompleter = (deps, value) => {
  const typed = value.trim();
  const now = deps.now();
  const ahead = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  const year = /^(\d{4})/.exec(typed)?.[1];
  const months = year
    ? Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`)
    : ahead;
  return months.filter((m) => m.startsWith(typed));
};

/**
 * A term to explain: the titles of knowledge entries ("Gate 34 — Power", "Open Ajna") that start
 * with or contain what was typed, in the system named by the `system` argument when there is one;
 * then entry ids, so "gate:3" completes too.
 */
export const completeTerm: ArgumentCompleter = (deps, value, context) => {
  const typed = value.trim().toLowerCase();
  if (!typed) return [];
  const system = SYSTEMS.find((s) => s === context.system);
  const entries = deps.knowledge.entries.filter(
    (e) => !/^article:/.test(e.id) && (!system || e.domain === system),
  );
  const titles = entries.map((e) => e.title);
  const starts = titles.filter((t) => t.toLowerCase().startsWith(typed));
  const contains = titles.filter(
    (t) => !t.toLowerCase().startsWith(typed) && t.toLowerCase().includes(typed),
  );
  const ids = typed.includes(':') ? completeKnowledgeId(deps.knowledge, typed, system) : [];
  return [...new Set([...starts, ...contains, ...ids])].slice(0, MAX_COMPLETIONS);
};
