import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where a program a person runs for themselves keeps its data, by the platform's convention:
 * `%APPDATA%` on Windows, `~/Library/Application Support` on macOS, and elsewhere
 * `$XDG_DATA_HOME` (an absolute path; a relative one is ignored, as the XDG spec says) or
 * `~/.local/share`; then `chart-service/`.
 */
export function userDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const app = 'chart-service';
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), app);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', app);
  const xdg = env.XDG_DATA_HOME;
  return join(xdg && xdg.startsWith('/') ? xdg : join(home, '.local', 'share'), app);
}
