import { CENTER_NAMES, type CenterName } from '../human-design/index.js';
import { el, escapeXml, num } from './svg.js';

/**
 * Render options and the colour palettes. Colours live in one stylesheet per theme, written with
 * literal values: resvg (the PNG path) does not resolve CSS custom properties (`var()` paints black),
 * so a theme is a set of class rules, scoped under the root's `theme-<name>` class so that two charts
 * inlined in one HTML page never restyle each other.
 */

export const THEMES = ['light', 'dark', 'mono'] as const;
export type ThemeName = (typeof THEMES)[number];

export interface RenderOptions {
  theme: ThemeName;
  /** Width in pixels of the SVG (and of the PNG rasterised from it); the height keeps the aspect. */
  width: number;
  /** Leave out the background. */
  transparent: boolean;
  /** Gate numbers, degrees and other small labels. */
  labels: boolean;
}

export interface WheelOptions extends RenderOptions {
  /** The design chart's planets on an outer ring. */
  designRing: boolean;
  /** The 64 Human Design gates on a ring around the zodiac. */
  gateRing: boolean;
  /** A data box, a planet table and an aspect grid beside the wheel (below it on narrow pictures). */
  details: boolean;
}

export const DEFAULT_WIDTH = 800;
export const MIN_WIDTH = 100;
export const MAX_WIDTH = 4000;

export const DEFAULT_OPTIONS: RenderOptions = {
  theme: 'light',
  width: DEFAULT_WIDTH,
  transparent: false,
  labels: true,
};
export const DEFAULT_WHEEL_OPTIONS: WheelOptions = {
  ...DEFAULT_OPTIONS,
  designRing: false,
  gateRing: false,
  details: false,
};

/** The colours of one theme, by role. */
export interface Palette {
  bg: string;
  /** Bands (zodiac ring, pillar cells). */
  panel: string;
  ink: string;
  muted: string;
  line: string;
  /** Human Design convention: personality black, design red (the dark theme inverts the black). */
  personality: string;
  design: string;
  /** The ring around an activated gate's marker, so a red marker stays visible on a red center. */
  halo: string;
  channelOpen: string;
  centerOpen: string;
  centers: Record<CenterName, string>;
  /** A gate number on each defined center's fill (open centers take `ink`). */
  centerInk: Record<CenterName, string>;
  /** Text on a filled gate marker (either side, and both halves of a two-sided one). */
  onMarker: string;
  /** Highlights: the luck pillar in force, the variable arrows' frame. */
  accent: string;
  aspects: Record<AspectStyle, string>;
  /** Dash pattern per aspect style (mono tells the natures apart by line style, having no colours). */
  aspectDash: Partial<Record<AspectStyle, string>>;
  signs: { Fire: string; Earth: string; Air: string; Water: string };
  wuxing: { wood: string; fire: string; earth: string; metal: string; water: string };
}

export type AspectStyle = 'harmonious' | 'challenging' | 'neutral' | 'minor';

/**
 * Defined-center colours after the common bodygraph convention (Head and G yellow, Ajna green, Heart
 * and Sacral red, the others brown); the red is deep enough for white gate numbers (4.5:1).
 */
const LIGHT_CENTERS: Record<CenterName, string> = {
  Head: '#f4d35e',
  Ajna: '#9bd14a',
  Throat: '#b08968',
  G: '#f4d35e',
  Heart: '#d62f3c',
  Sacral: '#d62f3c',
  Spleen: '#b08968',
  'Solar Plexus': '#b08968',
  Root: '#b08968',
};

const byCenter = (pick: (center: CenterName) => string): Record<CenterName, string> =>
  Object.fromEntries(CENTER_NAMES.map((c) => [c, pick(c)])) as Record<CenterName, string>;
const isMotor = (c: CenterName) => c === 'Heart' || c === 'Sacral';

/**
 * The one table of theme colours. Every pair the renderers draw (text on its ground, marks on theirs)
 * is listed by `colourPairs` below and held to WCAG contrast by test/core/render/contrast.test.ts.
 */
