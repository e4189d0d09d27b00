import type { CenterName } from '../human-design/index.js';
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
export const DEFAULT_WHEEL_OPTIONS: WheelOptions = { ...DEFAULT_OPTIONS, designRing: false, gateRing: false };

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
  channelOpen: string;
  centerOpen: string;
  centers: Record<CenterName, string>;
  /** Text on a filled gate marker. */
  onMarker: string;
  aspects: { harmonious: string; challenging: string; neutral: string; minor: string };
  signs: { Fire: string; Earth: string; Air: string; Water: string };
  wuxing: { wood: string; fire: string; earth: string; metal: string; water: string };
}

/** Defined-center colours after the common bodygraph convention (Head and G yellow, motors red). */
const LIGHT_CENTERS: Record<CenterName, string> = {
  Head: '#f4d35e',
  Ajna: '#7cb518',
  Throat: '#b08968',
  G: '#f4d35e',
  Heart: '#e63946',
  Sacral: '#e63946',
  Spleen: '#b08968',
  'Solar Plexus': '#b08968',
  Root: '#b08968',
};

const PALETTES: Record<ThemeName, Palette> = {
  light: {
    bg: '#ffffff',
    panel: '#f3f1ec',
    ink: '#1d1d1f',
    muted: '#6e6e73',
    line: '#4a4a4f',
    personality: '#1d1d1f',
    design: '#c62828',
    channelOpen: '#ffffff',
    centerOpen: '#ffffff',
    centers: LIGHT_CENTERS,
    onMarker: '#ffffff',
    aspects: { harmonious: '#1f6fd1', challenging: '#d62828', neutral: '#7a5c00', minor: '#9a9aa0' },
    signs: { Fire: '#d1495b', Earth: '#6a994e', Air: '#d4a017', Water: '#2f6fb0' },
    wuxing: { wood: '#2e8b57', fire: '#d62828', earth: '#b5832a', metal: '#7d8491', water: '#1f5fa8' },
  },
  dark: {
    bg: '#16181d',
    panel: '#22252c',
    ink: '#ecedf0',
    muted: '#9aa0aa',
    line: '#b8bcc4',
    personality: '#f2f2f2',
    design: '#ff6b6b',
    channelOpen: '#2b2f37',
    centerOpen: '#2b2f37',
    centers: {
      Head: '#c9a227',
      Ajna: '#5c8f12',
      Throat: '#8a6a4f',
      G: '#c9a227',
      Heart: '#b3303b',
      Sacral: '#b3303b',
      Spleen: '#8a6a4f',
      'Solar Plexus': '#8a6a4f',
      Root: '#8a6a4f',
    },
    onMarker: '#16181d',
    aspects: { harmonious: '#5fa8ff', challenging: '#ff6b6b', neutral: '#e0b84a', minor: '#6e7380' },
    signs: { Fire: '#ff7a8a', Earth: '#8fcf72', Air: '#f2c94c', Water: '#6fa8ff' },
    wuxing: { wood: '#4cc38a', fire: '#ff6b6b', earth: '#e0a84a', metal: '#b8bcc4', water: '#5fa8ff' },
  },
  // Black on white for print and e-ink: design in mid grey instead of red, defined centers grey.
  mono: {
    bg: '#ffffff',
    panel: '#f0f0f0',
    ink: '#000000',
    muted: '#555555',
    line: '#000000',
    personality: '#000000',
    design: '#8c8c8c',
    channelOpen: '#ffffff',
    centerOpen: '#ffffff',
    centers: Object.fromEntries(Object.keys(LIGHT_CENTERS).map((c) => [c, '#c8c8c8'])) as Record<
      CenterName,
      string
    >,
    onMarker: '#ffffff',
    aspects: { harmonious: '#000000', challenging: '#000000', neutral: '#555555', minor: '#aaaaaa' },
    signs: { Fire: '#000000', Earth: '#000000', Air: '#000000', Water: '#000000' },
    wuxing: { wood: '#000000', fire: '#000000', earth: '#000000', metal: '#000000', water: '#000000' },
  },
};

export const paletteOf = (theme: ThemeName): Palette => PALETTES[theme];

/** Class-name slug of a center: `Solar Plexus` -> `solar-plexus`. */
export const centerSlug = (center: string): string => center.toLowerCase().replace(/\s+/g, '-');

/** Latin text and astrological glyphs: DejaVu Sans (bundled for the PNG); browsers fall back. */
export const FONT_FAMILY = "'DejaVu Sans', sans-serif";
/** Chinese characters: the bundled subset in PNGs (png.ts), a common CJK face in browsers. */
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
    ['.ch-open', `stroke:${p.channelOpen}`],
    ['.ch-edge', `stroke:${p.line}`],
    ['.center-open', `fill:${p.centerOpen}`],
    ['.on-marker', `fill:${p.onMarker}`],
  ];
  for (const [center, colour] of Object.entries(p.centers))
    out.push([`.center-${centerSlug(center)}`, `fill:${colour}`]);
  for (const [nature, colour] of Object.entries(p.aspects))
    out.push([`.aspect-${nature}`, `stroke:${colour}`]);
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
  viewWidth: number;
  viewHeight: number;
  title: string;
  desc: string;
  options: RenderOptions;
}

/** The root element: size, accessibility (role, title, desc), theme stylesheet and background. */
export function svgDocument(spec: DocumentSpec, body: string): string {
  const { options } = spec;
  const height = (options.width * spec.viewHeight) / spec.viewWidth;
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: num(options.width),
      height: num(height),
      viewBox: `0 0 ${num(spec.viewWidth)} ${num(spec.viewHeight)}`,
      role: 'img',
      class: `chart theme-${options.theme}`,
      'data-chart': spec.kind,
      'data-theme': options.theme,
      'font-family': FONT_FAMILY,
    },
    `<title>${escapeXml(spec.title)}</title>`,
    `<desc>${escapeXml(spec.desc)}</desc>`,
    `<style>${STYLESHEETS[options.theme]}</style>`,
    !options.transparent &&
      el('rect', { class: 'bg', x: 0, y: 0, width: spec.viewWidth, height: spec.viewHeight }),
    body,
  );
}
