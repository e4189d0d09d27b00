/**
 * Text normalisation shared by the table builder (scripts/build-cities.ts) and the lookups.
 *
 * The artifact stores names already in match-key form, sorted, so the runtime never re-normalises
 * the table. Any change to `normalizeName` or `matchKey` must bump `KEY_VERSION`: the loader refuses
 * an artifact built with another version instead of silently failing every lookup.
 */

/** Version of the match-key algorithm below; recorded in the artifact and checked at load. */
export const KEY_VERSION = 1;

// Latin letters that NFD does not decompose into base letter + combining mark.
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ł: 'l',
  ø: 'o',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ə: 'a', // Azerbaijani schwa is written "a" in English exonyms (Gəncə -> Ganja, Lənkəran -> Lankaran)
  ħ: 'h',
};
const FOLD_RE = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');
const MARKS_RE = /\p{M}+/gu;
// Apostrophes vanish ("N'Djamena" = "Ndjamena", "Xi'an" = "Xian"); U+02BB/U+02BC are letters to Unicode.
const APOSTROPHES_RE = /['`´‘’ʹʻʼ]/g;
const SEPARATORS_RE = /[^\p{L}\p{N}]+/gu;

/**
 * NFD, strip combining marks, lower-case, fold the few undecomposable Latin letters, drop
 * apostrophes, turn every other run of punctuation or whitespace into one space.
 * "São Paulo" -> "sao paulo", "St. Petersburg" -> "st petersburg".
 */
export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(MARKS_RE, '')
    .replace(FOLD_RE, (ch) => LETTER_FOLDS[ch] ?? ch)
    .replace(/&/g, ' and ')
    .replace(APOSTROPHES_RE, '')
    .replace(SEPARATORS_RE, ' ')
    .trim();
}

// Abbreviated first words of place names, expanded so "St. Louis" and "Saint Louis" share one key.
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
};

/**
 * The key names are indexed and looked up by: `normalizeName` plus whole-word expansion of the
 * abbreviations above ("St. Petersburg" -> "saint petersburg").
 */
export function matchKey(text: string): string {
  const n = normalizeName(text);
  if (n === '') return n;
  const words = n.split(' ');
  let changed = false;
  for (let i = 0; i < words.length; i++) {
    const full = ABBREVIATIONS[words[i]!];
    if (full !== undefined) {
      words[i] = full;
      changed = true;
    }
  }
  return changed ? words.join(' ') : n;
}

/**
 * A label part (place, province or country name) made safe for a comma-separated label: a name that
 * itself contains commas ("Basford, Stoke-on-Trent") would otherwise be split apart when the label is
 * used again as a birthLocation. Commas become " / ", which normalises to the same key.
 */
export function labelPart(name: string): string {
  return name.includes(',')
    ? name
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .join(' / ')
    : name;
}
