// Where a tenant's platform URL may point. The service calls that URL with the tenant's
// platform token from inside our network, so a URL aimed at loopback, a private network or
// a link-local address (the cloud metadata service at 169.254.169.254) would turn the
// service into a proxy into places the tenant cannot reach. Such targets are refused unless
// the operator allowed them for the tenant (`--allow-private-platform`). The check runs
// when the tenant is created and again on every connection: the guarded lookup vets the
// address the socket then connects to, so a name that later resolves elsewhere is caught.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent } from 'undici';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True for an address on the public internet; false for private, loopback, link-local and the like. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address: judge that one.
  const embedded = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (embedded) return isPublicAddress(embedded);
  if (/^(?:::ffff:|64:ff9b::)[0-9a-f]{1,4}:[0-9a-f]{1,4}$/i.test(bare)) return false;
  const family = isIP(bare);
  if (family === 0) return false;
  return !blocked.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateTargetError extends Error {
  readonly code = 'platform_private_address';
  readonly permanent = true;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that fails when any address of the name is not public. */
function guardedLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...(options as LookupAllOptions), all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address)))
      return callback(new PrivateTargetError('platform address not public'), []);
    if ((options as { all?: boolean }).all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/**
 * Throws PrivateTargetError when the URL's host is, or now resolves to, a non-public
 * address. A name that does not resolve yet passes: every call checks again.
 */
export async function assertPublicUrl(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    if (!isPublicAddress(host)) throw new PrivateTargetError('platform address not public');
    return;
  }
  await new Promise<void>((resolve, reject) =>
    guardedLookup(host, {}, (err) => (err instanceof PrivateTargetError ? reject(err) : resolve())),
  );
}

/** The connection pool for calls to public platforms: every new connection goes through the guarded lookup. */
export const publicOnlyAgent = new Agent({ connect: { lookup: guardedLookup } });
