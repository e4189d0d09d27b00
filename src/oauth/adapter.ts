import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { OAuthPayload, OAuthRecordStore } from '../store/index.js';
import { isAllowedRedirect } from './redirect-policy.js';

/** Records that are redeemed once: a second use must fail even when two processes race. */
const SINGLE_USE = new Set(['AuthorizationCode', 'RefreshToken']);

/**
 * The OAuth library's storage interface on the service's store (store/oauth-records.ts): one
 * adapter per record kind ("model"), each a thin mapping onto the shared table.
 */
export function storeAdapter(records: OAuthRecordStore): new (model: string) => Adapter {
  return class StoreAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      // Dynamically registered clients: redirect URIs https, or http on a loopback address only.
      if (this.model === 'Client') checkRegisteredRedirects(payload.redirect_uris);
      await records.upsert(this.model, id, payload as OAuthPayload, expiresIn || undefined);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return (await records.find(this.model, id)) as AdapterPayload | undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return (await records.findByUid(this.model, uid)) as AdapterPayload | undefined;
    }

    async findByUserCode(): Promise<AdapterPayload | undefined> {
      return undefined; // the device flow is not offered
    }

    async consume(id: string): Promise<void> {
      const first = await records.consume(this.model, id);
      if (!first && SINGLE_USE.has(this.model))
        throw new errors.InvalidGrant('grant request is invalid (already used)');
    }

    async destroy(id: string): Promise<void> {
      await records.destroy(this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await records.revokeByGrantId(this.model, grantId);
    }
  };
}

/**
 * Refuses a registration whose redirect URIs are not all allowed, naming the first bad one and the
 * accepted forms (RFC 7591 section 3.2.2, `invalid_redirect_uri`).
 */
function checkRegisteredRedirects(uris: unknown): void {
  const list = Array.isArray(uris) ? (uris as unknown[]) : [];
  const bad = list.find((u) => typeof u !== 'string' || !isAllowedRedirect(u));
  if (bad === undefined) return;
  const refusal = new errors.InvalidRedirectUri();
  refusal.error_description = `redirect_uris: ${String(bad).slice(0, 200)} is not allowed; use an https URL, or http on 127.0.0.1, [::1] or localhost`;
  throw refusal;
}
