// Builds dist/ only when its inputs changed since the last build, so `npm start`, `npm run keys` and
// the other commands that run the build start at once on an unchanged tree. The stamp is a digest of
// every input's path, size and modification time (a deleted or renamed file changes it too).
// Plain JavaScript on purpose: it must run before anything is compiled. `--stamp` only records the
// current digest (the last step of `npm run build`). `--stamp` only records the
// current digest (the last step of `npm run build`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const STAMP = join(root, 'dist', '.build-stamp');
const INPUTS = ['src', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

function walk(path, out) {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return;
  if (st.isDirectory()) for (const name of readdirSync(path).sort()) walk(join(path, name), out);
  else out.push(`${path}\t${st.size}\t${st.mtimeMs}`);
}

const files = [];
for (const input of INPUTS) walk(join(root, input), files);
const digest = createHash('sha256').update(files.join('\n')).digest('hex');
if (process.argv.includes('--stamp')) {
  // Called at the end of `npm run build`: what was just built is current.
  writeFileSync(STAMP, digest);
  process.exit(0);
}
const built =
  existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest && existsSync(join(root, 'dist/src/main.js'));
if (!built) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(STAMP, digest);
}
