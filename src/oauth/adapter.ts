import type { Adapter, AdapterPayload } from 'oidc-provider';
import { errors } from './library.js';
import type { OAuthPayload, OAuthRecordStore } from '../store/index.js';

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
