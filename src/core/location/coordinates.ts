import { createRequire } from 'node:module';
import type * as GeoTzAll from 'geo-tz/all';
import { invalidInput } from '../errors.js';
import { isKnownZone } from '../time/index.js';
import { cityLabel } from './lookup.js';
import { type CityTable, GRID_COLUMNS, GRID_ROWS } from './table.js';

type GeoTz = typeof GeoTzAll;

/**
 * geo-tz's comprehensive dataset (`geo-tz/all`): every IANA zone with its own pre-1970 history, so a
 * Thai birth is Asia/Bangkok, not Asia/Jakarta as in the default "alike since 1970" dataset. It is
 * required lazily: importing it reads an index file, and its polygon cache is bounded below.
 */
const requireCjs = createRequire(import.meta.url);
let geoTzModule: GeoTz | undefined; // pure cache of the lazily loaded library

/** Small LRU store for geo-tz's feature cache (its default cache never evicts). */
class BoundedStore {
  private readonly entries = new Map<string, unknown>();
  constructor(private readonly capacity: number) {}
  get(key: string): unknown {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: unknown): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}

function geoTz(): GeoTz {
  if (!geoTzModule) {
    const mod = requireCjs('geo-tz/all') as GeoTz;
    mod.setCache({ store: new BoundedStore(512) });
    geoTzModule = mod;
  }
  return geoTzModule;
}

/** Throws invalidInput unless `value` is a finite number within [-limit, limit]. */
export function checkCoordinate(value: unknown, field: string, limit: 90 | 180): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalidInput(field, `must be a finite number, got ${JSON.stringify(value) ?? String(value)}`);
  }
  if (value < -limit || value > limit) {
    throw invalidInput(field, `must be between -${limit} and ${limit} degrees, got ${value}`);
  }
  return value;
}

/** The nautical zone for a longitude (Etc/GMT-style ids have the inverted sign). */
function nauticalZone(lon: number): string {
  const h = Math.round(lon / 15);
  return h === 0 ? 'Etc/GMT' : `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`;
}

/**
 * IANA zone at free coordinates. Where polygons overlap (disputed areas, the poles) geo-tz returns
 * several ids: the first real (non-Etc) zone known to this runtime wins; open sea gets the nautical
 * zone of its longitude.
 */
export function zoneAt(lat: number, lon: number): string {
  const found = geoTz().find(lat, lon);
  const real = found.find((z) => !z.startsWith('Etc/') && isKnownZone(z));
  return real ?? nauticalZone(lon);
}

const EARTH_RADIUS_KM = 6371.0088;
const NEAR_KM = 20;

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The table row nearest to the point within `maxKm` (default 20 km), or -1. */
export function nearestCityRow(table: CityTable, lat: number, lon: number, maxKm = NEAR_KM): number {
  const latSpan = Math.ceil(maxKm / 111);
  const cos = Math.cos((Math.min(89, Math.abs(lat) + latSpan) * Math.PI) / 180);
  const lonSpan = Math.min(GRID_COLUMNS / 2, Math.ceil(maxKm / (111 * cos)));
  const r0 = Math.floor(lat + 90);
  const c0 = Math.floor(lon + 180);
  let bestRow = -1;
  let bestKm = maxKm;
  for (let r = r0 - latSpan; r <= r0 + latSpan; r++) {
    if (r < 0 || r >= GRID_ROWS) continue;
    for (let dc = -lonSpan; dc <= lonSpan; dc++) {
      const c = (((c0 + dc) % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS;
      const cell = r * GRID_COLUMNS + c;
      for (let i = table.cellStart[cell]!; i < table.cellStart[cell + 1]!; i++) {
        const row = table.cellRows[i]!;
        const km = distanceKm(lat, lon, table.lat[row]!, table.lon[row]!);
        // Cells list rows by population, so on a tie the larger place stays.
        if (km <= maxKm && (bestRow < 0 || km < bestKm)) {
          bestKm = km;
          bestRow = row;
        }
      }
    }
  }
  return bestRow;
}

/** Up to 5 decimals, trailing zeros dropped: 51.5, -0.12. */
export function formatCoordinate(value: number): string {
  return String(Number(value.toFixed(5)));
}

/**
 * Label of a place given by coordinates: "51.5, -0.12", followed by "(near <nearest table place>)"
 * when a place with 1,000+ inhabitants lies within 20 km. The label states where the numbers point
 * and lets a reader catch swapped or mistyped coordinates; it is not meant to be looked up again.
 */
export function coordinatesLabel(table: CityTable, lat: number, lon: number): string {
  const base = `${formatCoordinate(lat)}, ${formatCoordinate(lon)}`;
  const row = nearestCityRow(table, lat, lon);
  return row < 0 ? base : `${base} (near ${cityLabel(table, row)})`;
}