const PALETTES: Record<ThemeName, Palette> = {
  light: {
    bg: '#ffffff',
    panel: '#f3f1ec',
    ink: '#1d1d1f',
    muted: '#6a6a70',
    line: '#4a4a4f',
    personality: '#1d1d1f',
    design: '#c62828',
    halo: '#ffffff',
    channelOpen: '#ffffff',
    centerOpen: '#ffffff',
    centers: LIGHT_CENTERS,
    centerInk: byCenter((c) => (isMotor(c) ? '#ffffff' : '#1d1d1f')),
    onMarker: '#ffffff',
    accent: '#3a5bd9',
    aspects: { harmonious: '#1f6fd1', challenging: '#d62828', neutral: '#7a5c00', minor: '#85858b' },
    aspectDash: { minor: '3 3' },
    signs: { Fire: '#c0392b', Earth: '#3d7a2a', Air: '#7d6200', Water: '#1f5fa8' },
    wuxing: { wood: '#23774a', fire: '#c62828', earth: '#8a5a00', metal: '#5f6570', water: '#1f5fa8' },
  },
  dark: {
    bg: '#16181d',
    panel: '#22252c',
    ink: '#ecedf0',
    muted: '#9aa0aa',
    line: '#b8bcc4',
    personality: '#f2f2f2',
    design: '#ff6b6b',
    halo: '#16181d',
    channelOpen: '#2b2f37',
    centerOpen: '#2b2f37',
    // Light enough for dark gate numbers on every defined center.
    centers: {
      Head: '#d9b43a',
      Ajna: '#6fa83a',
      Throat: '#a47c5b',
      G: '#d9b43a',
      Heart: '#e05a63',
      Sacral: '#e05a63',
      Spleen: '#a47c5b',
      'Solar Plexus': '#a47c5b',
      Root: '#a47c5b',
    },
    centerInk: byCenter(() => '#16181d'),
    onMarker: '#16181d',
    accent: '#8aa2ff',
    aspects: { harmonious: '#5fa8ff', challenging: '#ff6b6b', neutral: '#e0b84a', minor: '#6e7380' },
    aspectDash: { minor: '3 3' },
    signs: { Fire: '#ff7a8a', Earth: '#8fcf72', Air: '#f2c94c', Water: '#6fa8ff' },
    wuxing: { wood: '#4cc38a', fire: '#ff6b6b', earth: '#e0a84a', metal: '#b8bcc4', water: '#5fa8ff' },
  },
  // Black on white for print and e-ink: design in dark grey instead of red, defined centers light
  // grey, aspect natures told apart by dashes.
  mono: {
    bg: '#ffffff',
    panel: '#f0f0f0',
    ink: '#000000',
    muted: '#555555',
    line: '#000000',
    personality: '#000000',
    design: '#6e6e6e',
    halo: '#ffffff',
    channelOpen: '#ffffff',
    centerOpen: '#ffffff',
    centers: byCenter(() => '#d4d4d4'),
    centerInk: byCenter(() => '#000000'),
    onMarker: '#ffffff',
    accent: '#000000',
    aspects: { harmonious: '#000000', challenging: '#000000', neutral: '#000000', minor: '#555555' },
    aspectDash: { challenging: '7 4', neutral: '10 3 2 3', minor: '1.5 3' },
    signs: { Fire: '#000000', Earth: '#000000', Air: '#000000', Water: '#000000' },
    wuxing: { wood: '#000000', fire: '#000000', earth: '#000000', metal: '#000000', water: '#000000' },
  },
};

/** A foreground colour on a ground colour, as drawn; text needs 4.5:1, other marks 3:1 (WCAG 2.2). */
export interface ColourPair {
  what: string;
  kind: 'text' | 'mark';
  fg: string;
  bg: string;
}

