/**
 * Pins the Human Design knowledge base under knowledge/hd against the rule-book tables transcribed in
 * test/fixtures/hd-tables.ts and the test wheel test/fixtures/wheel.ts (not against src/, so it stays
 * independent of the chart engine):
 * - every file under knowledge/ parses, ids are unique, every hd file has domain hd and sits in the
 *   folder of its kind;
 * - the id set is exactly 5 types, 5 strategies, 8 authorities, 12 profiles, 6 lines, 5 definitions,
 *   3 angles, 112 crosses (16 Right Angle, 64 Juxtaposition, 32 Left Angle names), 9 centers,
 *   36 channels and 64 gates;
 * - every `keys` entry is one of those ids, and entries link what the tables say they should
 *   (gate -> its center and channels, channel -> its gates and centers, cross -> its angle and gates);
 * - titles use the reference names; body word counts stay in range; centers have ## Defined / ## Open.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type KnowledgeEntry, loadKnowledgeDir } from '../../../src/core/knowledge/index.js';
import {
  CENTER_GATES,
  CENTER_SLUGS,
  type CenterName,
  CHANNELS,
  CROSS_ROWS,
  GATES,
} from '../../fixtures/hd-tables.js';
import { crossGates, WHEEL } from '../../fixtures/wheel.js';

const KNOWLEDGE_ROOT = fileURLToPath(new URL('../../../knowledge', import.meta.url));
const HD_ROOT = join(KNOWLEDGE_ROOT, 'hd');

const TYPES = ['generator', 'manifesting-generator', 'projector', 'manifestor', 'reflector'];
const STRATEGIES = [
  'to-respond',
  'to-respond-then-inform',
  'to-inform',
  'wait-for-the-invitation',
  'wait-a-lunar-cycle',
];
const AUTHORITIES = [
  'emotional',
  'sacral',
  'splenic',
  'ego-manifested',
  'ego-projected',
  'self-projected',
  'mental',
  'lunar',
];
/** §7: Personality line / Design line, with the angle each profile gives. */
const PROFILES = {
  '1-3': 'right-angle',
  '1-4': 'right-angle',
  '2-4': 'right-angle',
  '2-5': 'right-angle',
  '3-5': 'right-angle',
  '3-6': 'right-angle',
  '4-6': 'right-angle',
  '4-1': 'juxtaposition',
  '5-1': 'left-angle',
  '5-2': 'left-angle',
  '6-2': 'left-angle',
  '6-3': 'left-angle',
} as const;
const LINE_NAMES = ['Investigator', 'Hermit', 'Martyr', 'Opportunist', 'Heretic', 'Role Model'];
const DEFINITIONS = ['single', 'split', 'triple-split', 'quadruple-split', 'none'];
const ANGLES = {
  'right-angle': 'Right Angle',
  juxtaposition: 'Juxtaposition',
  'left-angle': 'Left Angle',
} as const;
type AngleSlug = keyof typeof ANGLES;

/** Folder (under knowledge/hd) and body word range of each id kind. */
const KINDS = {
  type: { folder: 'types', words: [90, 200] },
  strategy: { folder: 'strategies', words: [90, 200] },
  authority: { folder: 'authorities', words: [90, 200] },
  profile: { folder: 'profiles', words: [90, 200] },
  line: { folder: 'lines', words: [60, 140] },
  definition: { folder: 'definitions', words: [90, 200] },
  angle: { folder: 'angles', words: [90, 200] },
  cross: { folder: 'crosses', words: [60, 140] },
  center: { folder: 'centers', words: [90, 200] },
  channel: { folder: 'channels', words: [60, 140] },
  gate: { folder: 'gates', words: [60, 140] },
} as const;
type Kind = keyof typeof KINDS;

const kindOf = (id: string): Kind => id.split(':')[0] as Kind;
const centerId = (name: CenterName): string => `center:${CENTER_SLUGS[name]}`;
const channelId = (gates: readonly [number, number]): string => `channel:${gates[0]}-${gates[1]}`;
const nameSlug = (name: string): string => name.replace(/^the /i, '').toLowerCase().replace(/ /g, '-');
/** A word is a whitespace-separated token with at least one letter or digit (so "##" and "—" are not). */
const wordCount = (text: string): number =>
  text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;

interface ExpectedCross {
  id: string;
  title: string;
  angle: AngleSlug;
  gates: Set<number>;
}

