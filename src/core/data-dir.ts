import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's data/ folder, found from a module's own location: three levels up from src/core/<x>/,
 * four from dist/src/core/<x>/ (the folder that holds `markerFile`; the first guess when neither does).
 */
export function projectDataDir(moduleUrl: string, markerFile: string): string {
  const here = dirname(fileURLToPath(moduleUrl));
  for (const up of ['../../../data', '../../../../data']) {
    const dir = resolve(here, up);
    if (existsSync(join(dir, markerFile))) return dir;
  }
  return resolve(here, '../../../data');
}