/**
 * Every colour pair a renderer draws in this palette. Activated-gate markers are a special case: a
 * marker reads either by itself against the center under it, or through its halo (halo against the
 * center, marker against the halo); `markers` lists them so the test can try both routes.
 */
export function colourPairs(p: Palette): { pairs: ColourPair[]; markers: MarkerPair[] } {
  const pairs: ColourPair[] = [];
  const text = (what: string, fg: string, bg: string) => pairs.push({ what, kind: 'text', fg, bg });
  const mark = (what: string, fg: string, bg: string) => pairs.push({ what, kind: 'mark', fg, bg });
  for (const [ground, colour] of [
    ['background', p.bg],
    ['panel', p.panel],
  ] as const) {
    text(`ink on ${ground}`, p.ink, colour);
    text(`muted text on ${ground}`, p.muted, colour);
    for (const [element, c] of Object.entries(p.wuxing)) text(`${element} text on ${ground}`, c, colour);
    mark(`lines on ${ground}`, p.line, colour);
    mark(`accent on ${ground}`, p.accent, colour);
  }
  text('accent text on background', p.accent, p.bg);
  text('personality column on background', p.personality, p.bg);
  text('design column on background', p.design, p.bg);
  for (const [element, c] of Object.entries(p.signs)) text(`${element} sign glyph on the zodiac`, c, p.panel);
  text('gate number on an open center', p.ink, p.centerOpen);
  for (const c of CENTER_NAMES) text(`gate number on the ${c}`, p.centerInk[c], p.centers[c]);
  text('gate number on a personality marker', p.onMarker, p.personality);
  text('gate number on a design marker', p.onMarker, p.design);
  mark('center outline on background', p.line, p.bg);
  for (const [side, c] of [
    ['personality', p.personality],
    ['design', p.design],
  ] as const) {
    mark(`${side} channel in an open channel`, c, p.channelOpen);
    mark(`${side} marks on background`, c, p.bg);
  }
  for (const [style, c] of Object.entries(p.aspects)) {
    mark(`${style} aspect line`, c, p.bg);
    // The aspect grid writes the major aspects' glyphs in their colour (minor ones in muted text).
    if (style !== 'minor') text(`${style} aspect glyph`, c, p.bg);
  }
  for (const [element, c] of Object.entries(p.signs)) text(`${element} sign in a planet label`, c, p.bg);
  const markers: MarkerPair[] = [];
  for (const [side, c] of [
    ['personality', p.personality],
    ['design', p.design],
  ] as const) {
    for (const center of [...CENTER_NAMES, 'open'] as const) {
      const under = center === 'open' ? p.centerOpen : p.centers[center];
      markers.push({ what: `${side} marker on the ${center} center`, marker: c, halo: p.halo, under });
    }
  }
  return { pairs, markers };
}

/** An activated gate's marker, its halo, and the center fill under both. */
export interface MarkerPair {
  what: string;
  marker: string;
  halo: string;
  under: string;
}

export const paletteOf = (theme: ThemeName): Palette => PALETTES[theme];

/** Class-name slug of a center: `Solar Plexus` -> `solar-plexus`. */
export const centerSlug = (center: string): string => center.toLowerCase().replace(/\s+/g, '-');

/** Latin text and astrological glyphs: DejaVu Sans (bundled for the PNG); browsers fall back. */
export const FONT_FAMILY = "'DejaVu Sans', sans-serif";
/**
 * Chinese characters set as text: only where the bundled subset lacks one (cjk-outlines.ts draws the
 * rest as outlines), the subset in PNGs (png.ts), a common CJK face in browsers.
 */
export const CJK_FONT_FAMILY =
  "'Chart Han', 'Noto Sans SC', 'Noto Sans CJK SC', 'Source Han Sans SC', sans-serif";

