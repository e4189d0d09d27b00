/**
 * oidc-provider prints "oidc-provider WARNING: Unsupported runtime..." with console.warn while it
 * loads on a Node release older than 22 LTS: a plain line among the service's JSON log lines, which
 * a log shipper cannot parse. This module replaces console.warn before the library loads and
 * library.ts puts it back right after, holding back that one line only; the service says the same
 * thing as a structured warning at start (app/node-runtime.ts), in the server and over stdio alike.
 */
/* eslint-disable no-console -- the point of this module is console.warn while one library loads */
const RUNTIME_LINE = 'oidc-provider WARNING: Unsupported runtime';
const warn = console.warn;

console.warn = (...args: unknown[]): void => {
  // On a terminal the library wraps the line in colour codes, hence "includes".
  if (typeof args[0] === 'string' && args[0].includes(RUNTIME_LINE)) return;
  warn.apply(console, args);
};

/** Puts console.warn back: called by library.ts once the library has loaded. */
export function restoreConsoleWarn(): void {
  console.warn = warn;
}
