import { PRODUCTS } from '../store/index.js';
import { mcpResource } from './paths.js';

/**
 * The protected resource metadata of /mcp (RFC 9728 section 2): the resource is the public MCP
 * URL, its authorization server this service itself, its scopes the products a key may carry.
 */
export function protectedResourceMetadata(issuer: string): Record<string, unknown> {
  return {
    resource: mcpResource(issuer),
    authorization_servers: [issuer],
    scopes_supported: [...PRODUCTS],
    bearer_methods_supported: ['header'],
    resource_name: 'Chart calculation and knowledge service',
    resource_documentation: `${issuer}/docs`,
  };
}
