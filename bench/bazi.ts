/**
 * BaZi chart benchmark, as a Markdown section in the style of bench/chart.ts (bench/run.ts wires it in):
 * - core: one chart (computeBazi: the Sun at birth, Newton solves for the jie before and after,
 *   pillars, luck pillars) against its Swiss Ephemeris floor: the same raw swe_calc_ut calls (bench/swiss-raw.ts) from
 *   the same first guesses with no wrapper, validation or objects of our own, over the same births in
 *   the same run; target at most 1.5x the floor.
 * - the whole tool pipeline (place lookup, wall clock in the zone, chart, data) with and without
 *   tooltips, for scale.
 * Run alone with `npm run build && npx tsx bench/bazi.ts`.
 */
import { pathToFileURL } from 'node:url';
import { baziBirthChart, baziData, computeBazi, JIE } from '../src/core/bazi/index.js';
import { createEphemeris, SE_BODY } from '../src/core/ephemeris/index.js';
import { loadKnowledgeBase } from '../src/core/knowledge/index.js';
import { loadCityTable } from '../src/core/location/index.js';
import { utcMsFromJulianDay } from '../src/core/time/index.js';
import { distinctBirth as distinctBirthAt, fmt, perItem } from './lib.js';
import { rawLongitude } from './swiss-raw.js';

const log = (s: string) => process.stderr.write(`${s}\n`);

const CHARTS = 2000;
const ROUNDS = 5;
const SEED = 1;
const FROM_JD = 2_415_020.5; // 1900-01-01
const SPAN_DAYS = 73_049; // to 2100-01-01
const FLOOR_TARGET_RATIO = 1.5;
/** The core's constants (src/core/bazi/solar-terms.ts), so the floor iterates exactly as it does. */
const MEAN_SUN_SPEED = 0.985_647;
const LAST_STEP_DAYS = 1e-7;

const mod = (a: number, n: number): number => ((a % n) + n) % n;

function births(): number[] {
  let seed = SEED;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  return Array.from({ length: CHARTS }, () => FROM_JD + random() * SPAN_DAYS);
}

const sun = (jdUT: number) => rawLongitude(jdUT, SE_BODY.sun);

/** Raw Newton solve; returns the calls made. */
function rawSolve(target: number, guess: number): number {
  let t = guess;
  for (let calls = 1; ; calls++) {
    const s = sun(t);
    const step = (mod(s.longitude - target + 180, 360) - 180) / s.speed;
    t -= step;
    if (Math.abs(step) < LAST_STEP_DAYS) return calls;
  }
}

/** The raw calls one chart cannot avoid: the Sun at birth and the two jie solves. */
function rawChart(jdUT: number): number {
  const longitude = sun(jdUT).longitude;
  const m = Math.floor(mod(longitude - 315, 360) / 30);
  const since = mod(longitude - 315, 30);
  const previous = JIE[m]!.longitude;
  const next = JIE[(m + 1) % 12]!.longitude;
  return (
    1 +
    rawSolve(previous, jdUT - since / MEAN_SUN_SPEED) +
    rawSolve(next, jdUT + (30 - since) / MEAN_SUN_SPEED)
  );
}

/** Median over rounds of microseconds per item (after one warm-up pass). */
const PLACES = [
  'Beijing, China',
  'New York, NY',
  'Taipei, Taiwan',
  'London, United Kingdom',
  'Seoul, South Korea',
];
const distinctBirth = (i: number) => distinctBirthAt(i, PLACES);

export async function baziBenchSection(): Promise<string> {
  log('BaZi core vs Swiss Ephemeris floor…');
  const ephemeris = createEphemeris();
  const jds = births();
  const options = { gender: 'male', dayBoundary: 'midnight', solarTime: 'standard' } as const;
  let calls = 0;
  const floor = perItem(jds, (jd) => (calls += rawChart(jd)));
  const callsPerChart = calls / (jds.length * ROUNDS + 200);
  const core = perItem(jds, (jd) =>
    computeBazi(ephemeris, { utcMs: utcMsFromJulianDay(jd), offsetSeconds: 0, longitude: 0 }, options),
  );

  log('BaZi tool pipeline…');
  const [cities, knowledge] = await Promise.all([loadCityTable(), loadKnowledgeBase()]);
  const inputs = Array.from({ length: CHARTS }, (_, i) => distinctBirth(i));
  const deps = { cities, ephemeris };
  const tool = (withTooltips: boolean) =>
    perItem(inputs, (input) => baziData(knowledge, baziBirthChart(deps, input, options), withTooltips));
  const plain = tool(false);
  const tooltips = tool(true);

  const ratio = core / floor;
  return [
    '## BaZi chart (in-process)',
    '',
    `${CHARTS} births 1900-2100, median of ${ROUNDS} rounds, Swiss Ephemeris ${ephemeris.version}.`,
    '',
    '| Measure | µs per chart |',
    '|---|---|',
    `| Swiss Ephemeris floor (${fmt(callsPerChart, 2)} raw Sun calls: birth + two jie solves) | ${fmt(floor, 1)} |`,
    `| computeBazi (pillars, hidden stems, ten gods, na yin, luck pillars) | ${fmt(core, 1)} |`,
    `| ratio (target ≤ ${FLOOR_TARGET_RATIO}x) | ${fmt(ratio, 2)}x ${ratio <= FLOOR_TARGET_RATIO ? '(met)' : '(missed)'} |`,
    `| tool pipeline: place, zone, chart, data | ${fmt(plain, 1)} |`,
    `| tool pipeline with tooltips | ${fmt(tooltips, 1)} |`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  baziBenchSection().then(
    (section) => process.stdout.write(`${section}\n`),
    (e: unknown) => {
      process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
      process.exit(1);
    },
  );
}
