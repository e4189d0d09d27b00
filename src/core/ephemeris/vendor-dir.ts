import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A folder of the package's vendor/ that holds `probe`, from src/core/ephemeris (tsx) or
 * dist/src/core/ephemeris (built).
 */
export function vendorDir(name: string, probe: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const up of ['../../..', '../../../..']) {
    const dir = resolve(here, up, 'vendor', name);
    if (existsSync(join(dir, probe))) return dir;
  }
  throw new Error(`vendor/${name} (${probe}) is missing above ${here}`);
}
