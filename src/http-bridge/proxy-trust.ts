import { BlockList, isIP } from 'node:net';

/**
 * Which peers are reverse proxies whose `X-Forwarded-*` headers are believed (`TRUST_PROXY`). None by
 * default: a header any client can write must not decide its address for the key-less rate limit,
 * nor the scheme and host the docs page prints.
 */
export interface ProxyTrust {
  /** Whether a peer (or a forwarded hop) at this address is one of the named proxies. */
  trusts(address: string | undefined): boolean;
}

/** The shorthand for a proxy on the same machine. */
const LOOPBACK = ['127.0.0.0/8', '::1/128'];

/**
 * Reads one `TRUST_PROXY` entry: an IPv4 or IPv6 address, a CIDR block (`10.0.0.0/8`, `fd00::/8`) or
 * `loopback`. Returns the blocks it stands for, or an error sentence naming the accepted forms.
 */
export function parseProxyEntry(entry: string): { blocks: string[] } | { error: string } {
  if (entry.toLowerCase() === 'loopback') return { blocks: LOOPBACK };
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  const max = family === 4 ? 32 : 128;
  const bits = prefix === undefined ? max : /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  if (family === 0 || extra !== undefined || !(bits >= 0 && bits <= max)) {
    return {
      error: `"${entry}" is not an IP address, a CIDR block (10.0.0.0/8, fd00::/8) or "loopback"`,
    };
  }
  return { blocks: [`${address}/${bits}`] };
}

/** IPv4 peers on a dual-stack socket read `::ffff:a.b.c.d`: compare them as IPv4. */
function normalize(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const family = isIP(plain);
  return family === 0 ? null : { address: plain, family: family === 4 ? 'ipv4' : 'ipv6' };
}

/** The trust for a list of checked entries (see parseProxyEntry); an empty list trusts nobody. */
export function proxyTrust(entries: readonly string[]): ProxyTrust {
  const list = new BlockList();
  let any = false;
  for (const entry of entries) {
    const parsed = parseProxyEntry(entry);
    if ('error' in parsed) throw new Error(parsed.error);
    for (const block of parsed.blocks) {
      const [address, bits] = block.split('/') as [string, string];
      list.addSubnet(address, Number(bits), isIP(address) === 4 ? 'ipv4' : 'ipv6');
      any = true;
    }
  }
  return {
    trusts(address) {
      if (!any || !address) return false;
      const peer = normalize(address);
      return peer !== null && list.check(peer.address, peer.family);
    },
  };
}

/** Trusts no proxy: forwarded headers are ignored. */
export const NO_PROXY: ProxyTrust = proxyTrust([]);
