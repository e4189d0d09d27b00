/**
 * Words of a question or a passage: the stop list and the stemmer that the tokenizer (tokens.ts)
 * applies, and plain words for the domain classifier's phrase matching.
 */

/** Function words that say nothing about the topic of a question. */
const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each few for from further had has have having he ' +
    'her here hers him his how i if in into is it its itself just me mean means meaning more most my no nor ' +
    'not of off on once only or other our out over own same she should so some such than that the their ' +
    'them then there these they this those through to too under until up very was we were what when where ' +
    'which while who whom why will with would you your yours tell explain describe someone something ' +
    'person people thing things get got one ones whats hows whos dont doesnt isnt im ive id youre ' +
    'please know want wanted like kind sort really actually exactly stand stands say says said ' +
    'anything everything question answer give us let lets show ' +
    // conversational words of questions, which say how someone asks, not what about
    'anyone everyone nobody somebody everybody always never sometimes often usually ever even still yet ' +
    'though although unless whether much many lot lots really quite maybe perhaps simply simple basically ' +
    'explained explaining explanation means meant understand understanding wondering wonder curious ' +
    'mine myself yourself ourselves themselves herself himself hey hi ok okay thanks thank ' +
    'am pm can cant could couldnt would wouldnt should shouldnt might must shall need needs ' +
    'go goes going gone went come comes coming came make makes making made take takes taking took ' +
    'help helps tell tells telling told think thinks thought feel'
  ).split(' '),
);

export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);

/** Lower-case runs of letters and digits (Unicode aware, so 庚 and é survive). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Names the suffix rules would mangle (Aries is not the plural of "ary"). */
const KEEP = new Set(['aries', 'pisces', 'series', 'species', 'axes', 'news', 'always', 'perhaps']);

/**
 * A light suffix stripper: a plural first (houses, bodies, killings), then -ing, -ed, -ly or -ion,
 * then a final e, so "profiles" meets "profile", "killings" meets "killing", "defined" meets
 * "define" and "frustrated" meets "frustration".
 * Short words, Latin names (Sagittarius, Pisces) and words in -ss are left alone.
 */
export function stem(word: string): string {
  if (word.length <= 4 || KEEP.has(word) || /(?:us|is|ss)$/.test(word) || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 5) w = `${w.slice(0, -3)}y`;
  else if (/(?:ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  for (const suffix of ['ing', 'ed', 'ly', 'ion']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}
