/**
 * What the start says about the Node release it runs on. package.json's `engines` lists the tested
 * releases and their oldest versions (test/core/node-runtime.test.ts holds the two together): 24, the
 * active LTS; 22, maintenance LTS; 20, past its end of life and still tested. oidc-provider, which
 * serves OAuth sign-in, prints its own "Unsupported runtime" line on 20 (and on a 22 from before it
 * became LTS) as plain text; oauth/runtime-notice.ts holds that back and this warning, a JSON log
 * line like every other, says it instead.
 */
import type { Logger } from 'pino';

/** Each tested major and its oldest supported version, newest first. */
export const TESTED_RELEASES: Readonly<Record<number, string>> = {
  24: '24.0.0',
  22: '22.12.0',
  20: '20.19.0',
};

const END_OF_LIFE: Readonly<Record<number, string>> = { 20: '2026-04-30' };

const parts = (version: string): number[] => version.split('.').map(Number);

/** a < b, comparing major.minor.patch. */
function older(a: string, b: string): boolean {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
  return false;
}

/** The warning for this Node version, or null on a supported release. */
export function nodeRuntimeNotice(version: string): string | null {
  const major = parts(version)[0]!;
  const oldest = TESTED_RELEASES[major];
  const tested = Object.keys(TESTED_RELEASES)
    .map(Number)
    .sort((a, b) => b - a)
    .join(', ');
  if (!oldest)
    return `Node ${major} is not a release the service is tested on (${tested}): use Node 24, the active LTS.`;
  if (older(version, oldest))
    return `Node ${version} is older than ${oldest}, the oldest Node ${major} the service supports: use Node 24, the active LTS.`;
  const ended = END_OF_LIFE[major];
  if (ended)
    return (
      `Node ${major} reached its end of life on ${ended}: the service still runs and is tested on it, ` +
      'but oidc-provider (OAuth sign-in) supports Node 22 and newer. Move to Node 24, the active LTS.'
    );
  return null;
}

/** Logs the warning, if any, once per process start: the server's (its primary) and stdio's. */
export function logNodeRuntime(log: Logger): void {
  const notice = nodeRuntimeNotice(process.versions.node);
  if (notice) log.warn({ node: process.versions.node }, notice);
}
