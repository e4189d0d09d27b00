/**
 * A small XML reader for the render tests (no parser is installed, and none is needed for SVG we
 * write ourselves): it checks well-formedness (one root, tags nest and close, attributes quoted and
 * unique, entities known, nothing after the root) and returns the element tree. No DTD, no
 * namespaces resolution, no CDATA: the renderer emits none of them, so meeting one is an error.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Character data directly inside this element, entities decoded. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /^[A-Za-z_:][\w.:-]*/;

function decode(raw: string, at: number): string {
  return raw.replace(/&([^;]*);|&/g, (m, name: string | undefined) => {
    if (name === undefined) throw new SyntaxError(`bare & near offset ${at}`);
    if (name in ENTITIES) return ENTITIES[name] as string;
    const code = /^#x([0-9a-f]+)$/i.exec(name)?.[1];
    const dec = /^#(\d+)$/.exec(name)?.[1];
    if (code) return String.fromCodePoint(parseInt(code, 16));
    if (dec) return String.fromCodePoint(Number(dec));
    throw new SyntaxError(`unknown entity ${m} near offset ${at}`);
  });
}

export function parseXml(source: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const fail = (why: string): never => {
    throw new SyntaxError(`${why} at offset ${i}: ${JSON.stringify(source.slice(i, i + 40))}`);
  };
  if (source.startsWith('<?xml')) i = source.indexOf('?>') + 2;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const chunk = source.slice(i, lt === -1 ? source.length : lt);
    if (chunk.includes('>')) fail('stray >');
    if (stack.length === 0 && chunk.trim() !== '') fail('text outside the root');
    const top = stack.at(-1);
    if (top) top.text += decode(chunk, i);
    if (lt === -1) break;
    i = lt;
    if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i);
      if (end === -1) fail('unclosed comment');
      i = end + 3;
      continue;
    }
    if (source.startsWith('</', i)) {
      const name = NAME.exec(source.slice(i + 2))?.[0] ?? fail('bad closing tag');
      const open = stack.pop() ?? fail(`closing </${name}> with nothing open`);
      if (open.name !== name) fail(`</${name}> closes <${open.name}>`);
      i += 2 + name.length;
      while (/\s/.test(source[i] ?? '')) i++;
      if (source[i] !== '>') fail('bad closing tag');
      i++;
      continue;
    }
    if (source[i + 1] === '!' || source[i + 1] === '?') fail('unsupported markup');
    const name = NAME.exec(source.slice(i + 1))?.[0] ?? fail('bad tag name');
    i += 1 + name.length;
    const element: XmlElement = { name, attrs: {}, children: [], text: '' };
    for (;;) {
      const space = /^\s*/.exec(source.slice(i))?.[0].length ?? 0;
      i += space;
      if (source.startsWith('/>', i) || source[i] === '>') break;
      if (space === 0) fail('attributes must be separated by spaces');
      const attr = NAME.exec(source.slice(i))?.[0] ?? fail('bad attribute name');
      i += attr.length;
      const quote = /^\s*=\s*(["'])/.exec(source.slice(i)) ?? fail('attribute without a quoted value');
      i += quote[0].length;
      const end = source.indexOf(quote[1] as string, i);
      if (end === -1) fail('unclosed attribute value');
      const value = source.slice(i, end);
      if (value.includes('<')) fail('< in an attribute value');
      if (attr in element.attrs) fail(`duplicate attribute ${attr}`);
      element.attrs[attr] = decode(value, i);
      i = end + 1;
    }
    const selfClosing = source.startsWith('/>', i);
    i += selfClosing ? 2 : 1;
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else if (root) fail('second root element');
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0) throw new SyntaxError(`unclosed <${stack.at(-1)?.name}>`);
  if (!root) throw new SyntaxError('no root element');
  return root;
}

/** Every element of the tree, depth first, the root included. */
export function allElements(root: XmlElement): XmlElement[] {
  return [root, ...root.children.flatMap(allElements)];
}

/** Elements carrying attribute `name`. */
export const withAttr = (root: XmlElement, name: string): XmlElement[] =>
  allElements(root).filter((e) => name in e.attrs);

/** All character data under an element. */
export const textOf = (e: XmlElement): string => e.text + e.children.map(textOf).join('');
