import { branchOf, type Element, stemOf } from './tables.js';

/**
 * The interactions between the pillars in force at a date (annual, monthly, luck) and the natal
 * pillars: among branches the clash (六冲), six-combination (六合), three-harmony (三合, complete or
 * half), punishment (刑) and harm (六害); among stems the five combinations (天干五合). Only
 * current-to-natal relations are listed, never two natal or two current pillars with each other.
 *
 * Rules (see docs/decisions.md, BaZi):
 * - a complete three-harmony needs the frame's three branches, at least one current and one natal;
 * - a half three-harmony (半合) is two of a frame's branches one of which is its middle ("king")
 *   branch 子午卯酉, one current and one natal; a pair already inside a listed complete frame is
 *   not listed again;
 * - punishments are pairwise: 子卯 (无礼之刑), 寅巳 巳申 申寅 (无恩之刑), 丑戌 戌未 未丑 (恃势之刑), and
 *   the self-punishment (自刑) of 辰 午 酉 亥, which needs the same branch on both sides;
 * - a pair can hold several relations at once (寅申 is a clash and a punishment), each listed.
 * Tables as tyme4ts (EarthBranch, HeavenStem) and the 三命通会 give them, but for the element of 午未;
 * branch index 0 = 子, stem index 0 = 甲.
 */

export type InteractionType =
  | 'stem-combination'
  | 'six-combination'
  | 'three-harmony'
  | 'half-three-harmony'
  | 'clash'
  | 'punishment'
  | 'harm';

export interface Interaction {
  type: InteractionType;
  chinese: string;
  /** Labelled sides, current first: "annual:子", "day:午". */
  between: string[];
  /** The element a combination transforms to; absent for clashes, punishments and harms. */
  element?: Element;
}

export type CurrentSide = 'annual' | 'monthly' | 'luck';
export type NatalSide = 'year' | 'month' | 'day' | 'hour';

/** A pillar as the interactions read it: stem and branch indexes. */
export interface PillarRef<Side extends string> {
  side: Side;
  stem: number;
  branch: number;
}

type Pair = readonly [number, number];

/** 天干五合: 甲己 earth, 乙庚 metal, 丙辛 water, 丁壬 wood, 戊癸 fire. */
const STEM_COMBINATIONS: readonly (readonly [...Pair, Element])[] = [
  [0, 5, 'earth'],
  [1, 6, 'metal'],
  [2, 7, 'water'],
  [3, 8, 'wood'],
  [4, 9, 'fire'],
];

/**
 * 六合: 子丑 earth, 寅亥 wood, 卯戌 fire, 辰酉 metal, 巳申 water, 午未 fire (most schools, and this
 * service's knowledge entry bazi:harmony:wu-wei; tyme4ts gives earth).
 */
const SIX_COMBINATIONS: readonly (readonly [...Pair, Element])[] = [
  [0, 1, 'earth'],
  [2, 11, 'wood'],
  [3, 10, 'fire'],
  [4, 9, 'metal'],
  [5, 8, 'water'],
  [6, 7, 'fire'],
];

/** 三合, middle (king) branch second: 申子辰 water, 亥卯未 wood, 寅午戌 fire, 巳酉丑 metal. */
const THREE_HARMONIES: readonly (readonly [number, number, number, Element])[] = [
  [8, 0, 4, 'water'],
  [11, 3, 7, 'wood'],
  [2, 6, 10, 'fire'],
  [5, 9, 1, 'metal'],
];

/** 六冲: 子午 丑未 寅申 卯酉 辰戌 巳亥. */
const CLASHES: readonly Pair[] = [
  [0, 6],
  [1, 7],
  [2, 8],
  [3, 9],
  [4, 10],
  [5, 11],
];

/** 刑, pairwise, with its name. */
const PUNISHMENTS: readonly (readonly [...Pair, string])[] = [
  [0, 3, '无礼之刑'],
  [2, 5, '无恩之刑'],
  [5, 8, '无恩之刑'],
  [8, 2, '无恩之刑'],
  [1, 10, '恃势之刑'],
  [10, 7, '恃势之刑'],
  [7, 1, '恃势之刑'],
];
/** 自刑: 辰 午 酉 亥 punish themselves. */
const SELF_PUNISHING = new Set([4, 6, 9, 11]);

/** 六害: 子未 丑午 寅巳 卯辰 申亥 酉戌. */
const HARMS: readonly Pair[] = [
  [0, 7],
  [1, 6],
  [2, 5],
  [3, 4],
  [8, 11],
  [9, 10],
];

