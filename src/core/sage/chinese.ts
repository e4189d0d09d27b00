/**
 * Chinese text for the tokenizer: Chinese has no spaces, so a run of characters is read per
 * character and by the known terms below (longest first). A known term also yields its English or
 * pinyin words, so 庚金 meets "Geng metal" and 七杀 meets "Seven Killings" in entries written in
 * English. Traditional forms are read as simplified ones (七殺 = 七杀).
 */

/** Traditional characters used in this base's terms, with their simplified forms. */
const SIMPLIFIED: Readonly<Record<string, string>> = {
  殺: '杀',
  傷: '伤',
  財: '财',
  貴: '贵',
  驛: '驿',
  馬: '马',
  華: '华',
  蓋: '盖',
  會: '会',
  衝: '冲',
  沖: '冲',
  祿: '禄',
  門: '门',
  運: '运',
  歲: '岁',
  納: '纳',
  陽: '阳',
  陰: '阴',
  鬥: '斗',
  樑: '梁',
  寶: '宝',
  雞: '鸡',
  豬: '猪',
  龍: '龙',
  時: '时',
  宮: '宫',
  節: '节',
  氣: '气',
  強: '强',
  從: '从',
  紅: '红',
  鸞: '鸾',
  藝: '艺',
  學: '学',
  圖: '图',
  類: '类',
  設: '设',
  計: '计',
  產: '产',
  顯: '显',
  業: '业',
  觀: '观',
  點: '点',
  麼: '么',
  與: '与',
  這: '这',
  個: '个',
  樣: '样',
  嗎: '吗',
  們: '们',
  說: '说',
  問: '问',
  請: '请',
};

/** Characters that carry no topic in a question (particles, pronouns, question words). */
const STOP_CHARS = new Set(
  '的是吗呢吧啊我你他她它们在有了和与及或这那个怎么样如何什意思请问下说一'.split(''),
);

/**
 * Known terms -> the words that say the same in English or pinyin (added beside the term and its
 * characters). Stems and branches by their pinyin, elements, the ten gods, the relations between
 * branches, the common symbolic stars, and the names users type for the other two systems.
 */
const TERMS: Readonly<Record<string, string>> = {
  // stems and branches (single characters also stand alone)
  甲: 'jia',
  乙: 'yi',
  丙: 'bing',
  丁: 'ding',
  戊: 'wu',
  己: 'ji',
  庚: 'geng',
  辛: 'xin',
  壬: 'ren',
  癸: 'gui',
  子: 'zi',
  丑: 'chou',
  寅: 'yin',
  卯: 'mao',
  辰: 'chen',
  巳: 'si',
  午: 'wu',
  未: 'wei',
  申: 'shen',
  酉: 'you',
  戌: 'xu',
  亥: 'hai',
  金: 'metal',
  木: 'wood',
  水: 'water',
  火: 'fire',
  土: 'earth',
  // BaZi terms
  八字: 'bazi',
  四柱: 'four pillars',
  日主: 'day master',
  日元: 'day master',
  天干: 'heavenly stem',
  地支: 'earthly branch',
  五行: 'five elements',
  十神: 'ten gods',
  藏干: 'hidden stems',
  大运: 'luck pillars',
  流年: 'annual pillar',
  纳音: 'na yin',
  用神: 'useful god',
  喜神: 'favourable element',
  忌神: 'unfavourable element',
  身强: 'strong day master',
  身弱: 'weak day master',
  从格: 'follow chart',
  立春: 'lichun',
  节气: 'solar terms',
  子时: 'zi hour',
  比肩: 'friend',
  劫财: 'rob wealth',
  食神: 'eating god',
  伤官: 'hurting officer',
  偏财: 'indirect wealth',
  正财: 'direct wealth',
  七杀: 'seven killings',
  偏官: 'seven killings',
  正官: 'direct officer',
  偏印: 'indirect resource',
  枭神: 'indirect resource',
  正印: 'direct resource',
  六冲: 'six clashes',
  相冲: 'clash',
  冲: 'clash',
  六合: 'six harmonies',
  三合: 'three harmonies',
  三会: 'directional combination',
  半合: 'half combination',
  三刑: 'punishment',
  相刑: 'punishment',
  自刑: 'self punishment',
  刑: 'punishment',
  六害: 'harm',
  相害: 'harm',
  六破: 'destruction',
  天干五合: 'stem combination',
  神煞: 'symbolic stars',
  天乙贵人: 'nobleman',
  贵人: 'nobleman',
  桃花: 'peach blossom',
  咸池: 'peach blossom',
  驿马: 'travelling horse',
  文昌: 'academic star',
  华盖: 'canopy',
  羊刃: 'goat blade',
  禄神: 'prosperity star',
  建禄: 'prosperity star',
  空亡: 'void emptiness',
  魁罡: 'kui gang',
  红鸾: 'red phoenix',
  天喜: 'heavenly happiness',
  将星: 'general star',
  劫煞: 'robbery star',
  孤辰: 'lonely star',
  寡宿: 'lonely star',
  天德: 'heavenly virtue',
  月德: 'monthly virtue',
  // Western astrology
  星座: 'zodiac sign',
  上升: 'ascendant',
  上升星座: 'rising sign ascendant',
  宫位: 'house',
  相位: 'aspect',
  逆行: 'retrograde',
  太阳: 'sun',
  月亮: 'moon',
  水星: 'mercury',
  金星: 'venus',
  火星: 'mars',
  木星: 'jupiter',
  土星: 'saturn',
  天王星: 'uranus',
  海王星: 'neptune',
  冥王星: 'pluto',
  白羊座: 'aries',
  金牛座: 'taurus',
  双子座: 'gemini',
  巨蟹座: 'cancer',
  狮子座: 'leo',
  处女座: 'virgo',
  天秤座: 'libra',
  天蝎座: 'scorpio',
  射手座: 'sagittarius',
  摩羯座: 'capricorn',
  水瓶座: 'aquarius',
  双鱼座: 'pisces',
  // Human Design
  人类图: 'human design',
  生产者: 'generator',
  显示生产者: 'manifesting generator',
  显示者: 'manifestor',
  投射者: 'projector',
  反映者: 'reflector',
  内在权威: 'authority',
  人生角色: 'profile',
  通道: 'channel',
  闸门: 'gate',
  能量中心: 'center',
};

const LONGEST_TERM = Math.max(...Object.keys(TERMS).map((t) => t.length));

const simplify = (run: string): string => Array.from(run, (c) => SIMPLIFIED[c] ?? c).join('');

/**
 * The tokens of one run of Chinese characters: each character but the particles, then each known
 * term found (longest first, left to right) with the English or pinyin words it stands for.
 */
export function chineseTokens(run: string): { chars: string[]; terms: string[]; english: string[] } {
  const text = simplify(run);
  const chars = Array.from(text).filter((c) => !STOP_CHARS.has(c));
  const terms: string[] = [];
  const english: string[] = [];
  const letters = Array.from(text);
  for (let i = 0; i < letters.length;) {
    let taken = 0;
    for (let n = Math.min(LONGEST_TERM, letters.length - i); n >= 1; n--) {
      const candidate = letters.slice(i, i + n).join('');
      const meaning = TERMS[candidate];
      if (meaning === undefined) continue;
      if (n > 1) terms.push(candidate);
      english.push(meaning);
      taken = n;
      break;
    }
    i += taken || 1;
  }
  return { chars, terms, english };
}
