/**
 * Contrast of every colour pair the renderers draw, in every theme, by the WCAG 2.2 formula (success
 * criteria 1.4.3 text 4.5:1, 1.4.11 non-text 3:1; relative luminance as defined there, checked here
 * against the W3C's own worked values: white on black 21:1, #777777 on white 4.48:1). The pairs come
 * from theme.ts's one colour table; test/sweep/render-contrast.test.ts checks in the PNGs that the
 * text drawn sits on the grounds listed.
 */
import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_CONTRAST } from '../../../src/core/render/contrast.js';
import { colourPairs, paletteOf, THEMES } from '../../../src/core/render/theme.js';

describe('contrast ratio', () => {
  it('follows the WCAG definition', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 6);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBe(contrastRatio('#777777', '#ffffff'));
    expect(() => contrastRatio('red', '#fff')).toThrow(/#rrggbb/);
  });
});

describe.each(THEMES)('theme %s', (theme) => {
  const { pairs, markers } = colourPairs(paletteOf(theme));

  it('lists the pairs it draws', () => {
    expect(pairs.filter((p) => p.kind === 'text').length).toBeGreaterThan(25);
    expect(markers).toHaveLength(20);
  });

  it('draws text at 4.5:1 and marks at 3:1 on what lies beneath them', () => {
    const failing = pairs
      .map((p) => ({ ...p, ratio: Math.round(contrastRatio(p.fg, p.bg) * 100) / 100 }))
      .filter((p) => p.ratio < MIN_CONTRAST[p.kind]);
    expect(failing).toEqual([]);
  });

  it('keeps every gate marker visible on every center, by itself or through its halo', () => {
    const failing = markers.filter(
      (m) =>
        contrastRatio(m.marker, m.under) < MIN_CONTRAST.mark &&
        (contrastRatio(m.halo, m.under) < MIN_CONTRAST.mark ||
          contrastRatio(m.marker, m.halo) < MIN_CONTRAST.mark),
    );
    expect(failing.map((m) => m.what)).toEqual([]);
  });
});
