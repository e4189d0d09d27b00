import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { redirectRefusal } from '../oauth/redirect-policy.js';
import { seedFor } from '../sage/index.js';
import { OPERATOR_CLIENT_PREFIX, openStore } from '../store/index.js';
import type { Config } from './config.js';

export const OAUTH_HELP = `Usage:
  oauth clients add --name NAME --redirect-uri URL [--redirect-uri URL ...] [--public]
                          a client with a fixed id (and a secret, shown once, unless --public) for
                          hosts that take them (Claude's "OAuth Client ID" field, ChatGPT's predefined clients)
  oauth clients list      every OAuth client: operator-registered, and registered by the hosts themselves
  oauth clients remove CLIENT_ID   the client, its grants and its tokens`;

export class OAuthUsageError extends Error {}

/**
 * `oauth clients add|list|remove`: OAuth clients an operator registers for hosts that need a
 * client id (and secret) given to them, beside those that register themselves. Opened like the keys
 * command (the embedded store needs the server stopped; PostgreSQL any time).
 */
export async function oauthCommand(
  argv: string[],
  config: Config,
  out: (line: string) => void,
): Promise<void> {
  const [group, sub, ...rest] = argv;
  if (group !== 'clients' || !sub || !['add', 'list', 'remove'].includes(sub))
    throw new OAuthUsageError(OAUTH_HELP);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      public: { type: 'boolean' },
    },
  });
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    seed: seedFor(config.knowledgeDir),
  });
  try {
    if (sub === 'add') {
      const name = values.name?.trim();
      const redirects = values['redirect-uri'] ?? [];
      if (!name) throw new OAuthUsageError(`--name is required\n${OAUTH_HELP}`);
      if (!redirects.length)
        throw new OAuthUsageError(`at least one --redirect-uri is required\n${OAUTH_HELP}`);
      const refusal = redirects.map(redirectRefusal).find((r) => r !== null);
      if (refusal) throw new OAuthUsageError(`--redirect-uri ${refusal}`);
      const clientId = `${OPERATOR_CLIENT_PREFIX}${randomBytes(12).toString('base64url')}`;
      const secret = values.public ? null : randomBytes(32).toString('base64url');
      await store.oauth.addClient({
        client_id: clientId,
        client_name: name,
        redirect_uris: redirects,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: secret ? 'client_secret_post' : 'none',
        ...(secret ? { client_secret: secret } : {}),
        client_id_issued_at: Math.floor(Date.now() / 1000),
      });
      out(`Created OAuth client "${name}" redirect-uris=${redirects.join(',')}`);
      out(`client_id: ${clientId}`);
      if (secret) {
        out('client_secret (shown once; store it now; sent with client_secret_post or client_secret_basic):');
        out(secret);
      }
    } else if (sub === 'list') {
      out(['client_id', 'kind', 'name', 'auth', 'redirect_uris'].join('\t'));
      for (const c of await store.oauth.listClients()) {
        const id = String(c.client_id);
        out(
          [
            id,
            id.startsWith(OPERATOR_CLIENT_PREFIX) ? 'operator' : 'registered',
            JSON.stringify(c.client_name ?? ''),
            String(c.token_endpoint_auth_method ?? 'client_secret_basic'),
            ((c.redirect_uris as string[] | undefined) ?? []).join(','),
          ].join('\t'),
        );
      }
    } else {
      const clientId = positionals[0];
      if (!clientId) throw new OAuthUsageError(`remove needs a client_id\n${OAUTH_HELP}`);
      if (!(await store.oauth.removeClient(clientId)))
        throw new OAuthUsageError(`No OAuth client ${clientId}`);
      out(`Removed ${clientId} with its grants and tokens`);
    }
  } finally {
    await store.close();
  }
}
