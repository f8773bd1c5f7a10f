// Client addresses and CIDR allowlists, shared by the gateway's network policy and the
// insights webhooks. Node's BlockList does the matching.
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
 * The client's address: the socket's peer, unless that peer is a trusted proxy — then the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  isTrustedProxy: (address: string) => boolean,
): string {
  let address = socketAddress ?? '';
  if (!isTrustedProxy(address) || forwardedFor === undefined) return address;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((h) => h.trim())
    .filter((h) => isIP(h) !== 0);
  for (let i = hops.length - 1; i >= 0; i--) {
    address = hops[i]!;
    if (!isTrustedProxy(address)) break;
  }
  return address;
}
