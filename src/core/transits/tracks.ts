import type { Ephemeris } from '../ephemeris/index.js';
import { type ReturnBody, samplerOf } from './bodies.js';
import { Track, type TrackOptions } from './track.js';

/** The bodies a track can follow: those with their own ephemeris call (Earth and Ketu are derived). */
export type TrackedBody = ReturnBody | 'Rahu';

/**
 * First step per body, days: about the longest interval whose Hermite midpoint error stays under
 * the tolerance for smooth motion (measured over 2022-2027: Moon 1.7e-4 degrees at 1 day, 1.2e-5 at
 * half a day; Jupiter 5e-6 at 4 days). Where a step fails the check it is halved, so these only
 * trade calls against refinements. No first step exceeds 8 days (served intervals 4 days): apparent
 * longitudes carry nutation, whose 13.7-day term (0.23") a longer interval cannot follow, and a
 * midpoint check can miss a wave that fits between its samples.
 */
const FIRST_STEP_DAYS: Record<TrackedBody, number> = {
  Sun: 8,
  Moon: 1,
  Rahu: 2,
  Mercury: 2,
  Venus: 4,
  Mars: 4,
  Jupiter: 8,
  Saturn: 8,
  Uranus: 8,
  Neptune: 8,
  Pluto: 8,
  Chiron: 8,
};

/**
 * 1e-4 degrees (0.36") at the midpoint of the checked interval; the served half-intervals are about
 * 16 times better for smooth motion. Measured over 2023-2024 against hourly direct calls: at most
 * 8e-6 degrees for the Moon, 7e-5 for Rahu (kinks of the osculating node) and Venus (light
 * deflection at conjunction), below 2.5e-5 for the others.
 */
export const TRACK_TOLERANCE_DEG = 1e-4;
/** One hour: shorter intervals are accepted unchecked (hourly series points are then nodes). */
export const TRACK_MIN_STEP_DAYS = 1 / 24;

export function trackOptions(body: TrackedBody): TrackOptions {
  return {
    stepDays: FIRST_STEP_DAYS[body],
    toleranceDeg: TRACK_TOLERANCE_DEG,
    minStepDays: TRACK_MIN_STEP_DAYS,
  };
}

export function buildTrack(
  ephemeris: Ephemeris,
  body: TrackedBody,
  startJdUT: number,
  endJdUT: number,
): Track {
  return Track.build(samplerOf(ephemeris, body), startJdUT, endJdUT, trackOptions(body));
}
