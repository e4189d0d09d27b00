import type { CalendarDate } from '../time/index.js';
import { julianDayUT, utcMsFromJulianDay } from '../time/index.js';

export type Granularity = 'daily' | 'hourly';

/** A range of whole UTC days, both inclusive. */
export interface DateRange {
  startDate: CalendarDate;
  endDate: CalendarDate;
}

/** JD UT of 00:00 UTC on a calendar date. */
export const jdOfDate = (d: CalendarDate): number => julianDayUT(Date.UTC(d.year, d.month - 1, d.day));

/** Whole days from the start date to the end date (0 for one day; negative if reversed). */
export const spanDays = (r: DateRange): number => Math.round(jdOfDate(r.endDate) - jdOfDate(r.startDate));

/**
 * The series instants: 00:00 UTC of each day (daily), or every hour from 00:00 of the start date to
 * 23:00 of the end date (hourly). Computed from integers so every point is an exact hour.
 */
export function seriesInstants(range: DateRange, granularity: Granularity): number[] {
  const start = jdOfDate(range.startDate);
  const days = spanDays(range) + 1;
  if (days <= 0) return [];
  const perDay = granularity === 'hourly' ? 24 : 1;
  const out = new Array<number>(days * perDay);
  for (let i = 0; i < out.length; i++) out[i] = start + i / perDay;
  return out;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
/** The date part of the last day formatted: events and series points come day after day. */
let lastDay = Number.NaN;
let lastDate = '';

/** ISO 8601 UTC to the nearest second, e.g. 2025-03-20T09:01:25Z. */
export function isoUtc(jdUT: number): string {
  const seconds = Math.round(utcMsFromJulianDay(jdUT) / 1000);
  const day = Math.floor(seconds / 86_400);
  if (day !== lastDay) {
    lastDate = new Date(day * 86_400_000).toISOString().slice(0, 10);
    lastDay = day;
  }
  const s = seconds - day * 86_400;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${lastDate}T${pad2(h)}:${pad2(m)}:${pad2(s % 60)}Z`;
}

/** ISO 8601 UTC to the nearest minute, e.g. 2025-03-20T09:01Z (the natal transit windows and aspects). */
export function isoMinute(jdUT: number): string {
  const minutes = Math.round(utcMsFromJulianDay(jdUT) / 60_000);
  return `${new Date(minutes * 60_000).toISOString().slice(0, 16)}Z`;
}
