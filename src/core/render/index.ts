/** Public API of the render core: charts as SVG text, and SVG to PNG. */
export { type Activation, type BodygraphChart, gateActivation, renderBodygraph } from './bodygraph.js';
export {
  DEFAULT_OPTIONS,
  DEFAULT_WHEEL_OPTIONS,
  DEFAULT_WIDTH,
  MAX_WIDTH,
  MIN_WIDTH,
  type RenderOptions,
  THEMES,
  type ThemeName,
  type WheelOptions,
} from './theme.js';
export { svgToPng } from './png.js';
export { renderWheel, type WheelChart } from './wheel.js';
export { spreadOnCircle } from './spread.js';
export { type BaziRenderChart, renderBazi } from './bazi.js';
export { BAZI_WORDS, baziCharacters } from './bazi-text.js';
