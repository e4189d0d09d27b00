/**
 * What the start says about the Node release it runs on. package.json's `engines` lists the tested
 * majors (test/core/node-runtime.test.ts holds the two together): 24, the active LTS; 22, maintenance
 * LTS; 20, past its end of life and still tested. oidc-provider, which serves OAuth sign-in, prints
 * its own "Unsupported runtime" line on 20 as plain text; oauth/runtime-notice.ts holds that back
 * and this warning, a JSON log line like every other, says it instead.
 */
import type { Logger } from 'pino';

export const TESTED_MAJORS: readonly number[] = [24, 22, 20];

const END_OF_LIFE: Readonly<Record<number, string>> = { 20: '2026-04-30' };

/** The warning for this Node version, or null on a supported release. */
export function nodeRuntimeNotice(version: string): string | null {
  const major = Number(version.split('.')[0]);
  const ended = END_OF_LIFE[major];
  if (ended)
    return (
      `Node ${major} reached its end of life on ${ended}: the service still runs and is tested on it, ` +
      'but oidc-provider (OAuth sign-in) supports Node 22 and newer. Move to Node 24, the active LTS.'
    );
  if (TESTED_MAJORS.includes(major)) return null;
  return `Node ${major} is not a release the service is tested on (${TESTED_MAJORS.join(', ')}): use Node 24, the active LTS.`;
}

/** Logs the warning, if any, once per process start: the server's (its primary) and stdio's. */
export function logNodeRuntime(log: Logger): void {
  const notice = nodeRuntimeNotice(process.versions.node);
  if (notice) log.warn({ node: process.versions.node }, notice);
}
