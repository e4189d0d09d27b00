/**
 * The fixed tables of the Four Pillars: stems, branches, hidden stems, ten gods, na yin and the 12
 * jie solar terms. Index conventions: stem 0 = 甲 ... 9 = 癸, branch 0 = 子 ... 11 = 亥, sexagenary
 * index 0 = 甲子 ... 59 = 癸亥 (stem = i mod 10, branch = i mod 12). Sources: the reference tables of
 * lunar-javascript (`ZHI_HIDE_GAN`, `NAYIN`, `SHI_SHEN`), which agree with the classical texts.
 */

export const ELEMENTS = ['wood', 'fire', 'earth', 'metal', 'water'] as const;
export type Element = (typeof ELEMENTS)[number];
export type Polarity = 'yang' | 'yin';

export interface StemInfo {
  char: string;
  pinyin: string;
  element: Element;
  polarity: Polarity;
}

export interface BranchInfo extends StemInfo {
  animal: string;
}

const STEM_CHARS = '甲乙丙丁戊己庚辛壬癸';
const STEM_PINYIN = ['jiǎ', 'yǐ', 'bǐng', 'dīng', 'wù', 'jǐ', 'gēng', 'xīn', 'rén', 'guǐ'] as const;
/** Plain-ASCII pinyin, for knowledge ids (`bazi:stem:jia`). */
export const STEM_SLUGS = ['jia', 'yi', 'bing', 'ding', 'wu', 'ji', 'geng', 'xin', 'ren', 'gui'] as const;

const BRANCH_CHARS = '子丑寅卯辰巳午未申酉戌亥';
const BRANCH_PINYIN = [
  'zǐ',
  'chǒu',
  'yín',
  'mǎo',
  'chén',
  'sì',
  'wǔ',
  'wèi',
  'shēn',
  'yǒu',
  'xū',
  'hài',
] as const;
export const BRANCH_SLUGS = [
  'zi',
  'chou',
  'yin',
  'mao',
  'chen',
  'si',
  'wu',
  'wei',
  'shen',
  'you',
  'xu',
  'hai',
] as const;
const ANIMALS = [
  'Rat',
  'Ox',
  'Tiger',
  'Rabbit',
  'Dragon',
  'Snake',
  'Horse',
  'Goat',
  'Monkey',
  'Rooster',
  'Dog',
  'Pig',
] as const;
/** Element index (into ELEMENTS) of each branch: 子 water, 丑 earth, 寅 wood, ... */
const BRANCH_ELEMENT = [4, 2, 0, 0, 2, 1, 1, 2, 3, 3, 2, 4] as const;

const at = <T>(list: readonly T[], i: number): T => list[i] as T;
const polarityOf = (i: number): Polarity => (i % 2 === 0 ? 'yang' : 'yin');

/** Stems in cycle order; a stem's element is index / 2, its polarity yang for even indexes. */
export const STEMS: readonly StemInfo[] = STEM_PINYIN.map((pinyin, i) => ({
  char: at([...STEM_CHARS], i),
  pinyin,
  element: at(ELEMENTS, Math.floor(i / 2)),
  polarity: polarityOf(i),
}));

/** Branches in cycle order; polarity by index parity (子 yang, 丑 yin, ...), as the cycle pairs them. */
export const BRANCHES: readonly BranchInfo[] = BRANCH_PINYIN.map((pinyin, i) => ({
  char: at([...BRANCH_CHARS], i),
  pinyin,
  element: at(ELEMENTS, at(BRANCH_ELEMENT, i)),
  polarity: polarityOf(i),
  animal: at(ANIMALS, i),
}));

export const stemOf = (i: number): StemInfo => at(STEMS, i);
export const branchOf = (i: number): BranchInfo => at(BRANCHES, i);
export const stemElementIndex = (stem: number): number => Math.floor(stem / 2);

/** Hidden stems of each branch (stem indexes), main qi first. */
export const HIDDEN_STEMS: readonly (readonly number[])[] = [
  [9], // 子 癸
  [5, 9, 7], // 丑 己癸辛
  [0, 2, 4], // 寅 甲丙戊
  [1], // 卯 乙
  [4, 1, 9], // 辰 戊乙癸
  [2, 6, 4], // 巳 丙庚戊
  [3, 5], // 午 丁己
  [5, 3, 1], // 未 己丁乙
  [6, 8, 4], // 申 庚壬戊
  [7], // 酉 辛
  [4, 7, 3], // 戌 戊辛丁
  [8, 0], // 亥 壬甲
];

export interface TenGod {
  chinese: string;
  english: string;
}

/**
 * Ten gods by relation (0 same element, 1 the day master produces it, 2 the day master controls
 * it, 3 it controls the day master, 4 it produces the day master), then same polarity / different.
 */
