/** The ephemeris could not deliver data-file precision: a deployment fault, never the caller's. */
export class EphemerisError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EphemerisError';
  }
}

/** What a result without SEFLG_SWIEPH means: the library fell back to its low-precision model. */
export const MOSHIER_FALLBACK = 'result lacks SEFLG_SWIEPH (Moshier fallback)';

/** One failed body call, with the body number, the instant and the library's words. */
export function failure(body: number, jdUT: number, detail: string): EphemerisError {
  return new EphemerisError(`Swiss Ephemeris failed for body ${body} at JD ${jdUT} (UT): ${detail}`);
}
