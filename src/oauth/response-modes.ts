import { Provider } from './library.js';

/**
 * The authorization response modes this server answers: redirects only (`query`, the code flow's
 * default, and `fragment`). Not `form_post`: its answer is the library's own page, an auto-submitting
 * form with inline script and no CSP, and no MCP host asks for it. A request naming it is refused
 * with `unsupported_response_mode` (sent to a registered redirect URI, else shown on the error page).
 */
export const RESPONSE_MODES: readonly string[] = ['query', 'fragment'];

/**
 * The library with only RESPONSE_MODES registered. It registers its modes through this method while
 * it is constructed, and answers a mode it does not know as unsupported; registration metadata
 * naming another mode (`response_modes`) is refused by its own check against the same list.
 */
export class RedirectOnlyProvider extends Provider {
  override registerResponseMode(...args: Parameters<Provider['registerResponseMode']>): void {
    if (RESPONSE_MODES.includes(args[0])) super.registerResponseMode(...args);
  }
}

/** Discovery lists the modes answered: the library's list is fixed and would name form_post. */
export function listAnsweredResponseModes(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { response_modes_supported?: unknown } | undefined;
    if (ctx.oidc?.route === 'discovery' && body?.response_modes_supported)
      body.response_modes_supported = [...RESPONSE_MODES];
  });
}
