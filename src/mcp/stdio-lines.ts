import { PassThrough, type Readable } from 'node:stream';
import { parseJSONRPCMessage, STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/server';
import { idProblem, INVALID_REQUEST, jsonRpcErrorText, PARSE_ERROR } from './jsonrpc-refusals.js';
import { MAX_JSON_DEPTH, parseJsonBody, TooDeepJson } from '../core/json-body.js';

/**
 * The stdio lines the MCP SDK's transport would drop without a word: a line that is not JSON, a
 * batch, a message its schema refuses (an id past 2^53 among them), JSON nested past MAX_JSON_DEPTH.
 * A host that sent one would wait for an answer that never comes, where JSON-RPC 2.0 (section 5)
 * answers every request, with a null id when the id cannot be read. A line longer than the SDK's
 * buffer even closed the connection. This screen sits between stdin and the SDK's transport and
 * answers those lines as /mcp answers the same bodies over HTTP; every other line goes on unchanged.
 */

/** What becomes of one line: passed to the SDK, answered here, dropped (said why), or a blank line. */
export type Screened =
  { forward: true } | { answer: string; reason: string } | { drop: string } | { blank: true };

const VALID_SHAPE =
  'send one JSON-RPC 2.0 message per line: {"jsonrpc":"2.0","id":<string or integer>,"method":"<method>","params":{...}}';

const looksLikeResponse = (value: object): boolean =>
  !('method' in value) && ('result' in value || 'error' in value);

/** The fate of one line read from stdin (without its newline). */
export function screenLine(line: string): Screened {
  if (line.trim() === '') return { blank: true };
  let value: unknown;
  let rawId: string | undefined;
  try {
    ({ value, rawId } = parseJsonBody(Buffer.from(line)));
  } catch (e) {
    if (e instanceof TooDeepJson) {
      const reason = `Invalid Request: the message nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep; send at most ${MAX_JSON_DEPTH} levels.`;
      return { answer: jsonRpcErrorText(INVALID_REQUEST, reason, e.rawId), reason };
    }
    const reason = `Parse error: the line is not a JSON object; ${VALID_SHAPE}.`;
    return { answer: jsonRpcErrorText(PARSE_ERROR, reason), reason };
  }
  if (Array.isArray(value)) {
    const reason = `Invalid Request: JSON-RPC batches are not supported; ${VALID_SHAPE}.`;
    return { answer: jsonRpcErrorText(INVALID_REQUEST, reason), reason };
  }
  const problem = idProblem(value, rawId);
  if (problem !== null) return { answer: jsonRpcErrorText(INVALID_REQUEST, problem, rawId), reason: problem };
  try {
    parseJSONRPCMessage(value);
    return { forward: true };
  } catch {
    // An answer to a request of the server's that does not parse: nothing to answer it with.
    if (looksLikeResponse(value as object)) return { drop: 'a response that is not valid JSON-RPC' };
    const reason = `Invalid Request: the message is not a valid JSON-RPC 2.0 request or notification; ${VALID_SHAPE}.`;
    return { answer: jsonRpcErrorText(INVALID_REQUEST, reason, rawId), reason };
  }
}

export interface ScreenOptions {
  /** Writes one answer line (the text with its newline) where the SDK writes its own. */
  write(line: string): void;
  /** Told of every line answered or dropped here, for the log. */
  onRefused(reason: string): void;
  /** The longest line, in bytes (the SDK's own buffer by default). */
  maxLineBytes?: number;
}

const NEWLINE = 0x0a;

/**
 * `stdin` as the SDK's transport should read it: the lines it can parse, each with its newline.
 * Ends when `stdin` ends. A line past `maxLineBytes` is answered once and skipped to its end.
 */
export function screenedStdin(stdin: Readable, options: ScreenOptions): Readable {
  const { write, onRefused, maxLineBytes = STDIO_DEFAULT_MAX_BUFFER_SIZE } = options;
  const out = new PassThrough();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;

  const take = (line: Buffer) => {
    const text = line.toString('utf8').replace(/\r$/, '');
    const screened = screenLine(text);
    if ('forward' in screened) out.write(`${text}\n`);
    else if ('answer' in screened) {
      write(`${screened.answer}\n`);
      onRefused(screened.reason);
    } else if ('drop' in screened) onRefused(screened.drop);
  };

  stdin.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (skipping) {
        skipping = false;
        continue;
      }
      take(pending.length ? Buffer.concat([...pending, piece]) : piece);
      pending = [];
      pendingBytes = 0;
    }
    if (skipping || start === chunk.length) return;
    pending.push(chunk.subarray(start));
    pendingBytes += chunk.length - start;
    if (pendingBytes > maxLineBytes) {
      const reason = `Invalid Request: a line over ${maxLineBytes} bytes; ${VALID_SHAPE}.`;
      write(`${jsonRpcErrorText(INVALID_REQUEST, reason)}\n`);
      onRefused(reason);
      pending = [];
      pendingBytes = 0;
      skipping = true;
    }
  });
  stdin.once('end', () => out.end());
  stdin.once('error', (e) => out.destroy(e));
  return out;
}
