import { astrologyMomentsAt, type AstrologyChart } from '../../src/core/astrology/index.js';
import { type BaziChart, computeBazi } from '../../src/core/bazi/index.js';
import { hdChartAt, type HdChart } from '../../src/core/human-design/index.js';
import { sharedEphemeris } from './shared.js';

/**
 * Seeded random births 1900-2100 for the render sweeps, each computed straight from the cores (Swiss
 * Ephemeris, no HTTP): the Human Design chart, the astrology chart pair and the BaZi chart. Latitudes
 * stay within 60° so Placidus cusps exist (the polar fallback is tested with the houses).
 */

export interface SampleBirth {
  date: string;
  time: string;
  location: string;
  utcOffset: string;
  coordinates: { lat: number; lon: number };
}

export interface RenderSample {
  hd: HdChart;
  astro: { personality: AstrologyChart; design: AstrologyChart };
  bazi: BaziChart;
  /** The birth as a data box shows it (kept apart from `astro`, whose pictures stay as they were). */
  birth: SampleBirth;
}

/** Place labels of the lengths answers carry, the last one wrapping in every data box. */
const LOCATIONS = [
  'Liverpool, England, United Kingdom',
  'Lima, Peru',
  'Ho Chi Minh City, Vietnam',
  'Santa Cruz de la Sierra, Santa Cruz Department, Bolivia',
];

/** The wall clock at a UT instant with the offset of whole hours nearest the longitude. */
function sampleBirth(jd: number, place: { latitude: number; longitude: number }, i: number): SampleBirth {
  const offsetHours = Math.round(place.longitude / 15);
  const local = new Date((jd - JD_UNIX_EPOCH) * 86_400_000 + offsetHours * 3_600_000).toISOString();
  const sign = offsetHours < 0 ? '-' : '+';
  return {
    date: local.slice(0, 10),
    time: local.slice(11, 16),
    location: LOCATIONS[i % LOCATIONS.length]!,
    utcOffset: `${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`,
    coordinates: { lat: place.latitude, lon: place.longitude },
  };
}

const FROM_JD = 2_415_020.5; // 1900-01-01
const SPAN_DAYS = 73_049; // to 2100-01-01
const JD_UNIX_EPOCH = 2_440_587.5;

export function renderSamples(count: number, seed = 20_260_909): RenderSample[] {
  const ephemeris = sharedEphemeris();
  let state = seed;
  const random = () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
  return Array.from({ length: count }, (_, i) => {
    const jd = FROM_JD + random() * SPAN_DAYS;
    const place = { latitude: random() * 120 - 60, longitude: random() * 360 - 180 };
    const { personality, design } = astrologyMomentsAt(ephemeris, jd, place);
    const offsetSeconds = Math.round(place.longitude / 15) * 3600;
    const bazi = computeBazi(
      ephemeris,
      { utcMs: (jd - JD_UNIX_EPOCH) * 86_400_000, offsetSeconds, longitude: place.longitude },
      { gender: random() < 0.5 ? 'male' : 'female', dayBoundary: 'midnight', solarTime: 'standard' },
    );
    return {
      hd: hdChartAt(ephemeris, jd).chart,
      astro: { personality: personality.chart, design: design.chart },
      bazi,
      birth: sampleBirth(jd, place, i),
    };
  });
}
