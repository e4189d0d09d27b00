/**
 * The body table (src/core/bodies), the one vocabulary of bodies, against facts from outside it:
 * - Swiss Ephemeris body numbers: the swisseph package's own `SE_*` constants (swephexp.h names),
 *   with the true node for the North Node (reference human-design.md section 2.3) and the mean
 *   apogee for Black Moon Lilith (reference astrology-bazi-location.md A5).
 * - The 13 Human Design bodies and their order: reference human-design.md section 2.2 (Sun, Earth,
 *   North Node, South Node, Moon, Mercury ... Pluto; Earth = Sun + 180°, South Node = North Node +
 *   180°); their V2 names: the service spec (Rahu, Ketu for the nodes).
 * - Glyphs: the Unicode code points of the Miscellaneous Symbols block named in shared reference
 *   stack-notes section 5 (U+2609 SUN, U+2641 EARTH, U+263D FIRST QUARTER MOON, U+263F MERCURY ...
 *   U+2647 PLUTO, U+260A/B ASCENDING/DESCENDING NODE, U+26B7 CHIRON).
 * - Step sizes: the motion they must resolve, measured with the ephemeris daily over
 *   2000-2013 (Mercury's shortest retrograde ~20 days; Pluto's longest ~162): a station grid below
 *   half the shortest retrograde or direct stretch, a reach longer than the longest retrograde period
 *   plus the longer of its two shadows, and no body that never turns retrograde (Sun, Moon) among
 *   the station bodies.
 */
import swisseph from 'swisseph';
import { describe, expect, it } from 'vitest';
import {
  ASTEROID_NAMES,
  BODIES,
  BODY_POINT_NAMES,
  CLASSICAL_PLANETS,
  EXTRA_BODIES,
  GLYPHS,
  HD_BODIES,
  HD_BODY_NAMES,
  HD_SOURCE,
  PLANET_KEYS,
  RETURN_BODIES,
  RETURN_GRID_DAYS,
  SE_BODY,
  STATION_BODIES,
  STATION_STEPS,
  SWISS_ID,
  TRACK_STEP_DAYS,
  TRACKED_SWISS_KEY,
} from '../../../src/core/bodies/index.js';
import { jd, seededRandom } from '../../helpers/ephemeris.js';
import { sharedEphemeris } from '../../helpers/shared.js';

/** SE_BODY key -> the swisseph constant of swephexp.h. */
const SWEPH_NAME: Record<keyof typeof SE_BODY, string> = {
  sun: 'SE_SUN',
  moon: 'SE_MOON',
  mercury: 'SE_MERCURY',
  venus: 'SE_VENUS',
  mars: 'SE_MARS',
  jupiter: 'SE_JUPITER',
  saturn: 'SE_SATURN',
  uranus: 'SE_URANUS',
  neptune: 'SE_NEPTUNE',
  pluto: 'SE_PLUTO',
  meanNode: 'SE_MEAN_NODE',
  trueNode: 'SE_TRUE_NODE',
  meanApogee: 'SE_MEAN_APOG',
  osculatingApogee: 'SE_OSCU_APOG',
  chiron: 'SE_CHIRON',
  pholus: 'SE_PHOLUS',
  ceres: 'SE_CERES',
  pallas: 'SE_PALLAS',
  juno: 'SE_JUNO',
  vesta: 'SE_VESTA',
  interpolatedApogee: 'SE_INTP_APOG',
  interpolatedPerigee: 'SE_INTP_PERG',
};
const sweph = swisseph as unknown as Record<string, number>;

/** Reference section 2.2, column order, by the names astrology uses; the V2 names per the spec. */
const HD_REFERENCE = [
  ['Sun', 'Sun'],
  ['Earth', 'Earth'],
  ['North Node', 'Rahu'],
  ['South Node', 'Ketu'],
  ['Moon', 'Moon'],
  ['Mercury', 'Mercury'],
  ['Venus', 'Venus'],
  ['Mars', 'Mars'],
  ['Jupiter', 'Jupiter'],
  ['Saturn', 'Saturn'],
  ['Uranus', 'Uranus'],
  ['Neptune', 'Neptune'],
  ['Pluto', 'Pluto'],
] as const;

const CODE_POINT: Record<string, number> = {
  Sun: 0x2609,
  Earth: 0x2641,
  'North Node': 0x260a,
  'South Node': 0x260b,
  Moon: 0x263d,
  Mercury: 0x263f,
  Venus: 0x2640,
  Mars: 0x2642,
  Jupiter: 0x2643,
  Saturn: 0x2644,
  Uranus: 0x2645,
  Neptune: 0x2646,
  Pluto: 0x2647,
  Chiron: 0x26b7,
};

const opposite = (longitude: number): number => (longitude >= 180 ? longitude - 180 : longitude + 180);

