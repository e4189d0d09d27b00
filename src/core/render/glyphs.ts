import { GLYPHS } from '../bodies/index.js';

/**
 * Astrological glyphs, all in DejaVu Sans (checked in shared reference stack-notes section 5): the
 * planets U+2609 and U+263D-2647, the nodes U+260A/260B, Chiron U+26B7 (the body table's), the signs
 * U+2648-2653. U+FE0E (text presentation) follows each so that browsers with emoji fonts still draw a
 * glyph.
 */

const TEXT_STYLE = '\uFE0E';

/** The glyph of a planet or point by its name in the chart answers; the name itself if unknown. */
export const planetGlyph = (name: string): string => {
  const glyph = GLYPHS[name];
  return glyph ? glyph + TEXT_STYLE : name;
};

const SIGN_GLYPHS = ['♈', '♉', '♊', '♋', '♌', '♍', '♎', '♏', '♐', '♑', '♒', '♓'] as const;
export const signGlyph = (signIndex: number): string => (SIGN_GLYPHS[signIndex] as string) + TEXT_STYLE;

/** Retrograde mark (Letterlike Symbols, in DejaVu Sans). */
export const RETROGRADE = '℞';
