/** The one vocabulary of bodies (`table.ts`) and everything derived from it (`lists.ts`). */
export {
  BODIES,
  type Body,
  type BodyKey,
  type BodyRow,
  type BodySource,
  type TransitSteps,
} from './table.js';
export { SE_BODY, type SwissBodyKey } from './swiss.js';
export * from './lists.js';
