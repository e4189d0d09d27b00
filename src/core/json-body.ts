import { AppError } from './errors.js';

/**
 * Parsing of JSON request bodies (REST and /mcp): strict JSON as body-parser read it, with the
 * nesting depth bounded before anything recursive sees the value, and the top-level `id` member
 * kept as the bytes the client sent (JSON-RPC ids must come back exactly as sent).
 */

/**
 * Deepest nesting of objects and arrays a body may have. The deepest input the service takes is a
 * batch entry inside an MCP tool call (about 6 levels); 64 leaves room for any `_meta` a client adds
 * while keeping every recursive step after the parser (JSON.stringify, schema validation) far
 * from the stack's limit. 5,000 levels in a 10 KB body used to overflow JSON.stringify inside the
 * MCP SDK's adapter and answer a silent 500.
 */
export const MAX_JSON_DEPTH = 64;

/** A parsed body and the raw text of its top-level `id` member, when it has a scalar one. */
export interface JsonBody {
  value: unknown;
  rawId: string | undefined;
}

/** JSON that does not parse: REST answers it as invalid_input, /mcp as JSON-RPC -32700. */
export class MalformedJson extends AppError {}

/** JSON nested deeper than MAX_JSON_DEPTH: REST answers invalid_input, /mcp JSON-RPC -32600. */
export class TooDeepJson extends AppError {
  constructor(readonly rawId: string | undefined) {
    super(
      'invalid_input',
      `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep; send at most ${MAX_JSON_DEPTH} levels.`,
      {
        details: [
          {
            field: '(body)',
            message: `nested more than ${MAX_JSON_DEPTH} levels deep`,
            expected: `JSON nested at most ${MAX_JSON_DEPTH} levels deep`,
          },
        ],
      },
    );
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPENERS = new Set([0x7b, 0x5b]);
const CLOSERS = new Set([0x7d, 0x5d]);

/** Index of the quote that ends the string starting at `start` (a quote); the text's length if none. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return text.length;
}

/** The raw token of a scalar value starting at `start` (after the colon), and where it ends. */
function scalarToken(text: string, start: number): { token: string; end: number } | null {
  let i = start;
  while (/\s/.test(text[i] ?? '')) i++;
  if (text.charCodeAt(i) === QUOTE) {
    const end = stringEnd(text, i);
    return { token: text.slice(i, end + 1), end };
  }
  let j = i;
  while (j < text.length && !/[\s,}\]]/.test(text[j]!)) j++;
  return j > i && !OPENERS.has(text.charCodeAt(i)) ? { token: text.slice(i, j), end: j - 1 } : null;
}

/**
 * One linear pass over JSON text, before it is parsed: whether objects and arrays nest deeper than
 * `maxDepth`, and the raw text of the top-level object's `id` member (a number as its digits).
 */
export function scanJson(text: string, maxDepth: number): { tooDeep: boolean; rawId: string | undefined } {
  let depth = 0;
  let rawId: string | undefined;
  // The last string read directly inside the top-level object: a member name if a colon follows.
  let name: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      name = depth === 1 ? text.slice(i + 1, end) : null;
      i = end;
    } else if (OPENERS.has(c)) {
      if (++depth > maxDepth) return { tooDeep: true, rawId };
      name = null;
    } else if (CLOSERS.has(c)) {
      depth--;
      name = null;
    } else if (c === COLON && depth === 1 && name === 'id' && rawId === undefined) {
      const scalar = scalarToken(text, i + 1);
      if (scalar) {
        rawId = scalar.token;
        i = scalar.end;
      }
      name = null;
    } else if (c === COMMA) {
      name = null;
    }
  }
  return { tooDeep: false, rawId };
}

/**
 * Strict JSON as body-parser reads it: an object or an array (an empty body is `{}`), a leading BOM
 * ignored, nesting bounded; a bare scalar is named in the error, which helps more than "not valid
 * JSON".
 */
export function parseJsonBody(bytes: Buffer): JsonBody {
  if (bytes.length === 0) return { value: {}, rawId: undefined };
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const first = /^[ \t\n\r]*(.)/s.exec(text)?.[1];
  if (first === '{' || first === '[') {
    const { tooDeep, rawId } = scanJson(text, MAX_JSON_DEPTH);
    if (tooDeep) throw new TooDeepJson(rawId);
    try {
      return { value: JSON.parse(text), rawId };
    } catch {
      throw notJson();
    }
  }
  const scalar = scalarKind(text);
  if (!scalar) throw notJson();
  throw new MalformedJson('invalid_input', `The request body must be a JSON object; got ${scalar}.`, {
    details: [
      {
        field: '(body)',
        message: `must be a JSON object, got ${scalar}`,
        expected: 'a JSON object',
        received: scalar,
      },
    ],
  });
}

function notJson(): MalformedJson {
  return new MalformedJson(
    'invalid_input',
    'The request body is not valid JSON: check the quotes, commas and braces, and send one JSON object.',
    {
      details: [
        { field: '(body)', message: 'not valid JSON; send one JSON object', expected: 'a JSON object' },
      ],
    },
  );
}

/** "a number", "a string", "null" ... when the text is a valid JSON scalar; null otherwise. */
function scalarKind(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value === null) return 'null';
    return typeof value === 'object' ? null : `a ${typeof value}`;
  } catch {
    return null;
  }
}
