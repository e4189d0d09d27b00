import { namesFromList } from '../core/transits/index.js';

export { namesOf } from '../core/transits/index.js';
import { hinted } from './field-hints.js';
import { textField } from './text.js';

/**
 * An optional comma-separated list of names (bodies, planets), any case, checked by the schema: an
 * unknown name is refused with the names to choose from, before the call is metered or sent to a
 * worker. Left out or empty (`bodies=`, as a form sends an unfilled field) it selects every name.
 * `namesOf` turns an accepted value into the names it lists.
 */
export function nameListField<T extends string>(
  names: readonly T[],
  what: { one: string; many: string; example: string },
) {
  const list = names.join(', ');
  const expected = `a comma-separated list of ${list} (any case), e.g. "${what.example}"`;
  return hinted(
    textField({ max: 300 })
      .check((ctx) => {
        const { unknown } = namesFromList(names, ctx.value);
        if (!unknown.length) return;
        const problem = `unknown ${unknown.length === 1 ? what.one : what.many} ${unknown.map((u) => JSON.stringify(u)).join(', ')}`;
        ctx.issues.push({ code: 'custom', input: ctx.value, message: `${problem}: send ${expected}` });
      })
      .optional()
      .describe(
        `Only these ${what.many}, comma-separated, any case, e.g. "${what.example}"; from ${list}. Left out or empty: all.`,
      ),
    { expected },
  );
}