describe('the body table', () => {
  it('holds each body once, by key and by name', () => {
    expect(new Set(BODIES.map((b) => b.key)).size).toBe(BODIES.length);
    expect(new Set(BODIES.map((b) => b.name)).size).toBe(BODIES.length);
  });

  it('numbers every Swiss Ephemeris source as the library does', () => {
    for (const [key, id] of Object.entries(SE_BODY)) {
      expect(sweph[SWEPH_NAME[key as keyof typeof SE_BODY]], key).toBe(id);
    }
    expect(SWISS_ID).toEqual({
      sun: sweph.SE_SUN,
      northNode: sweph.SE_TRUE_NODE,
      moon: sweph.SE_MOON,
      mercury: sweph.SE_MERCURY,
      venus: sweph.SE_VENUS,
      mars: sweph.SE_MARS,
      jupiter: sweph.SE_JUPITER,
      saturn: sweph.SE_SATURN,
      uranus: sweph.SE_URANUS,
      neptune: sweph.SE_NEPTUNE,
      pluto: sweph.SE_PLUTO,
      chiron: sweph.SE_CHIRON,
      blackMoonLilith: sweph.SE_MEAN_APOG,
      ceres: sweph.SE_CERES,
      pallas: sweph.SE_PALLAS,
      juno: sweph.SE_JUNO,
      vesta: sweph.SE_VESTA,
    });
  });

  it('derives Earth and the South Node as the points opposite the Sun and the North Node', () => {
    const derived = BODIES.filter((b) => 'from' in b.source).map((b) => [b.name, b.source]);
    expect(derived).toEqual([
      ['Earth', { from: 'sun', offsetDeg: 180 }],
      ['South Node', { from: 'northNode', offsetDeg: 180 }],
    ]);
    const ephemeris = sharedEphemeris();
    const random = seededRandom(17);
    for (let i = 0; i < 50; i++) {
      const b = ephemeris.humanDesignBodies(jd('1900-01-01T00:00:00Z') + random() * 73_000);
      expect(b.earth).toEqual({ longitude: opposite(b.sun.longitude), speed: b.sun.speed });
      expect(b.southNode).toEqual({ longitude: opposite(b.northNode.longitude), speed: b.northNode.speed });
    }
  });

  it('lists the 13 Human Design bodies in the reference column order, under their V2 names', () => {
    const hd = BODIES.filter((b) => 'humanDesign' in b);
    expect(hd.map((b) => [b.name, b.humanDesign.name])).toEqual(HD_REFERENCE.map((r) => [...r]));
    expect(HD_BODY_NAMES).toEqual(HD_REFERENCE.map(([, v2]) => v2));
    expect(HD_BODIES).toEqual(hd.map((b) => b.key));
    expect(HD_SOURCE).toEqual({
      Sun: { tracked: 'Sun', offsetDeg: 0 },
      Earth: { tracked: 'Sun', offsetDeg: 180 },
      Rahu: { tracked: 'Rahu', offsetDeg: 0 },
      Ketu: { tracked: 'Rahu', offsetDeg: 180 },
      Moon: { tracked: 'Moon', offsetDeg: 0 },
      Mercury: { tracked: 'Mercury', offsetDeg: 0 },
      Venus: { tracked: 'Venus', offsetDeg: 0 },
      Mars: { tracked: 'Mars', offsetDeg: 0 },
      Jupiter: { tracked: 'Jupiter', offsetDeg: 0 },
      Saturn: { tracked: 'Saturn', offsetDeg: 0 },
      Uranus: { tracked: 'Uranus', offsetDeg: 0 },
      Neptune: { tracked: 'Neptune', offsetDeg: 0 },
      Pluto: { tracked: 'Pluto', offsetDeg: 0 },
    });
  });

  it('derives the astrology and ephemeris lists in chart order', () => {
    const classical = [
      'Sun',
      'Moon',
      'Mercury',
      'Venus',
      'Mars',
      'Jupiter',
      'Saturn',
      'Uranus',
      'Neptune',
      'Pluto',
    ];
    expect(CLASSICAL_PLANETS).toEqual(classical);
    expect([...PLANET_KEYS].sort()).toEqual([...classical.map((p) => p.toLowerCase()), 'trueNode'].sort());
    expect(BODY_POINT_NAMES).toEqual({
      northNode: 'North Node',
      chiron: 'Chiron',
      blackMoonLilith: 'Black Moon Lilith',
    });
    expect(ASTEROID_NAMES).toEqual({ ceres: 'Ceres', pallas: 'Pallas', juno: 'Juno', vesta: 'Vesta' });
    expect([...EXTRA_BODIES].sort()).toEqual(['ceres', 'chiron', 'juno', 'meanApogee', 'pallas', 'vesta']);
    expect(RETURN_BODIES).toEqual([...classical, 'Chiron']);
    expect(STATION_BODIES).toEqual([...classical.slice(2), 'Chiron']);
    expect(TRACKED_SWISS_KEY).toMatchObject({ Rahu: 'trueNode', Chiron: 'chiron', Sun: 'sun' });
  });

  it('draws each glyph of the reference (stack-notes section 5) under every name of its body', () => {
    for (const b of BODIES) {
      if (!('glyph' in b)) continue;
      expect(b.glyph.codePointAt(0), b.name).toBe(CODE_POINT[b.name]);
      expect(b.glyph).toHaveLength(1);
    }
    expect(Object.keys(CODE_POINT).every((name) => GLYPHS[name] !== undefined)).toBe(true);
    expect(GLYPHS.Rahu).toBe(GLYPHS['North Node']);
    expect(GLYPHS.Ketu).toBe(GLYPHS['South Node']);
    expect(GLYPHS['Black Moon Lilith']).toBeUndefined();
  });

  it('reads Chiron for the transit searches with the numbers of the generic body call', () => {
    const ephemeris = sharedEphemeris();
    for (const t of [jd('1850-03-01T00:00:00Z'), jd('2024-04-08T18:00:00Z'), jd('2390-12-31T00:00:00Z')]) {
      const generic = ephemeris.body(SE_BODY.chiron, t);
      expect(ephemeris.position(TRACKED_SWISS_KEY.Chiron, t)).toEqual({
        longitude: generic.longitude,
        speed: generic.longitudeSpeed,
      });
    }
  });
});

