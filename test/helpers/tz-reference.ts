/**
 * Independent readers of the tz database the service's zone data was generated from: the Debian
 * tzdata package that data/zones.manifest.json names (vendored in vendor/tzdata), unpacked to a
 * temporary folder, then read by glibc's zdump (every transition of a zone in a range of years) and
 * by Python's zoneinfo (offset and abbreviation at given instants). Neither shares code with the
 * service's TZif reader, rule encoder or POSIX rule evaluator.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export interface TzReference {
  tzdir: string;
  version: string;
  remove: () => void;
}

/** Unpacks the package the zone manifest was built from; fails when the manifest names none. */
export function unpackReferenceTzdata(): TzReference {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'data/zones.manifest.json'), 'utf8')) as {
    version: string;
    sources: { file?: string }[];
  };
  const file = manifest.sources[0]?.file;
  if (!file) throw new Error('data/zones.manifest.json names no vendored tzdata package');
  const dir = mkdtempSync(join(tmpdir(), 'tz-reference-'));
  execFileSync('dpkg-deb', ['-x', join(ROOT, file), dir]);
  return {
    tzdir: join(dir, 'usr/share/zoneinfo'),
    version: manifest.version,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ReferenceTransition {
  /** Unix seconds of the transition. */
  at: number;
  /** Offset from it on, seconds east. */
  offset: number;
  abbreviation: string;
}

/** "+0100", "-033052", "+02" -> seconds. */
function zdumpOffset(text: string): number {
  const sign = text.startsWith('-') ? -1 : 1;
  const digits = text.slice(1);
  const h = Number(digits.slice(0, 2));
  const m = Number(digits.slice(2, 4) || '0');
  const s = Number(digits.slice(4, 6) || '0');
  return sign * (h * 3600 + m * 60 + s);
}

/** Parses `zdump -i` output: per zone, the transitions with the local time just after each. */
function parseZdump(text: string): Map<string, ReferenceTransition[]> {
  const out = new Map<string, ReferenceTransition[]>();
  let current: ReferenceTransition[] | undefined;
  for (const line of text.split('\n')) {
    const zone = /^TZ="(.+)"$/.exec(line);
    if (zone) {
      current = [];
      out.set(zone[1]!, current);
      continue;
    }
    const f = line.split('\t');
    if (!current || f.length < 4 || f[0] === '-') continue;
    const [date, time, offsetText, abbreviation] = f as [string, string, string, string];
    const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
    const [h, mi = 0, s = 0] = time.split(':').map(Number) as [number, number?, number?];
    const offset = zdumpOffset(offsetText);
    const local = Date.UTC(y, mo - 1, d, h, mi, s) / 1000;
    current.push({ at: local - offset, offset, abbreviation });
  }
  return out;
}

/** Every transition of each zone from the start of `fromYear` to the start of `toYear`, by zdump. */
export async function zdumpTransitions(
  ref: TzReference,
  zones: string[],
  fromYear: number,
  toYear: number,
): Promise<Map<string, ReferenceTransition[]>> {
  // Two processes: zdump probes every zone across the whole range, about 50 ms a zone-century.
  const halves = [zones.filter((_, i) => i % 2 === 0), zones.filter((_, i) => i % 2 === 1)];
  const outputs = await Promise.all(
    halves.map((part) =>
      run('zdump', ['-i', '-c', `${fromYear},${toYear}`, ...part], {
        env: { ...process.env, TZDIR: ref.tzdir },
        maxBuffer: 256 * 1024 * 1024,
      }),
    ),
  );
  const merged = new Map<string, ReferenceTransition[]>();
  for (const { stdout } of outputs) for (const [zone, list] of parseZdump(stdout)) merged.set(zone, list);
  return merged;
}

const PYTHON_READER = `
import datetime, json, sys, zoneinfo
zoneinfo.reset_tzpath([sys.argv[1]])
epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
out = {}
for name, instants in json.load(sys.stdin).items():
    z = zoneinfo.ZoneInfo(name)
    rows = []
    for t in instants:
        local = (epoch + datetime.timedelta(seconds=t)).astimezone(z)
        rows.append([int(local.utcoffset().total_seconds()), local.tzname()])
    out[name] = rows
json.dump(out, sys.stdout)
`;

/** Offset (seconds east) and abbreviation of each name at each instant (Unix seconds), by Python's zoneinfo. */
export async function pythonOffsets(
  ref: TzReference,
  instants: Record<string, number[]>,
): Promise<Record<string, [number, string][]>> {
  const child = execFile('python3', ['-c', PYTHON_READER, ref.tzdir], { maxBuffer: 512 * 1024 * 1024 });
  const done = new Promise<string>((resolveOut, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: string) => (stdout += c));
    child.stderr!.on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolveOut(stdout)
        : reject(new Error(`python3 zoneinfo reader exited ${code}: ${stderr}`)),
    );
  });
  child.stdin!.end(JSON.stringify(instants));
  return JSON.parse(await done) as Record<string, [number, string][]>;
}
