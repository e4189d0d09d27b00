/**
 * Astrology chart time per chart in-process against its Swiss Ephemeris floor (issue 7: at most
 * 1.5x). The floor is the raw calls (bench/swiss-raw.ts) the two charts need, with no wrapper, validation or
 * result objects of ours: at birth and at the design instant, the Sun, Moon, true node and Mercury
 * to Pluto, the mean apogee, Chiron and four asteroids (swe_calc_ut) and one swe_houses_ex
 * (Placidus), plus the Newton solve of the design instant on the Sun. The chart is
 * `astrologyMomentsAt` (both charts) plus the cross aspects, over the same births and places in the
 * same run; the whole tool pipeline (place lookup, zone, charts, data) is reported beside it.
 * bench/run.ts adds it to BENCHMARKS.md; run alone with `npm run build && npx tsx bench/astrology.ts`.
 */
import { pathToFileURL } from 'node:url';
import {
  astrologyBirth,
  astrologyData,
  astrologyMomentsAt,
  crossAspects,
} from '../src/core/astrology/index.js';
import {
  DESIGN_LAST_STEP_DAYS,
  DESIGN_MAX_ITERATIONS,
  designLookbackGuess,
  designTarget,
  wrap180,
} from '../src/core/ephemeris/design.js';
import { createEphemeris, EXTRA_BODIES, PLANET_KEYS, SE_BODY } from '../src/core/ephemeris/index.js';
import { loadKnowledgeBase } from '../src/core/knowledge/index.js';
import { loadCityTable } from '../src/core/location/index.js';
import { fmt, median, perItem } from './lib.js';
import { RAW, RAW_FLAGS, rawLongitude } from './swiss-raw.js';

const CHARTS = 2000;
const ROUNDS = 5;
const SEED = 1;
const FROM_JD = 2_415_020.5; // 1900-01-01
const SPAN_DAYS = 73_049; // to 2100-01-01
const FLOOR_TARGET_RATIO = 1.5;

/** The bodies of an astrology chart (`planets()` and `extraBodies()`, from the body table). */
const BODIES = [...PLANET_KEYS, ...EXTRA_BODIES].map((key) => SE_BODY[key]);

interface Birth {
  jdUT: number;
  latitude: number;
  longitude: number;
}

function births(): Birth[] {
  let seed = SEED;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  return Array.from({ length: CHARTS }, () => ({
    jdUT: FROM_JD + random() * SPAN_DAYS,
    latitude: -60 + random() * 120,
    longitude: -180 + random() * 360,
  }));
}

const sunAt = (jdUT: number) => rawLongitude(jdUT, SE_BODY.sun);

/** One moment's raw calls; returns how many calls it made. */
function rawMoment(jdUT: number, b: Birth): number {
  for (const body of BODIES) RAW.calcUt(jdUT, body, RAW_FLAGS);
  RAW.housesEx(jdUT, 0, b.latitude, b.longitude, 'P');
  return BODIES.length + 1;
}

/** Both charts' raw calls: birth, the design solve, design. */
function rawAstrology(b: Birth): number {
  let calls = rawMoment(b.jdUT, b);
  const target = designTarget(sunAt(b.jdUT).longitude);
  calls++;
  let t = b.jdUT - designLookbackGuess(b.jdUT);
  for (let i = 0; i < DESIGN_MAX_ITERATIONS; i++) {
    const sun = sunAt(t);
    calls++;
    const step = wrap180(sun.longitude - target) / sun.speed;
    t -= step;
    if (Math.abs(step) < DESIGN_LAST_STEP_DAYS) break;
  }
  return calls + rawMoment(t, b);
}

export interface AstrologyBenchResult {
  charts: number;
  callsPerChart: number;
  floorMicrosecondsPerChart: number;
  chartMicrosecondsPerChart: number;
  ratio: number;
  target: number;
  pipelineMicrosecondsPerChart: number;
  libraryVersion: string;
}

export async function measureAstrology(): Promise<AstrologyBenchResult> {
  const list = births();
  const ephemeris = createEphemeris();
  let calls = 0;
  for (const b of list) calls += rawAstrology(b);
  const callsPerChart = calls / list.length;

  // Interleaved rounds, so drift in machine load hits both alike.
  const floor: number[] = [];
  const chart: number[] = [];
  const chartOf = (b: Birth) => {
    const m = astrologyMomentsAt(ephemeris, b.jdUT, b);
    return crossAspects(m.personality.longitudes, m.design.longitudes);
  };
  for (let r = 0; r < ROUNDS; r++) {
    floor.push(perItem(list, rawAstrology, 1));
    chart.push(perItem(list, chartOf, 1));
  }

  const cities = await loadCityTable();
  const knowledge = await loadKnowledgeBase();
  const pad = (n: number) => String(n).padStart(2, '0');
  const inputs = list.map((b, i) => {
    const d = new Date(Date.UTC(1950, 0, 1, 0, i * 997));
    return {
      birthDate: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
      birthTime: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
      latitude: b.latitude,
      longitude: b.longitude,
    };
  });
  const pipeline = perItem(inputs, (input) =>
    astrologyData(knowledge, astrologyBirth({ cities, ephemeris }, input), false),
  );

  const floorMicrosecondsPerChart = median(floor);
  const chartMicrosecondsPerChart = median(chart);
  return {
    charts: list.length,
    callsPerChart,
    floorMicrosecondsPerChart,
    chartMicrosecondsPerChart,
    ratio: chartMicrosecondsPerChart / floorMicrosecondsPerChart,
    target: FLOOR_TARGET_RATIO,
    pipelineMicrosecondsPerChart: pipeline,
    libraryVersion: ephemeris.version,
  };
}

/** The measurement as a Markdown section of BENCHMARKS.md. */
export async function astrologyBenchSection(): Promise<string> {
  process.stderr.write('astrology chart vs Swiss Ephemeris floor…\n');
  const r = await measureAstrology();
  return [
    '## Western astrology chart (in-process)',
    '',
    `${r.charts} births 1900-2100 at varied places, median of ${ROUNDS} interleaved rounds, Swiss Ephemeris ${r.libraryVersion}.`,
    'Both charts (birth and design instant) with houses, points, asteroids and aspects, and the cross aspects.',
    '',
    '| Measure | µs per chart |',
    '|---|---|',
    `| Swiss Ephemeris floor (${fmt(r.callsPerChart, 1)} raw calls: bodies and houses at both instants, design solve) | ${fmt(r.floorMicrosecondsPerChart, 1)} |`,
    `| astrology chart core (both charts + cross aspects) | ${fmt(r.chartMicrosecondsPerChart, 1)} |`,
    `| ratio (target ≤ ${r.target}x) | ${fmt(r.ratio, 2)}x ${r.ratio <= r.target ? '(met)' : '(missed)'} |`,
    `| tool pipeline: zone, charts, data | ${fmt(r.pipelineMicrosecondsPerChart, 1)} |`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(`${await astrologyBenchSection()}\n`);
}
