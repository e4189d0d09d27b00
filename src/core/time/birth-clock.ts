import {
  formatOffset,
  formatWallClock,
  hasBackzoneHistory,
  localTimeTypeAt,
  resolveWallClock,
  type WallClock,
} from './index.js';

/**
 * A birth's wall clock at a place -> its UTC instant, with every warning a reader must hear: a gap or
 * fold (core/time's documented rule), and what the zone's history gave the birth: that it is
 * local mean time (and how far the birth place's own mean time is from it), that the zone kept no
 * local time then, or that the database itself holds this part of the zone's history as less
 * reliable (backzone, before 1970). The wording states the size of the doubt, never less.
 */

/** Zones whose history before this instant comes from backzone are flagged (the main data's cut-off). */
const BACKZONE_UNTIL_MS = Date.UTC(1970, 0, 1);

/** A zone's reference city, from its name: "America/Argentina/Buenos_Aires" -> "Buenos Aires". */
function referenceCity(zone: string): string {
  return (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
}

/** 23 min 16 s, 2 h 5 min, 40 s. */
function formatDuration(seconds: number): string {
  const s = Math.round(Math.abs(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const parts = [h ? `${h} h` : '', m ? `${m} min` : '', rest && !h ? `${rest} s` : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : '0 s';
}

export interface BirthClock {
  utcMs: number;
  offsetSeconds: number;
  /** Gap or fold, then local mean time, no local time, or less reliable history; empty when none applies. */
  warnings: string[];
}

/** Resolves a birth's wall clock in its zone; `longitude` (degrees east) is the birth place's. */
export function resolveBirthClock(wall: WallClock, zone: string, longitude: number): BirthClock {
  const { utcMs, offsetSeconds, warning } = resolveWallClock(wall, zone);
  const warnings = warning ? [warning] : [];
  warnings.push(...historyWarnings(wall, zone, utcMs, offsetSeconds, longitude));
  return { utcMs, offsetSeconds, warnings };
}

function historyWarnings(
  wall: WallClock,
  zone: string,
  utcMs: number,
  offsetSeconds: number,
  longitude: number,
): string[] {
  const label = `${formatWallClock(wall)} in ${zone}`;
  const type = localTimeTypeAt(zone, utcMs);
  if (type.abbreviation === 'LMT') {
    const placeMean = Math.round(longitude * 240); // 4 minutes of time per degree
    const apart = Math.abs(placeMean - offsetSeconds);
    const comparison =
      apart < 60
        ? `The birth place's own mean solar time, from its longitude, is within a minute of it.`
        : `The birth place's own mean solar time, from its longitude ${longitude.toFixed(2)}°, is ` +
          `UTC${formatOffset(placeMean)}, ${formatDuration(apart)} ${placeMean > offsetSeconds ? 'ahead' : 'behind'}; ` +
          'a time read from a local clock may have followed either, so the birth instant is uncertain by that much.';
    return [
      `${label} predates standard time there: the database's local mean time for the zone, ` +
        `UTC${formatOffset(offsetSeconds)} (the mean solar time of ${referenceCity(zone)}), was used. ${comparison}`,
    ];
  }
  if (type.abbreviation === '-00') {
    return [
      `${label}: the database gives the zone no local time at that date (uninhabited or unknown); UTC was used.`,
    ];
  }
  if (utcMs < BACKZONE_UNTIL_MS && hasBackzoneHistory(zone)) {
    return [
      `${label}: UTC${formatOffset(offsetSeconds)} comes from the IANA time zone database's backzone file, ` +
        `which holds the history before 1970 of zones its main data merges with a neighbour, and which its ` +
        'maintainers mark as less reliable (largely from one atlas known to contain errors). An error there is ' +
        'usually a whole hour (a summer time kept or not) or a clock change off by days; check a historical ' +
        'source for this date if the hour matters.',
    ];
  }
  return [];
}
