import { parse } from 'node:querystring';
import { AppError } from '../core/errors.js';
import type { Req } from '../http-bridge/http.js';

/** The sign-in form is a key, a few boxes and two hidden fields: a few hundred bytes. */
const MAX_FORM_BYTES = 8 * 1024;

/** A URL-encoded form body, bounded in size; each field as a string or a list of strings. */
export async function readForm(req: Req): Promise<Record<string, string | string[]>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    throw new AppError(
      'unsupported_media_type',
      'The sign-in form must be sent as application/x-www-form-urlencoded.',
    );
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES)
      throw new AppError('payload_too_large', `The sign-in form must be under ${MAX_FORM_BYTES} bytes.`);
    chunks.push(chunk);
  }
  return { ...parse(Buffer.concat(chunks).toString('utf8')) } as Record<string, string | string[]>;
}

/** A field's values as a list (a repeated name gives several). */
export const fieldList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A field's single value ('' when absent or repeated). */
export const fieldValue = (value: string | string[] | undefined): string =>
  typeof value === 'string' ? value : '';
