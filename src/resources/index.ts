import { chartFieldsResource } from './chart_fields.js';
import { chartViewResource } from './chart_view.js';
import { knowledgeResources } from './knowledge.js';
import { terminologyResource } from './terminology.js';
import type { AnyResource, ResourceFamily } from './types.js';

export type { AnyResource, ListedResource, Resource, ResourceFamily } from './types.js';
export { APP_MIME_TYPE, CHART_VIEW_URI } from './chart_view.js';
export { completeKnowledgeId, knowledgeMarkdown, MAX_COMPLETIONS } from './knowledge.js';

/** The one ordered list of MCP resources: the two references, then the chart tools' MCP App. */
export const RESOURCES: readonly AnyResource[] = [
  terminologyResource,
  chartFieldsResource,
  chartViewResource,
];

/** The resource templates, each a family of resources read by its variables. */
export const RESOURCE_FAMILIES: readonly ResourceFamily[] = [knowledgeResources];
