import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sign-in form's anti-forgery value: an HMAC of the interaction's id under the server's shared
 * cookie key. A page of another site can neither read it nor compute it, so a form it submits on the
 * person's behalf is refused; every process derives the same value.
 */
export function antiForgeryToken(secret: string, uid: string): string {
  return createHmac('sha256', secret).update(`sign-in:${uid}`).digest('base64url');
}

export function isAntiForgeryToken(secret: string, uid: string, sent: unknown): boolean {
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(antiForgeryToken(secret, uid));
  const got = Buffer.from(sent);
  return got.length === expected.length && timingSafeEqual(got, expected);
}
