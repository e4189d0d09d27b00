/**
 * The scope an authorization request is processed with when it names no product: RFC 6749 section
 * 3.3 lets a server use a pre-defined default for a request that omits `scope`. Here: the products
 * the client registered in its `scope` (RFC 7591 section 2), else every product the protected
 * resource metadata lists (`scopes_supported`: basic_chart, advanced_chart, sage_api).
 * Regression (issue 37): a request without `scope` could never be approved (`access_denied`).
 */
import { describe, expect, it } from 'vitest';
import { scopeWithDefault } from '../../../src/oauth/scope-default.js';

describe('scopeWithDefault', () => {
  it('no scope: every product the resource metadata lists', () => {
    expect(scopeWithDefault(undefined, undefined)).toBe('basic_chart advanced_chart sage_api');
    expect(scopeWithDefault('', undefined)).toBe('basic_chart advanced_chart sage_api');
  });

  it('no scope, a client that registered a scope: the products of that scope', () => {
    expect(scopeWithDefault(undefined, 'sage_api')).toBe('sage_api');
    expect(scopeWithDefault(undefined, 'openid basic_chart')).toBe('basic_chart');
  });

  it('a registered scope naming no product falls back to every product', () => {
    expect(scopeWithDefault(undefined, 'openid')).toBe('basic_chart advanced_chart sage_api');
  });

  it('values that are not products keep their place, and the products are added', () => {
    expect(scopeWithDefault('openid offline_access', undefined)).toBe(
      'openid offline_access basic_chart advanced_chart sage_api',
    );
  });

  it('a request naming a product is taken as sent', () => {
    expect(scopeWithDefault('sage_api', 'basic_chart')).toBe('sage_api');
    expect(scopeWithDefault('openid basic_chart', undefined)).toBe('openid basic_chart');
  });
});
