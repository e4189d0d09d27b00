import type { Logger } from 'pino';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { loggableError } from '../http-bridge/fault-log.js';

/** The client and key of a request, as far as the library knows them: ids only, never a secret. */
function who(ctx: KoaContextWithOIDC): Record<string, string> {
  const out: Record<string, string> = {};
  const client = ctx.oidc?.client?.clientId;
  if (client) out.clientId = client.slice(0, 200);
  const account = ctx.oidc?.account?.accountId ?? ctx.oidc?.entities?.Grant?.accountId;
  if (account) out.keyId = account;
  return out;
}

/** A refusal as the library words it for the client (its error code and description, no values sent). */
const refusal = (err: { error?: string; error_description?: string; message?: string }) => ({
  error: err.error ?? 'server_error',
  description: (err.error_description ?? err.message ?? '').slice(0, 300),
});

/**
 * The authorization server's audit trail in the service log: registrations, tokens issued and
 * refused, revoked grants (a reused refresh token among them). Each line names the client and the
 * key by id; codes, tokens and keys themselves never appear (test/e2e/oauth-logs.test.ts).
 */
export function logAuthorizationEvents(provider: Provider, log: Logger): void {
  provider.on('server_error', (ctx, err) =>
    log.error({ ...who(ctx), err: loggableError(err) }, 'oauth server error'),
  );
  // Koa prints unhandled errors to the console unless something listens; this service logs them.
  (provider as unknown as NodeJS.EventEmitter).on('error', (err: unknown) =>
    log.warn({ err: loggableError(err) }, 'oauth request failed'),
  );
  provider.on('registration_create.success', (ctx, client) =>
    log.info(
      { clientId: client.clientId, clientName: client.clientName ?? null, ...who(ctx) },
      'oauth client registered',
    ),
  );
  provider.on('grant.success', (ctx) =>
    log.info({ ...who(ctx), grantType: String(ctx.oidc.params?.grant_type ?? '') }, 'oauth token issued'),
  );
  provider.on('grant.error', (ctx, err) => log.info({ ...who(ctx), ...refusal(err) }, 'oauth token refused'));
  provider.on('authorization.error', (ctx, err) =>
    log.info({ ...who(ctx), ...refusal(err) }, 'oauth authorization refused'),
  );
  provider.on('grant.revoked', (ctx, grantId) =>
    log.info({ ...who(ctx), grant: grantId.slice(0, 8) }, 'oauth grant revoked with its tokens'),
  );
  provider.on('revocation.error', (ctx, err) =>
    log.info({ ...who(ctx), ...refusal(err) }, 'oauth revocation refused'),
  );
}