function rules(p: Palette): [string, string][] {
  const out: [string, string][] = [
    ['.bg', `fill:${p.bg}`],
    ['.panel', `fill:${p.panel}`],
    ['.ink', `fill:${p.ink}`],
    ['.muted', `fill:${p.muted}`],
    ['.line', `stroke:${p.line};fill:none`],
    ['.edge', `stroke:${p.line}`],
    ['.p-fill', `fill:${p.personality}`],
    ['.d-fill', `fill:${p.design}`],
    ['.p-stroke', `stroke:${p.personality}`],
    ['.d-stroke', `stroke:${p.design}`],
    ['.halo', `stroke:${p.halo}`],
    ['.ch-open', `stroke:${p.channelOpen}`],
    ['.ch-edge', `stroke:${p.line}`],
    ['.center-open', `fill:${p.centerOpen}`],
    ['.gl-open', `fill:${p.ink}`],
    ['.on-marker', `fill:${p.onMarker}`],
    ['.accent', `fill:${p.accent}`],
    ['.accent-stroke', `stroke:${p.accent}`],
    ['.muted-stroke', `stroke:${p.muted}`],
  ];
  for (const [center, colour] of Object.entries(p.centers))
    out.push([`.center-${centerSlug(center)}`, `fill:${colour}`]);
  for (const [center, colour] of Object.entries(p.centerInk))
    out.push([`.gl-${centerSlug(center)}`, `fill:${colour}`]);
  for (const [style, colour] of Object.entries(p.aspects)) {
    out.push([`.asp-${style}`, `fill:${colour}`], [`.asp-${style}-stroke`, `stroke:${colour}`]);
    const dash = p.aspectDash[style as AspectStyle];
    out.push([`.aspect-${style}`, `stroke:${colour}${dash ? `;stroke-dasharray:${dash}` : ''}`]);
  }
  for (const [element, colour] of Object.entries(p.signs))
    out.push([`.sign-${element.toLowerCase()}`, `fill:${colour}`]);
  for (const [element, colour] of Object.entries(p.wuxing)) {
    out.push([`.wx-${element}`, `fill:${colour}`], [`.wx-${element}-stroke`, `stroke:${colour}`]);
  }
  return out;
}

const STYLESHEETS = Object.fromEntries(
  THEMES.map((theme) => [
    theme,
    rules(PALETTES[theme])
      .map(([selector, body]) => `.theme-${theme} ${selector}{${body}}`)
      .join(''),
  ]),
) as Record<ThemeName, string>;

export interface DocumentSpec {
  /** `bodygraph`, `wheel`, `bazi`: the root's `data-chart`. */
  kind: string;
  /** The viewBox; its origin defaults to 0, 0. */
  viewX?: number;
  viewY?: number;
  viewWidth: number;
  viewHeight: number;
  title: string;
  desc: string;
  options: RenderOptions;
  /** `full`, `compact` (below 600 pixels) or `details`: the root's `data-layout`. */
  layout?: string;
}

/** Pictures narrower than this many pixels use their compact layout (no text under 9 pixels). */
export const COMPACT_BELOW = 600;

/** The root element: size, accessibility (role, title, desc), theme stylesheet and background. */
export function svgDocument(spec: DocumentSpec, body: string): string {
  const { options } = spec;
  const [x, y] = [spec.viewX ?? 0, spec.viewY ?? 0];
  const height = (options.width * spec.viewHeight) / spec.viewWidth;
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: num(options.width),
      height: num(height),
      viewBox: `${num(x)} ${num(y)} ${num(spec.viewWidth)} ${num(spec.viewHeight)}`,
      role: 'img',
      class: `chart theme-${options.theme}`,
      'data-chart': spec.kind,
      'data-theme': options.theme,
      'data-layout': spec.layout,
      'font-family': FONT_FAMILY,
    },
    `<title>${escapeXml(spec.title)}</title>`,
    `<desc>${escapeXml(spec.desc)}</desc>`,
    `<style>${STYLESHEETS[options.theme]}</style>`,
    !options.transparent && el('rect', { class: 'bg', x, y, width: spec.viewWidth, height: spec.viewHeight }),
    body,
  );
}
