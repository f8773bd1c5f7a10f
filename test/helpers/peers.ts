// Optional tests that drive a heavy outside tool (the MCP Inspector's CLI, the MCP
// conformance suite) find it among the benchmark peers (bench/package.json, installed apart
// by `npm run bench:install`). Locally a missing tool skips the test with that reason; in CI
// (`SVC_CI=1`, set by .ci/run after installing the peers) it fails instead, so a broken
// install cannot pass as a skip.
import { INSTALL_HINT, peerPath } from '../../bench/peers.js';

export interface Peer {
  /** The resolved file, when installed. */
  path: string | undefined;
  /** `describe`'s skip option: the reason, or false (run, and fail when the tool is missing). */
  skip: string | false;
}

export function optionalPeer(specifier: string): Peer {
  const path = peerPath(specifier);
  if (path || process.env.SVC_CI === '1') return { path, skip: false };
  const reason = `${specifier} is not installed: ${INSTALL_HINT}`;
  console.log(`# skipped: ${reason}`);
  return { path, skip: reason };
}

/** The path of a peer the test cannot run without (after the skip check). */
export function peerOrFail(peer: Peer, specifier: string): string {
  if (!peer.path) throw new Error(`${specifier} is not installed: ${INSTALL_HINT}`);
  return peer.path;
}
