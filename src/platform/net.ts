// CIDR allowlists (the gateway's network policy, the insights webhooks) and the trusted
// proxies that decide request.ip. Node's BlockList does the matching.
import { BlockList, isIP } from 'node:net';

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