describe('the transit steps (days) resolve the motion they step over', () => {
  const ephemeris = sharedEphemeris();
  const STEP = 1;
  const FROM = jd('2000-01-01T00:00:00Z');
  const TO = jd('2013-01-01T00:00:00Z');

  /** Retrograde stretches [station retrograde, station direct] and the longitudes along the way. */
  type Key = Parameters<typeof ephemeris.position>[0];
  const measured = new Map<Key, { lon: number[]; speed: number[]; turns: number[] }>();
  const motion = (key: Key) => measured.get(key) ?? sample(key, FROM, TO);
  const turningPoints = (key: Key, from: number, to: number) => sample(key, from, to).turns;

  function sample(key: Key, from: number, to: number) {
    const lon: number[] = [];
    const speed: number[] = [];
    for (let t = from; t < to; t += STEP) {
      const p = ephemeris.position(key, t);
      lon.push(p.longitude);
      speed.push(p.speed);
    }
    const turns: number[] = [];
    for (let i = 1; i < speed.length; i++) if (speed[i]! > 0 !== speed[i - 1]! > 0) turns.push(i);
    if (from === FROM && to === TO) measured.set(key, { lon, speed, turns });
    return { lon, speed, turns };
  }

  it('tracks with first steps that divide each other, at most 8 days', () => {
    for (const [body, days] of Object.entries(TRACK_STEP_DAYS)) {
      expect(days, body).toBeLessThanOrEqual(8);
      expect(8 % days, body).toBe(0);
    }
    for (const [body, days] of Object.entries(RETURN_GRID_DAYS)) expect(8 % days, body).toBe(0);
  });

  it('leaves out the bodies that never turn retrograde: the Sun and the Moon', () => {
    for (const body of RETURN_BODIES) {
      const turns = (STATION_BODIES as readonly string[]).includes(body)
        ? motion(TRACKED_SWISS_KEY[body]).turns
        : turningPoints(TRACKED_SWISS_KEY[body], FROM, FROM + 800);
      expect(turns.length > 0, body).toBe((STATION_BODIES as readonly string[]).includes(body));
    }
  });

  it.each(STATION_BODIES)(
    '%s: grid below half its shortest stretch, reach beyond retrograde plus shadow',
    (body) => {
      const { lon, speed, turns } = motion(TRACKED_SWISS_KEY[body]);
      const { gridDays, reachDays } = STATION_STEPS[body];
      const stretches = turns.slice(1).map((t, i) => (t - turns[i]!) * STEP);
      expect(gridDays).toBeLessThan(Math.min(...stretches) / 2);

      const unwrapNear = (a: number, ref: number) => a + 360 * Math.round((ref - a) / 360);
      let longest = 0;
      for (let k = 0; k + 1 < turns.length; k++) {
        const sr = turns[k]!;
        const sd = turns[k + 1]!;
        if (speed[sr]! > 0) continue; // a station direct
        let pre = sr;
        while (pre > 0 && unwrapNear(lon[pre]!, lon[sd]!) > lon[sd]!) pre--;
        let post = sd;
        while (post < lon.length - 1 && unwrapNear(lon[post]!, lon[sr]!) < lon[sr]!) post++;
        if (pre === 0 || post === lon.length - 1) continue;
        longest = Math.max(longest, (sd - sr + Math.max(sr - pre, post - sd)) * STEP);
      }
      expect(longest).toBeGreaterThan(0);
      expect(reachDays).toBeGreaterThan(longest);
    },
  );
});
