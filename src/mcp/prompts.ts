import {
  completable,
  type GetPromptResult,
  type McpServer,
  ResourceNotFoundError,
  ResourceTemplate,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { Deps } from '../operations/types.js';
import type { AnyPrompt } from '../prompts/index.js';
import type { ResourceFamily } from '../resources/index.js';

/**
 * The prompts as the SDK registers them: each argument that has a completer wrapped with the SDK's
 * `completable`, so `completion/complete` answers for it; the message built from the arguments.
 */
export function promptParts(prompts: readonly AnyPrompt[], deps: Deps) {
  return prompts.map((prompt) => {
    const shape = Object.fromEntries(
      Object.entries(prompt.args.shape as Record<string, z.ZodType>).map(([name, schema]) => {
        const complete = (prompt.complete as Record<string, AnyPrompt['complete'][string]>)[name];
        if (!complete) return [name, schema];
        // The description goes on before `completable` marks the schema: a later clone would drop the mark.
        const optional = schema instanceof z.ZodOptional;
        const inner = (
          optional ? (schema as z.ZodOptional<z.ZodType>).unwrap() : schema
        ) as z.ZodType<string>;
        const described = schema.description ? inner.describe(schema.description) : inner;
        const wrapped = completable(described, (value, context) =>
          complete(deps, String(value ?? ''), context?.arguments ?? {}),
        );
        return [name, optional ? wrapped.optional() : wrapped];
      }),
    );
    return {
      name: prompt.name,
      config: { title: prompt.title, description: prompt.description, argsSchema: z.object(shape) },
      get: (args: Record<string, unknown>): GetPromptResult => ({
        description: prompt.description,
        messages: [{ role: 'user', content: { type: 'text', text: prompt.text(args) } }],
      }),
    };
  });
}

/** Registers the prompts and the resource templates on one SDK server instance. */
export function registerPromptsAndFamilies(
  server: McpServer,
  prompts: ReturnType<typeof promptParts>,
  families: readonly ResourceFamily[],
  deps: Deps,
): void {
  for (const p of prompts)
    server.registerPrompt(p.name, p.config, (args) => p.get(args as Record<string, unknown>));
  for (const family of families) {
    const complete = Object.fromEntries(
      Object.entries(family.complete).map(([name, fn]) => [
        name,
        (value: string, context?: { arguments?: Record<string, string> }) =>
          fn(deps, value, context?.arguments ?? {}),
      ]),
    );
    const template = new ResourceTemplate(family.uriTemplate, {
      list: async () => ({ resources: family.list(deps) }),
      complete,
    });
    server.registerResource(
      family.name,
      template,
      { title: family.title, description: family.description, mimeType: family.mimeType },
      async (uri, variables) => {
        const vars = Object.fromEntries(
          Object.entries(variables).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
        );
        const text = family.read(deps, vars);
        if (text === undefined) throw new ResourceNotFoundError(uri.href);
        return { contents: [{ uri: uri.href, mimeType: family.mimeType, text }] };
      },
    );
  }
}
