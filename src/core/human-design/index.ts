/** Public API of the Human Design engine. See README.md in this folder for the output contract. */
export {
  activationFromLongitude,
  type GateActivation,
  gateStartLongitude,
  oppositeGate,
  type PlanetPosition,
  positionFromLongitude,
} from './activation.js';
export { analyzeBodygraph, type Bodygraph } from './bodygraph.js';
export {
  type ChannelSummary,
  type ChartProperties,
  chartFromActivations,
  computeChart,
  type GateSources,
  type HdActivationsInput,
  type HdChart,
  type HdLongitudesInput,
  type PlanetLine,
  SIDES,
  type Side,
} from './chart.js';
export {
  type ChartGates,
  type CompositeCombined,
  compositeCombined,
  RELATIONSHIP_KINDS,
  type RelationshipChannel,
  type RelationshipKind,
} from './composite.js';
export { crossOfChart, type IncarnationCross, incarnationCross, profileOf, quarterOf } from './cross.js';
export {
  type BirthChart,
  birthChart,
  type ChartData,
  type CompositeData,
  type CompositePerson,
  chartData,
  compositeData,
  type HdBirthInfo,
  type HdMoment,
  hdChartAt,
  longitudesOf,
} from './birth-chart.js';
export { allHdKnowledgeIds, compositeTooltipIds, slug, tooltipIds } from './knowledge-ids.js';
export * from './tables.js';
export {
  type CenterTooltip,
  type ChartTooltips,
  type CompositeTooltips,
  chartTooltips,
  compositeTooltips,
  type Tooltip,
} from './tooltips.js';
export type { Digestion, Environment, Motivation, Perspective, Phs, RavePsychology } from './variables.js';
