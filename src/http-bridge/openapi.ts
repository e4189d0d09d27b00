import * as z from 'zod';
import { ERROR_CODES } from '../core/errors.js';
import { SERVER_INFO } from '../mcp/index.js';
import type { AnyTool } from '../operations/types.js';
import type { RouteRow } from './routes.js';
import { HTTP_STATUS } from '../core/errors.js';

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 (the dialect of OpenAPI 3.1) of a zod schema, as a request or a response. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function isRequired(field: z.ZodType): boolean {
  return !(field instanceof z.ZodOptional || field instanceof z.ZodDefault);
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function successSchema(row: RouteRow): JsonSchema {
  const data = jsonSchema(row.op.output, 'output');
  if (row.binding.envelope === 'flat') {
    const props = (data.properties ?? {}) as JsonSchema;
    return {
      ...data,
      properties: { success: { const: true }, ...props },
      required: ['success', ...((data.required as string[] | undefined) ?? [])],
    };
  }
  return {
    type: 'object',
    properties: {
      success: { const: true },
      ...(row.op.meta ? { meta: { $ref: '#/components/schemas/Meta' } } : {}),
      data,
    },
    required: ['success', 'data', ...(row.op.meta ? ['meta'] : [])],
  };
}

function operationObject(row: RouteRow, mcpTools: ReadonlySet<string>): JsonSchema {
  const op = row.op;
  const shape = op.input.shape as Record<string, z.ZodType>;
  const fixed = Object.keys(row.fixedQuery);
  const queryFields =
    row.binding.from === 'query' ? Object.entries(shape).filter(([k]) => !fixed.includes(k)) : [];
  const notes = [
    op.description,
    mcpTools.has(op.name) ? `Also available as the MCP tool \`${op.name}\`.` : '',
    row.aliasOf
      ? `Legacy alias of ${row.method} ${row.aliasOf}${fixed.length ? ` with ${fixed.map((k) => `${k}=${row.fixedQuery[k]}`).join('&')}` : ''}; kept working with no removal date.`
      : '',
    op.meter ? `Metered: ${op.meter} units; cache hits (X-Cache: HIT) cost nothing.` : 'Not metered.',
  ].filter(Boolean);
  const bodyFields = Object.entries(shape).filter(([k]) => !fixed.includes(k));
  const body =
    row.binding.from === 'body' ? jsonSchema(z.object(Object.fromEntries(bodyFields)), 'input') : undefined;
  const responses: JsonSchema = {
    '200': { description: 'Success', content: { 'application/json': { schema: successSchema(row) } } },
    '400': errorResponse('Invalid input: the message and details name each field and the accepted form'),
    '429': errorResponse('Rate limit or monthly allowance exceeded (Retry-After when it is a rate limit)'),
    '503': errorResponse('Queue full or queue wait too long (Retry-After)'),
  };
  if (op.access !== 'public') {
    responses['401'] = errorResponse('Missing or invalid API key');
    if (op.access !== 'free')
      responses['403'] = errorResponse('The key lacks the product this endpoint needs');
  }
  return {
    operationId: row.aliasOf ? `${op.name}__alias_${row.path.replace(/[^a-zA-Z0-9]+/g, '_')}` : op.name,
    summary: op.title,
    description: notes.join('\n\n'),
    tags: [row.aliasOf ? 'Legacy aliases' : mcpTools.has(op.name) ? 'Tools' : 'Endpoints'],
    ...(row.aliasOf ? { deprecated: true } : {}),
    ...(op.access === 'public' ? { security: [] } : {}),
    parameters: queryFields.map(([name, field]) => ({
      name,
      in: 'query',
      required: isRequired(field),
      ...(field.description ? { description: field.description } : {}),
      schema: jsonSchema(field, 'input'),
    })),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every route and alias, generated from the same zod schemas. */
export function buildOpenApi(routes: readonly RouteRow[], tools: readonly AnyTool[]): JsonSchema {
  const mcpTools = new Set(tools.map((t) => t.name));
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const row of routes) {
    paths[row.path] = { ...paths[row.path], [row.method.toLowerCase()]: operationObject(row, mcpTools) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Chart calculation and knowledge service',
      version: SERVER_INFO.version,
      description:
        'Human Design, Western astrology, BaZi, transits and SAGE answers over REST; the same tools are ' +
        'served over MCP (Streamable HTTP) at POST /mcp. Authenticate with `Authorization: Bearer <key>`.',
      license: { name: 'AGPL-3.0-only', identifier: 'AGPL-3.0-only' },
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Tools', description: 'Operations also served as MCP tools.' },
      { name: 'Endpoints', description: 'REST-only operations.' },
      {
        name: 'Legacy aliases',
        description: 'Older paths that keep working; they answer exactly as their canonical path.',
      },
    ],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key' } },
      schemas: {
        Meta: {
          type: 'object',
          properties: {
            version: { type: 'string' },
            timestamp: { type: 'string', format: 'date-time' },
            endpoint: { type: 'string' },
            warnings: {
              type: 'array',
              items: { type: 'string' },
              description: 'DST gaps and folds, and similar notes',
            },
          },
          required: ['version', 'timestamp', 'endpoint'],
        },
        Error: {
          type: 'object',
          properties: {
            success: { const: false },
            error: {
              type: 'object',
              properties: {
                code: { enum: [...ERROR_CODES], description: statusTable() },
                message: { type: 'string' },
                details: { type: 'array', items: { type: 'object' } },
              },
              required: ['code', 'message'],
            },
          },
          required: ['success', 'error'],
        },
      },
    },
  };
}

function statusTable(): string {
  return `HTTP status per code: ${ERROR_CODES.map((c) => `${c} ${HTTP_STATUS[c]}`).join(', ')}.`;
}