const samePair = (a: number, b: number, [x, y]: Pair): boolean =>
  (a === x && b === y) || (a === y && b === x);

const branchLabel = (p: PillarRef<string>): string => `${p.side}:${branchOf(p.branch).char}`;
const stemLabel = (p: PillarRef<string>): string => `${p.side}:${stemOf(p.stem).char}`;

interface Side {
  current: boolean;
  ref: PillarRef<string>;
}

/** Every 3-subset of the positions, in order. */
function triples<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++)
      for (let k = j + 1; k < list.length; k++) out.push([list[i] as T, list[j] as T, list[k] as T]);
  return out;
}

function completeHarmonies(
  current: readonly PillarRef<CurrentSide>[],
  natal: readonly PillarRef<NatalSide>[],
) {
  const sides: Side[] = [
    ...current.map((ref) => ({ current: true, ref })),
    ...natal.map((ref) => ({ current: false, ref })),
  ];
  const found: { sides: Side[]; element: Element }[] = [];
  for (const [a, b, c, element] of THREE_HARMONIES) {
    for (const trio of triples(sides)) {
      const branches = new Set(trio.map((s) => s.ref.branch));
      const frame = branches.size === 3 && [a, b, c].every((x) => branches.has(x));
      if (frame && trio.some((s) => s.current) && trio.some((s) => !s.current))
        found.push({ sides: trio, element });
    }
  }
  return found;
}

function pairwise(cur: PillarRef<CurrentSide>, nat: PillarRef<NatalSide>) {
  const a = cur.branch;
  const b = nat.branch;
  const out: { type: InteractionType; chinese: string; element?: Element }[] = [];
  for (const [x, y, element] of SIX_COMBINATIONS)
    if (samePair(a, b, [x, y])) out.push({ type: 'six-combination', chinese: '六合', element });
  for (const [x, king, z, element] of THREE_HARMONIES)
    if (samePair(a, b, [x, king]) || samePair(a, b, [king, z]))
      out.push({ type: 'half-three-harmony', chinese: '半合', element });
  if (CLASHES.some((p) => samePair(a, b, p))) out.push({ type: 'clash', chinese: '六冲' });
  for (const [x, y, name] of PUNISHMENTS)
    if (samePair(a, b, [x, y])) out.push({ type: 'punishment', chinese: name });
  if (a === b && SELF_PUNISHING.has(a)) out.push({ type: 'punishment', chinese: '自刑' });
  if (HARMS.some((p) => samePair(a, b, p))) out.push({ type: 'harm', chinese: '六害' });
  return out;
}

const TYPE_ORDER: readonly InteractionType[] = [
  'stem-combination',
  'six-combination',
  'three-harmony',
  'half-three-harmony',
  'clash',
  'punishment',
  'harm',
];

/** The interactions of the current pillars with the natal ones, by type, then current, then natal side. */
export function interactionsOf(
  current: readonly PillarRef<CurrentSide>[],
  natal: readonly PillarRef<NatalSide>[],
): Interaction[] {
  const found: Interaction[] = [];
  const complete = completeHarmonies(current, natal);
  for (const { sides, element } of complete) {
    const ordered = [...sides.filter((s) => s.current), ...sides.filter((s) => !s.current)];
    found.push({
      type: 'three-harmony',
      chinese: '三合',
      between: ordered.map((s) => branchLabel(s.ref)),
      element,
    });
  }
  const inComplete = (cur: PillarRef<string>, nat: PillarRef<string>): boolean =>
    complete.some(({ sides }) => sides.some((s) => s.ref === cur) && sides.some((s) => s.ref === nat));

  for (const cur of current) {
    for (const nat of natal) {
      for (const [x, y, element] of STEM_COMBINATIONS)
        if (samePair(cur.stem, nat.stem, [x, y]))
          found.push({
            type: 'stem-combination',
            chinese: '天干五合',
            between: [stemLabel(cur), stemLabel(nat)],
            element,
          });
      for (const relation of pairwise(cur, nat)) {
        if (relation.type === 'half-three-harmony' && inComplete(cur, nat)) continue;
        found.push({ ...relation, between: [branchLabel(cur), branchLabel(nat)] });
      }
    }
  }
  // A stable sort keeps the current-then-natal order within each type.
  return found.sort((p, q) => TYPE_ORDER.indexOf(p.type) - TYPE_ORDER.indexOf(q.type));
}
