/**
 * The sign-in page's consent boxes say what each product unlocks, generated from the registry the
 * README's tool table comes from (TOOLS, ENDPOINTS and each operation's access). Expected values
 * from that table's Product column: `basic_chart` unlocks the BaZi chart and its pictures only;
 * `advanced_chart` every chart tool (BaZi too) and every chart picture; `sage_api` SAGE only.
 * Regression (issue 37): the basic_chart box promised Human Design, astrology and transits, and the
 * advanced_chart box only "composites, series, pictures".
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { consentBoxes, consentTexts } from '../../src/oauth/consent-text.js';
import { TOOLS } from '../../src/tools/index.js';

const served = { tools: TOOLS, endpoints: ENDPOINTS };

describe('consent boxes', () => {
  it('basic_chart: the BaZi chart and its pictures, nothing else', () => {
    expect(consentBoxes(served).basic_chart).toEqual({
      tools: ['BaZi (Four Pillars) chart'],
      rest: ['BaZi chart picture (SVG, PNG)'],
    });
    expect(consentTexts(served).basic_chart).toBe(
      'BaZi (Four Pillars) chart; over REST also BaZi chart picture (SVG, PNG)',
    );
  });

  it('advanced_chart: every chart tool, BaZi included, and every chart picture', () => {
    expect(consentBoxes(served).advanced_chart).toEqual({
      tools: [
        'Human Design chart',
        'Human Design composite (relationship) chart',
        'Western astrology chart',
        'BaZi (Four Pillars) chart',
        'Transits of all 13 bodies',
        'Moon transits',
        'Transit chart per point',
        'Transit gate and line periods',
        'Solar and lunar eclipses',
        'Retrograde periods',
        'Planetary returns',
        'Human Design charts in a batch',
      ],
      rest: [
        'Bodygraph picture (SVG, PNG)',
        'Astrology wheel picture (SVG, PNG)',
        'BaZi chart picture (SVG, PNG)',
      ],
    });
  });

  it('sage_api: SAGE only', () => {
    expect(consentBoxes(served).sage_api).toEqual({ tools: ['Ask SAGE a question'], rest: [] });
    expect(consentTexts(served).sage_api).toBe('Ask SAGE a question');
  });

  it('every operation that needs a product is named by a box, and no free one is', () => {
    const named = new Set(Object.values(consentBoxes(served)).flatMap((b) => b.tools));
    for (const tool of TOOLS) {
      const gated = tool.access !== 'free' && tool.access !== 'public';
      expect(named.has(tool.title), tool.name).toBe(gated);
    }
  });

  it('tool titles are unique, so a box names each tool unambiguously', () => {
    expect(new Set(TOOLS.map((t) => t.title)).size).toBe(TOOLS.length);
  });
});
