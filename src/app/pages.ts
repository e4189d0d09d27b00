import type { Logger } from 'pino';
import { HTML_TYPE, JAVASCRIPT_TYPE, JSON_TYPE, type Req, type Res, send } from '../http-bridge/http.js';
import type { Router } from '../http-bridge/router.js';
import { DOCUMENT_POLICY, htmlPolicy, setPageSecurityHeaders } from '../http-bridge/security-headers.js';
import type { AnyTool, Deps } from '../operations/types.js';
import type { RouteRow } from '../operations/routes.js';
import { renderDocsPage } from '../reference/docs-page.js';
import { buildOpenApi } from '../reference/openapi.js';
import { operationExamples } from '../reference/openapi-examples.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultFontDir, FACE_FILES } from '../core/render/font-tables.js';
import {
  CJK_FONT_PATH,
  PLAYGROUND_SCRIPT_PATH,
  playgroundScript,
  playgroundTools,
  renderPlayground,
} from '../reference/playground.js';
import type { AnyResource } from '../resources/index.js';

/** A key-less page's handler from its renderer and media type. */
export type PublicPage = (
  render: (req: Req) => Promise<string | Buffer> | string | Buffer,
  type: string,
) => (req: Req, res: Res) => Promise<void>;

/**
 * Key-less pages: the address rate limit, then a slot like every other route; each sent with its
 * security headers (an HTML page's policy allows its own style blocks, whose text never changes).
 */
export function publicPageRoute(steps: {
  limit: (req: Req) => void;
  admit: (res: Res) => Promise<void>;
}): PublicPage {
  return (render, type) => {
    let policy: string | null = null;
    return async (req, res) => {
      steps.limit(req);
      await steps.admit(res);
      const body = await render(req);
      policy ??= type === HTML_TYPE ? htmlPolicy(String(body)) : DOCUMENT_POLICY;
      setPageSecurityHeaders(res, policy);
      send(res, 200, type, body);
    };
  };
}

export interface ReferencePagesContext {
  routes: readonly RouteRow[];
  tools: readonly AnyTool[];
  resources: readonly AnyResource[];
  deps: Deps;
  log: Logger;
  publicPage: PublicPage;
  /** The scheme and host the client used, for the examples on /docs. */
  baseUrl: (req: Req) => string;
}

/**
 * The pages generated from the registry: `/openapi.json`, the playground at `/` with its script, and
 * `/docs`. Each is built on first use, then served as the same text.
 */
export function addReferencePages(router: Router, ctx: ReferencePagesContext): void {
  const { routes, tools, deps, log, publicPage } = ctx;
  // The response examples run each operation once.
  let openApiJson: Promise<string> | null = null;
  const openApi = () =>
    (openApiJson ??= operationExamples(
      routes.map((r) => r.op),
      deps,
      log,
    ).then((examples) => JSON.stringify(buildOpenApi(routes, tools, examples))));
  router.add('GET', '/openapi.json', publicPage(openApi, JSON_TYPE));
  let playground: string | null = null;
  const page = () => (playground ??= renderPlayground(playgroundTools(routes, tools)));
  router.add('GET', '/', publicPage(page, HTML_TYPE));
  let script: Promise<string> | null = null;
  router.add(
    'GET',
    PLAYGROUND_SCRIPT_PATH,
    publicPage(() => (script ??= playgroundScript()), JAVASCRIPT_TYPE),
  );
  // The playground's CJK font, the subset the pictures are drawn from; the same bytes for a day.
  let cjkFont: Promise<Buffer> | null = null;
  const font = publicPage(() => (cjkFont ??= readFile(join(defaultFontDir(), FACE_FILES.cjk))), 'font/otf');
  router.add('GET', CJK_FONT_PATH, async (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    await font(req, res);
  });
  let docsPage: ((baseUrl: string) => string) | null = null;
  const docs = (req: Req) => (docsPage ??= renderDocsPage(routes, tools, ctx.resources))(ctx.baseUrl(req));
  router.add('GET', '/docs', publicPage(docs, HTML_TYPE));
}
