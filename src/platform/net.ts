// CIDR allowlists (the gateway's network policy, the insights webhooks), the trusted
// proxies that decide request.ip, and the network a client address counts as. Node's
// BlockList does the matching.
import { BlockList, isIP, isIPv6 } from 'node:net';

/**
 * What one client is, for every count kept per client (connections per address, sign-in
 * failures, pending payments, pacing): an IPv4 address as it is, an IPv6 address as its /64
 * (`2001:db8:0:1::/64`). IPv6 clients usually hold a whole /64; counting single addresses
 * would let them rotate freely. An IPv4-mapped address counts as its IPv4 form.
 */
export function networkOf(address: string): string {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (!isIPv6(plain)) return plain;
  const [h = '', t] = plain.split('::');
  const head = h ? h.split(':') : [];
  const tail = t ? t.split(':') : [];
  const groups =
    t === undefined
      ? head
      : [...head, ...Array(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail];
  // Written the one way (lower case, no leading zeros), however the address was written.
  const prefix = groups.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

export function isCidr(value: string): boolean {
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** A matcher for a list of addresses and CIDR blocks (IPv4-mapped IPv6 addresses match their IPv4 form). */
export function cidrMatcher(cidrs: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address, bits] = cidr.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const type = isIP(plain) === 6 ? 'ipv6' : isIP(plain) === 4 ? 'ipv4' : undefined;
    return type !== undefined && list.check(plain, type);
  };
}

/**
 * Fastify's `trustProxy` for a TRUSTED_PROXIES list: false without one (request.ip is the
 * socket's peer); otherwise a hop is trusted when it is a listed proxy, and an X-Forwarded-For
 * entry that is not an address at all is passed over, so request.ip is the right-most
 * forwarded address that is not a trusted proxy.
 */
export function trustProxy(
  cidrs: readonly string[],
): false | ((address: string | undefined, hop: number) => boolean) {
  if (cidrs.length === 0) return false;
  const isTrusted = cidrMatcher(cidrs);
  // Hop 0 is the socket's peer (undefined once the socket is gone): it must be a listed proxy.
  return (address, hop) => address !== undefined && (isTrusted(address) || (hop > 0 && isIP(address) === 0));
}
