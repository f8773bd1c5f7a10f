// Optional tests that drive a heavy outside tool (the MCP Inspector's CLI, the MCP
// conformance suite) find it among the benchmark peers (bench/package.json, installed apart
// by `npm run bench:install`). Locally a missing tool skips the test with that reason; in
// strict mode (SVC_TEST_STRICT=1, set by .ci/run after installing the peers) it fails
// instead, so a broken install cannot pass as a skip (requirements.ts).
import { INSTALL_HINT, peerPath } from '../../bench/peers.js';
import { requires } from './requirements.js';

export interface Peer {
  /** The resolved file, when installed. */
  path: string | undefined;
  /** `describe`'s skip option: the reason, or false (installed). */
  skip: string | false;
}

export function optionalPeer(specifier: string): Peer {
  const path = peerPath(specifier);
  return { path, skip: requires(path ? undefined : `${specifier} is not installed: ${INSTALL_HINT}`) };
}

/** The path of a peer the test cannot run without (after the skip check). */
export function peerOrFail(peer: Peer, specifier: string): string {
  if (!peer.path) throw new Error(`${specifier} is not installed: ${INSTALL_HINT}`);
  return peer.path;
}
