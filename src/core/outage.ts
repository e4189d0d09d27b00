/**
 * The cause every refusal carries when the database cannot be reached. Such refusals are expected
 * while an outage lasts, and the outage itself is logged once per change of state (the store's
 * OutageWatch, the start's wait), so the surfaces answer them without a log line each: a 10-second
 * outage once wrote one warning per refused request, each with its stack.
 */
export class DatabaseUnreachable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseUnreachable';
  }
}

/** True when the database being unreachable explains `e` (found anywhere along its causes). */
export function explainedByOutage(e: unknown): boolean {
  for (let c = e, depth = 0; c instanceof Error && depth < 8; c = c.cause, depth++) {
    if (c instanceof DatabaseUnreachable) return true;
  }
  return false;
}
