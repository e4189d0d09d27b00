import type { Configuration } from 'oidc-provider';
import { errors } from './library.js';
import { isPrivateUseRedirect, redirectRefusal } from './redirect-policy.js';

/**
 * The redirect rule (redirect-policy.ts) inside the library's client validation, which every client
 * passes through however it arrives: a dynamic registration before it is stored, a client ID metadata
 * document after it is fetched, an operator's client when it is loaded. `redirect_uris` is listed
 * so the library runs this validator on it (the library's own schema checks run after).
 *
 * A client with a private-use redirect is a native app (RFC 8252 section 7.1), whatever
 * `application_type` it sent: Cursor registers `cursor://…` as a web client, which the library
 * would refuse ("must only contain web uris").
 */
export const clientRedirectPolicy: NonNullable<Configuration['extraClientMetadata']> = {
  properties: ['redirect_uris'],
  validator(_ctx, key, value, metadata) {
    if (key !== 'redirect_uris' || !Array.isArray(value)) return;
    for (const uri of value as unknown[]) {
      const refusal = typeof uri === 'string' ? redirectRefusal(uri) : 'each redirect URI must be a string';
      // A description starting with `redirect_uris` is `invalid_redirect_uri` (RFC 7591 section 3.2.2).
      if (refusal) throw new errors.InvalidClientMetadata(`redirect_uris: ${refusal}`);
    }
    if ((value as string[]).some(isPrivateUseRedirect)) metadata.application_type = 'native';
  },
};
