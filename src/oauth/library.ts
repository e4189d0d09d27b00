/**
 * oidc-provider's values, imported through here only (eslint refuses another value import of it in
 * src/; type imports are free). Imports are evaluated in the order they are written: runtime-notice
 * first, so its console.warn is in place while the library loads, then the library, then this body.
 */
import { restoreConsoleWarn } from './runtime-notice.js';
export { default as Provider, errors } from 'oidc-provider';

restoreConsoleWarn();
