/**
 * BaZi interactions between the current and the natal pillars, against tables written here from
 * their sources (facts, not code, carried over):
 * - tyme4ts (6tail/tyme4ts, lib/index.ts, v1.4.6): EarthBranch.getOpposite() = index + 6 (六冲),
 *   getCombine() = 1 - index (六合) with combine() elements [土,土,木,火,金,水,土,土,水,金,火,木] by the
 *   first branch's index (木火土金水 = Element 0-4), getHarm() = 19 - index (六害);
 *   HeavenStem.getCombine() = index + 5 (天干五合) with the element Element(index + 2). One departure,
 *   on purpose: 午未 combines to fire, as most schools and the service's own knowledge entry
 *   (knowledge/bazi/relations/harmony/wu-wei.md) say; tyme4ts's 土 is the minority reading.
 * - 三命通会 (卷二, 论三刑 and 论三合): 三合 申子辰 water, 亥卯未 wood, 寅午戌 fire, 巳酉丑 metal; 刑:
 *   子卯 无礼之刑, 寅巳申 无恩之刑, 丑戌未 恃势之刑, 辰午酉亥 自刑 (the same branch twice).
 * - 半合 (half three-harmony): two branches of a frame including its middle, 帝旺 branch (子午卯酉),
 *   the common rule and the one the service's knowledge entries state (knowledge/bazi/relations/
 *   three-harmony/water.md: the half counts when the peak 子 is one of them); 申辰 is not a half.
 */
import { describe, expect, it } from 'vitest';
import { type Interaction, interactionsOf } from '../../../src/core/bazi/index.js';

const BRANCH = '子丑寅卯辰巳午未申酉戌亥';
const STEM = '甲乙丙丁戊己庚辛壬癸';
const ELEMENT = ['wood', 'fire', 'earth', 'metal', 'water'] as const;
const mod = (a: number, n: number) => ((a % n) + n) % n;

// tyme4ts, as formulas over indexes.
const opposite = (b: number) => mod(b + 6, 12);
const combine = (b: number) => mod(1 - b, 12);
const harm = (b: number) => mod(19 - b, 12);
// tyme4ts's table with 午 and 未 (index 6 and 7) set to fire (1) instead of earth (2).
const SIX_COMBINE_ELEMENT = [2, 2, 0, 1, 3, 4, 1, 1, 4, 3, 1, 0];
const stemCombine = (s: number) => mod(s + 5, 10);

// 三命通会, as text.
const FRAMES: [string, (typeof ELEMENT)[number]][] = [
  ['申子辰', 'water'],
  ['亥卯未', 'wood'],
  ['寅午戌', 'fire'],
  ['巳酉丑', 'metal'],
];
const PUNISH: [string, string][] = [
  ['子卯', '无礼之刑'],
  ['寅巳', '无恩之刑'],
  ['巳申', '无恩之刑'],
  ['申寅', '无恩之刑'],
  ['丑戌', '恃势之刑'],
  ['戌未', '恃势之刑'],
  ['未丑', '恃势之刑'],
];
const SELF = '辰午酉亥';

const b = (ch: string) => BRANCH.indexOf(ch);
const s = (ch: string) => STEM.indexOf(ch);
const same = (x: string, y: string, pair: string) => pair === x + y || pair === y + x;

/** What the sources say of one current branch and one natal branch. */
function expectedPair(x: string, y: string): Omit<Interaction, 'between'>[] {
  const out: Omit<Interaction, 'between'>[] = [];
  if (combine(b(x)) === b(y))
    out.push({ type: 'six-combination', chinese: '六合', element: ELEMENT[SIX_COMBINE_ELEMENT[b(x)]!]! });
  for (const [frame, element] of FRAMES) {
    const [first, king, last] = [...frame];
    if (same(x, y, first! + king!) || same(x, y, king! + last!))
      out.push({ type: 'half-three-harmony', chinese: '半合', element });
  }
  if (opposite(b(x)) === b(y)) out.push({ type: 'clash', chinese: '六冲' });
  for (const [pair, name] of PUNISH) if (same(x, y, pair)) out.push({ type: 'punishment', chinese: name });
  if (x === y && SELF.includes(x)) out.push({ type: 'punishment', chinese: '自刑' });
  if (harm(b(x)) === b(y)) out.push({ type: 'harm', chinese: '六害' });
  return out;
}

