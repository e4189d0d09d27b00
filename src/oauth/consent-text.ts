import { ACCESS_PRODUCTS, type AnyOperation } from '../operations/types.js';
import { PRODUCTS, type ProductName } from '../store/index.js';

/** The operations the service serves, as the registry lists them (the README's tables come from it). */
export interface ServedOperations {
  tools: readonly AnyOperation[];
  /** REST-only operations, which an access token may call too. */
  endpoints: readonly AnyOperation[];
}

/** What a consent box says its product unlocks, by title. */
export interface ConsentBox {
  tools: string[];
  /** REST-only operations, one entry per family (`BaZi chart picture (SVG, PNG)`). */
  rest: string[];
}

/** The operations a token granted this product may run: those whose access names it. */
function unlockedBy(product: ProductName, ops: readonly AnyOperation[]): AnyOperation[] {
  return ops.filter(
    (op) => op.access !== 'public' && op.access !== 'free' && ACCESS_PRODUCTS[op.access].includes(product),
  );
}

/** `X (SVG)`, `X (PNG)` → `X (SVG, PNG)`: formats of one family said once. */
function mergedFormats(titles: readonly string[]): string[] {
  const families = new Map<string, string[]>();
  for (const title of titles) {
    const [, base, format] = /^(.*) \(([^()]+)\)$/.exec(title) ?? [title, title, undefined];
    const formats = families.get(base!) ?? [];
    if (format) formats.push(format);
    families.set(base!, formats);
  }
  return [...families].map(([base, formats]) => (formats.length ? `${base} (${formats.join(', ')})` : base));
}

/**
 * Each product's box on the sign-in page, from the registry itself: the tools and REST operations
 * whose access the product satisfies, so what a box says is what unticking it withholds.
 */
export function consentBoxes(served: ServedOperations): Record<ProductName, ConsentBox> {
  const box = (p: ProductName): ConsentBox => ({
    tools: unlockedBy(p, served.tools).map((op) => op.title),
    rest: mergedFormats(unlockedBy(p, served.endpoints).map((op) => op.title)),
  });
  return Object.fromEntries(PRODUCTS.map((p) => [p, box(p)])) as Record<ProductName, ConsentBox>;
}

/** A box's words: the tools, then what REST adds. */
function consentText(box: ConsentBox): string {
  const tools = box.tools.length ? box.tools.join(', ') : 'no tool at present';
  return box.rest.length ? `${tools}; over REST also ${box.rest.join(', ')}` : tools;
}

/** Every box's words, by product: what the sign-in page shows. */
export function consentTexts(served: ServedOperations): Record<ProductName, string> {
  const boxes = consentBoxes(served);
  return Object.fromEntries(PRODUCTS.map((p) => [p, consentText(boxes[p])])) as Record<ProductName, string>;
}