/** One cross entry per distinct name per angle (§8.1): member numbers dropped, gates of all members. */
const expectedCrosses = (): Map<string, ExpectedCross> => {
  const crosses = new Map<string, ExpectedCross>();
  const add = (angle: AngleSlug, name: string, gates: readonly number[]): void => {
    const id = `cross:${angle}:${nameSlug(name)}`;
    const cross = crosses.get(id) ?? {
      id,
      title: `${ANGLES[angle]} Cross of ${name}`,
      angle,
      gates: new Set(),
    };
    expect(cross.title, `${id} is spelled one way`).toBe(`${ANGLES[angle]} Cross of ${name}`);
    for (const gate of gates) cross.gates.add(gate);
    crosses.set(id, cross);
  };
  for (const row of CROSS_ROWS) {
    add('right-angle', row.rightAngle, row.rightAngleGates);
    add('juxtaposition', row.juxtaposition, row.juxtapositionGates);
    add('left-angle', row.leftAngle, row.leftAngleGates);
  }
  return crosses;
};

const expectedIds = (): Set<string> =>
  new Set([
    ...TYPES.map((slug) => `type:${slug}`),
    ...STRATEGIES.map((slug) => `strategy:${slug}`),
    ...AUTHORITIES.map((slug) => `authority:${slug}`),
    ...Object.keys(PROFILES).map((slug) => `profile:${slug}`),
    ...LINE_NAMES.map((_, index) => `line:${index + 1}`),
    ...DEFINITIONS.map((slug) => `definition:${slug}`),
    ...Object.keys(ANGLES).map((slug) => `angle:${slug}`),
    ...expectedCrosses().keys(),
    ...Object.values(CENTER_SLUGS).map((slug) => `center:${slug}`),
    ...CHANNELS.map((channel) => channelId(channel.gates)),
    ...GATES.map((gate) => `gate:${gate.gate}`),
  ]);