const TYPE_ORDER = ['six-combination', 'half-three-harmony', 'clash', 'punishment', 'harm'];
const byType = (list: Omit<Interaction, 'between'>[]) =>
  [...list].sort((p, q) => TYPE_ORDER.indexOf(p.type) - TYPE_ORDER.indexOf(q.type));

describe('branch relations between one current and one natal branch', () => {
  it.each([...BRANCH].flatMap((x) => [...BRANCH].map((y) => [x, y] as const)))(
    'annual %s, day %s',
    (x, y) => {
      // 甲 against 甲: no stem combination, so only the branches speak.
      const found = interactionsOf(
        [{ side: 'annual', stem: 0, branch: b(x) }],
        [{ side: 'day', stem: 0, branch: b(y) }],
      );
      expect(found.map(({ between: _b, ...rest }) => rest)).toEqual(byType(expectedPair(x, y)));
      for (const i of found) expect(i.between).toEqual([`annual:${x}`, `day:${y}`]);
    },
  );

  it('gives the relations every table lists exactly once per unordered pair (a check on the source tables)', () => {
    const pairs = (f: (n: number) => number) =>
      new Set([...BRANCH].map((_, i) => [i, f(i)].sort((p, q) => p - q).join('-')));
    expect(pairs(opposite).size).toBe(6);
    expect(pairs(combine).size).toBe(6);
    expect(pairs(harm).size).toBe(6);
  });
});

describe('stem combinations (天干五合)', () => {
  it.each([...STEM].flatMap((x) => [...STEM].map((y) => [x, y] as const)))('monthly %s, hour %s', (x, y) => {
    // 子 against 寅: no branch relation at all, so only the stems speak.
    const found = interactionsOf(
      [{ side: 'monthly', stem: s(x), branch: 0 }],
      [{ side: 'hour', stem: s(y), branch: 2 }],
    );
    const partner = stemCombine(s(x)) === s(y);
    const element = ELEMENT[mod(Math.min(s(x), s(y)) + 2, 5)]!;
    expect(found).toEqual(
      partner
        ? [{ type: 'stem-combination', chinese: '天干五合', between: [`monthly:${x}`, `hour:${y}`], element }]
        : [],
    );
  });
});

describe('three-harmony', () => {
  it('lists a complete frame across current and natal, and not its halves again', () => {
    // Bug it pins: a complete 申子辰 must not also be reported as the half 申子 inside it.
    const found = interactionsOf(
      [{ side: 'annual', stem: 0, branch: b('申') }],
      [
        { side: 'month', stem: 0, branch: b('子') },
        { side: 'day', stem: 0, branch: b('辰') },
      ],
    );
    expect(found.filter((i) => i.type === 'three-harmony' || i.type === 'half-three-harmony')).toEqual([
      {
        type: 'three-harmony',
        chinese: '三合',
        between: ['annual:申', 'month:子', 'day:辰'],
        element: 'water',
      },
    ]);
  });

  it('takes two current sides with one natal side, but never three of one side', () => {
    const current = [
      { side: 'annual' as const, stem: 0, branch: b('寅') },
      { side: 'luck' as const, stem: 0, branch: b('戌') },
    ];
    const withNatal = interactionsOf(current, [{ side: 'hour', stem: 0, branch: b('午') }]);
    expect(withNatal.filter((i) => i.type === 'three-harmony')).toEqual([
      {
        type: 'three-harmony',
        chinese: '三合',
        between: ['annual:寅', 'luck:戌', 'hour:午'],
        element: 'fire',
      },
    ]);
    const allCurrent = interactionsOf(
      [...current, { side: 'monthly', stem: 0, branch: b('午') }],
      [{ side: 'year', stem: 0, branch: b('子') }],
    );
    expect(allCurrent.filter((i) => i.type === 'three-harmony')).toEqual([]);
  });

  it('reads 申辰, without the middle branch, as no half three-harmony', () => {
    const found = interactionsOf(
      [{ side: 'annual', stem: 0, branch: b('申') }],
      [{ side: 'year', stem: 0, branch: b('辰') }],
    );
    expect(found).toEqual([]);
  });
});