const TEN_GODS: readonly (readonly [TenGod, TenGod])[] = [
  [
    { chinese: '比肩', english: 'Friend' },
    { chinese: '劫财', english: 'Rob Wealth' },
  ],
  [
    { chinese: '食神', english: 'Eating God' },
    { chinese: '伤官', english: 'Hurting Officer' },
  ],
  [
    { chinese: '偏财', english: 'Indirect Wealth' },
    { chinese: '正财', english: 'Direct Wealth' },
  ],
  [
    { chinese: '七杀', english: 'Seven Killings' },
    { chinese: '正官', english: 'Direct Officer' },
  ],
  [
    { chinese: '偏印', english: 'Indirect Resource' },
    { chinese: '正印', english: 'Direct Resource' },
  ],
];

export const ALL_TEN_GODS: readonly TenGod[] = TEN_GODS.flat();
export const DAY_MASTER_GOD: TenGod = { chinese: '日主', english: 'Day Master' };

/** The ten god of stem `other` seen from the day master stem `dayMaster`. */
export function tenGodOf(dayMaster: number, other: number): TenGod {
  const relation = (stemElementIndex(other) - stemElementIndex(dayMaster) + 5) % 5;
  const pair = at(TEN_GODS, relation);
  return pair[dayMaster % 2 === other % 2 ? 0 : 1];
}

export interface NaYin {
  chinese: string;
  english: string;
  element: Element;
}

/** Na yin of each pair of the 60-cycle (甲子乙丑, 丙寅丁卯, ...); the element is the last character's. */
const NA_YIN_TABLE: readonly (readonly [string, string])[] = [
  ['海中金', 'Gold in the Sea'],
  ['炉中火', 'Fire in the Furnace'],
  ['大林木', 'Wood of the Great Forest'],
  ['路旁土', 'Earth by the Roadside'],
  ['剑锋金', 'Metal of the Sword Edge'],
  ['山头火', 'Fire on the Mountain Top'],
  ['涧下水', 'Water in the Ravine'],
  ['城头土', 'Earth of the City Wall'],
  ['白蜡金', 'White Wax Metal'],
  ['杨柳木', 'Willow Wood'],
  ['泉中水', 'Water in the Spring'],
  ['屋上土', 'Earth on the Roof'],
  ['霹雳火', 'Thunderbolt Fire'],
  ['松柏木', 'Pine and Cypress Wood'],
  ['长流水', 'Long-Flowing Water'],
  ['沙中金', 'Gold in the Sand'],
  ['山下火', 'Fire at the Foot of the Mountain'],
  ['平地木', 'Wood of the Plain'],
  ['壁上土', 'Earth on the Wall'],
  ['金箔金', 'Gold Foil Metal'],
  ['覆灯火', 'Lamp Fire'],
  ['天河水', 'Water of the Heavenly River'],
  ['大驿土', 'Earth of the Great Post Road'],
  ['钗钏金', 'Hairpin and Bracelet Metal'],
  ['桑柘木', 'Mulberry Wood'],
  ['大溪水', 'Water of the Great Stream'],
  ['沙中土', 'Earth in the Sand'],
  ['天上火', 'Fire in the Sky'],
  ['石榴木', 'Pomegranate Wood'],
  ['大海水', 'Water of the Great Sea'],
];

const ELEMENT_OF_CHAR: Readonly<Record<string, Element>> = {
  木: 'wood',
  火: 'fire',
  土: 'earth',
  金: 'metal',
  水: 'water',
};

export const NA_YIN: readonly NaYin[] = NA_YIN_TABLE.map(([chinese, english]) => ({
  chinese,
  english,
  element: ELEMENT_OF_CHAR[chinese.slice(-1)] as Element,
}));

export const naYinOf = (cycle: number): NaYin => at(NA_YIN, Math.floor(cycle / 2));

export interface SolarTerm {
  chinese: string;
  pinyin: string;
  /** Apparent geocentric solar longitude at which the term begins, degrees. */
  longitude: number;
}

/** The 12 jie, in month order from 寅 (month index m begins at 315 + 30m degrees). */
export const JIE: readonly SolarTerm[] = [
  ['立春', 'Lichun'],
  ['惊蛰', 'Jingzhe'],
  ['清明', 'Qingming'],
  ['立夏', 'Lixia'],
  ['芒种', 'Mangzhong'],
  ['小暑', 'Xiaoshu'],
  ['立秋', 'Liqiu'],
  ['白露', 'Bailu'],
  ['寒露', 'Hanlu'],
  ['立冬', 'Lidong'],
  ['大雪', 'Daxue'],
  ['小寒', 'Xiaohan'],
].map(([chinese, pinyin], m) => ({
  chinese: chinese as string,
  pinyin: pinyin as string,
  longitude: (315 + 30 * m) % 360,
}));

/** Sexagenary index of a stem and branch of the same parity (the cycle pairs only those). */
export function cycleIndex(stem: number, branch: number): number {
  return (6 * stem - 5 * branch + 60) % 60;
}

export const ganzhiOf = (cycle: number): string => stemOf(cycle % 10).char + branchOf(cycle % 12).char;
export const mod = (a: number, n: number): number => ((a % n) + n) % n;