describe('reference tables transcribed for these tests are self-consistent', () => {
  it('has 64 gates, each in the center §3.1 lists, and the wheel holds each gate once', () => {
    expect(GATES.map((g) => g.gate)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
    expect([...WHEEL].sort((a, b) => a - b)).toEqual(GATES.map((g) => g.gate));
    for (const gate of GATES) expect(CENTER_GATES[gate.center], `gate ${gate.gate}`).toContain(gate.gate);
    expect(Object.values(CENTER_GATES).flat()).toHaveLength(64);
  });

  it('has 36 channels, lower gate first, whose centers are the centers of their gates', () => {
    expect(CHANNELS).toHaveLength(36);
    expect(new Set(CHANNELS.map((c) => channelId(c.gates))).size).toBe(36);
    const centerOf = new Map(GATES.map((g) => [g.gate, g.center]));
    for (const { gates, centers } of CHANNELS) {
      expect(gates[0]).toBeLessThan(gates[1]);
      expect([centerOf.get(gates[0]), centerOf.get(gates[1])], channelId(gates)).toEqual([...centers]);
    }
  });

  it('has one cross row per gate whose four gates follow the wheel formula of §8.1', () => {
    expect(CROSS_ROWS.map((r) => r.sun).sort((a, b) => a - b)).toEqual(GATES.map((g) => g.gate));
    for (const row of CROSS_ROWS) {
      expect(row.rightAngleGates, `RA ${row.sun}`).toEqual(crossGates(row.sun, 'Right Angle'));
      expect(row.juxtapositionGates, `JX ${row.sun}`).toEqual(crossGates(row.sun, 'Juxtaposition'));
      expect(row.leftAngleGates, `LA ${row.sun}`).toEqual(row.juxtapositionGates);
    }
  });

  it('yields 16 Right Angle, 64 Juxtaposition and 32 Left Angle cross names', () => {
    const perAngle = (angle: AngleSlug): number =>
      [...expectedCrosses().values()].filter((c) => c.angle === angle).length;
    expect([perAngle('right-angle'), perAngle('juxtaposition'), perAngle('left-angle')]).toEqual([
      16, 64, 32,
    ]);
  });
});

describe('knowledge/hd entries', () => {
  let all: KnowledgeEntry[];
  let hd: KnowledgeEntry[];
  let byId: Map<string, KnowledgeEntry>;

  beforeAll(async () => {
    all = await loadKnowledgeDir(KNOWLEDGE_ROOT);
    hd = await loadKnowledgeDir(HD_ROOT);
    byId = new Map(hd.map((entry) => [entry.id, entry]));
  });

  const entry = (id: string): KnowledgeEntry => {
    const found = byId.get(id);
    if (found === undefined) throw new Error(`no knowledge entry ${id}`);
    return found;
  };

  it('every file under knowledge/ parses and ids are unique across domains', () => {
    expect(all.length).toBeGreaterThanOrEqual(hd.length);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
  });

  it('every hd entry has domain hd and sits in the folder of its kind', () => {
    for (const { id, domain, file } of hd) {
      expect(domain, file).toBe('hd');
      const kind = KINDS[kindOf(id)];
      expect(kind, `${file}: unknown id kind in ${id}`).toBeDefined();
      expect(
        file.startsWith(join(HD_ROOT, kind.folder, '/')),
        `${file} should be under ${kind.folder}/`,
      ).toBe(true);
    }
  });

  it('has exactly the expected ids, with the expected count per kind', () => {
    const expected = expectedIds();
    expect([...byId.keys()].sort()).toEqual([...expected].sort());
    const counts: Record<string, number> = {};
    for (const id of byId.keys()) counts[kindOf(id)] = (counts[kindOf(id)] ?? 0) + 1;
    expect(counts).toEqual({
      type: 5,
      strategy: 5,
      authority: 8,
      profile: 12,
      line: 6,
      definition: 5,
      angle: 3,
      cross: 112,
      center: 9,
      channel: 36,
      gate: 64,
    });
  });

  it('every keys entry is a known id and each entry lists its own id', () => {
    const known = expectedIds();
    for (const { id, keys, file } of hd) {
      expect(keys, file).toContain(id);
      for (const key of keys) expect(known.has(key), `${file}: keys entry "${key}"`).toBe(true);
    }
  });

  it('keeps body word counts inside the range of each kind', () => {
    for (const { id, body, file } of hd) {
      const [min, max] = KINDS[kindOf(id)].words;
      const words = wordCount(body);
      expect(words >= min && words <= max, `${file}: ${words} words, expected ${min}-${max}`).toBe(true);
    }
  });

  it('gives every center an intro and non-empty ## Defined and ## Open sections', () => {
    for (const name of Object.keys(CENTER_SLUGS) as CenterName[]) {
      const { sections, body, file } = entry(centerId(name));
      expect(Object.keys(sections), file).toEqual(expect.arrayContaining(['Defined', 'Open']));
      expect(sections.Defined?.length ?? 0, file).toBeGreaterThan(0);
      expect(sections.Open?.length ?? 0, file).toBeGreaterThan(0);
      expect(body.split('## Defined')[0]?.trim().length ?? 0, `${file} intro`).toBeGreaterThan(0);
    }
  });

  it('titles gates with the reference name and links each gate to its center and channels', () => {
    for (const gate of GATES) {
      const { title, keys, body, file } = entry(`gate:${gate.gate}`);
      expect(title).toBe(`Gate ${gate.gate} — ${gate.name}`);
      expect(keys, file).toContain(centerId(gate.center));
      for (const channel of CHANNELS.filter((c) => c.gates.includes(gate.gate))) {
        expect(keys, file).toContain(channelId(channel.gates));
      }
      expect(body, `${file} names its center`).toContain(gate.center === 'G' ? 'G center' : gate.center);
    }
  });

  it('titles channels with the reference name and links each to its two gates and centers', () => {
    for (const { gates, name, centers } of CHANNELS) {
      const { title, keys, body, file } = entry(channelId(gates));
      expect(title).toBe(`Channel ${gates[0]}-${gates[1]} — ${name}`);
      for (const gate of gates) expect(keys, file).toContain(`gate:${gate}`);
      for (const center of centers) {
        expect(keys, file).toContain(centerId(center));
        expect(body, `${file} names the ${center}`).toContain(center === 'G' ? 'G center' : center);
      }
      expect(body, `${file} mentions circuitry`).toMatch(/circuit/i);
    }
  });

  it('titles crosses "<Angle> Cross of <Name>" and links each to its angle and every gate it uses', () => {
    for (const cross of expectedCrosses().values()) {
      const { title, keys, body, file } = entry(cross.id);
      expect(title).toBe(cross.title);
      expect(keys, file).toContain(`angle:${cross.angle}`);
      for (const gate of cross.gates) {
        expect(keys, file).toContain(`gate:${gate}`);
        expect(body, `${file} mentions gate ${gate}`).toMatch(new RegExp(`\\b${gate}\\b`));
      }
    }
  });

  it('names lines and profiles after the six line names and links profiles to their angle', () => {
    LINE_NAMES.forEach((name, index) => {
      expect(entry(`line:${index + 1}`).title).toBe(`Line ${index + 1} — ${name}`);
    });
    for (const [profile, angle] of Object.entries(PROFILES)) {
      const [personality, design] = profile.split('-').map(Number) as [number, number];
      const { title, keys, file } = entry(`profile:${profile}`);
      expect(title).toBe(
        `Profile ${personality}/${design} — ${LINE_NAMES[personality - 1]} / ${LINE_NAMES[design - 1]}`,
      );
      expect(keys, file).toEqual(
        expect.arrayContaining([`line:${personality}`, `line:${design}`, `angle:${angle}`]),
      );
    }
  });
});
