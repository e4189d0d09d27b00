/**
 * Astrological glyphs, all in DejaVu Sans (checked in shared reference stack-notes section 5): the
 * planets U+2609 and U+263D-2647, the nodes U+260A/260B, Chiron U+26B7, the signs U+2648-2653.
 * U+FE0E (text presentation) follows each so that browsers with emoji fonts still draw a glyph.
 */

const TEXT_STYLE = '\uFE0E';

const PLANET_GLYPHS: Record<string, string> = {
  Sun: '☉',
  Earth: '♁',
  Moon: '☽',
  Mercury: '☿',
  Venus: '♀',
  Mars: '♂',
  Jupiter: '♃',
  Saturn: '♄',
  Uranus: '♅',
  Neptune: '♆',
  Pluto: '♇',
  Rahu: '☊',
  Ketu: '☋',
  'North Node': '☊',
  'South Node': '☋',
  Chiron: '⚷',
};

/** The glyph of a planet or point by its name in the chart answers; the name itself if unknown. */
export const planetGlyph = (name: string): string => {
  const glyph = PLANET_GLYPHS[name];
  return glyph ? glyph + TEXT_STYLE : name;
};

const SIGN_GLYPHS = ['♈', '♉', '♊', '♋', '♌', '♍', '♎', '♏', '♐', '♑', '♒', '♓'] as const;
export const signGlyph = (signIndex: number): string => (SIGN_GLYPHS[signIndex] as string) + TEXT_STYLE;

/** Retrograde mark (Letterlike Symbols, in DejaVu Sans). */
export const RETROGRADE = '℞';
