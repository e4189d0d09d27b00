import { parse } from 'node:querystring';
import { AppError } from '../core/errors.js';
import { ClientGone, type Req, type Res } from '../http-bridge/http.js';

/** The sign-in form is a key, a few boxes and two hidden fields: a few hundred bytes. */
const MAX_FORM_BYTES = 8 * 1024;

const tooLarge = () =>
  new AppError(
    'payload_too_large',
    `The sign-in form must be under ${MAX_FORM_BYTES} bytes; paste only the API key into its box.`,
  );

/**
 * A URL-encoded form body, bounded in size; each field as a string or a list of strings. A form over
 * the bound is 413 with its connection closed after the answer, the rest of it read and dropped
 * meanwhile: the request is never destroyed, so the answer reaches the browser. A client that
 * leaves mid-body rejects with ClientGone.
 */
export function readForm(req: Req, res: Res): Promise<Record<string, string | string[]>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    return Promise.reject(
      new AppError(
        'unsupported_media_type',
        'The sign-in form must be sent as application/x-www-form-urlencoded.',
      ),
    );
  // An honest Content-Length over the bound is refused before a byte is read.
  if (Number(req.headers['content-length'] ?? 0) > MAX_FORM_BYTES) {
    res.setHeader('Connection', 'close');
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (fail?: unknown) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('aborted', onGone);
      res.off('close', onGone);
      if (fail !== undefined) reject(fail);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_FORM_BYTES) {
        chunks.push(chunk);
        return;
      }
      finish(tooLarge());
      res.setHeader('Connection', 'close');
      req.resume();
    };
    const onEnd = () => {
      finish();
      resolve({ ...parse(Buffer.concat(chunks).toString('utf8')) } as Record<string, string | string[]>);
    };
    const onGone = () => finish(new ClientGone());
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onGone);
    req.once('aborted', onGone);
    res.once('close', onGone);
  });
}

/** A field's values as a list (a repeated name gives several). */
export const fieldList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A field's single value ('' when absent or repeated). */
export const fieldValue = (value: string | string[] | undefined): string =>
  typeof value === 'string' ? value : '';
