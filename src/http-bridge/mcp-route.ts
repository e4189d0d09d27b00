import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import type { McpEndpoint } from '../mcp/index.js';
import type { Authenticator } from './auth.js';
import { type McpEdgePolicy, mcpEdgeGuard, mcpMessageGuard, mcpParseErrors } from './mcp-guard.js';

export interface McpRouteOptions {
  mcp: McpEndpoint;
  auth: Authenticator;
  edge: McpEdgePolicy;
  /** Reads the body within the size and time bounds (any content type is read as JSON here). */
  body: RequestHandler;
  admit: RequestHandler;
}

/**
 * The steps of `/mcp`, in the order every route follows: what the headers decide (Host and Origin,
 * the key), then the body, then the JSON-RPC shape (one message, not a batch), then an admission
 * slot, then the SDK with the body already parsed.
 */
export function mcpRoute(options: McpRouteOptions): (RequestHandler | ErrorRequestHandler)[] {
  const { mcp, auth } = options;
  const serve = (req: Request, res: Response, next: NextFunction) => {
    const state = {
      caller: auth.callerOf(res),
      setHeader: (name: string, value: string) => {
        if (!res.headersSent) res.setHeader(name, value);
      },
    };
    mcp.handle(req, res, state, req.body).catch(next);
  };
  return [
    mcpEdgeGuard(options.edge),
    auth.gate(),
    options.body,
    mcpParseErrors,
    mcpMessageGuard,
    options.admit,
    serve,
  ];
}
