// Where the gateway allocates, from the sampling heap profiles the CPU-per-request bench
// writes with BENCH_HEAP_PROF=<dir> (fixtures/cpu-gateway.ts). Each allocation sample is
// charged to the nearest frame of the build's own code (`dist/src/...`, function and file,
// line numbers left out so two builds compare), or to the innermost frame when no frame of
// ours is on the stack (start-up, timers, the HTTP parser). Prints KB per request by site
// for each build found in the folder, and, for two builds, the difference. HEAP_SITES_DETAIL=1
// splits each site by the innermost frame below it.
// Usage: BENCH_HEAP_PROF=/tmp/heap BENCH_KINDS="chat JSON free" BENCH_ROUNDS=1 \
//   BENCH_BASELINE=… node dist/bench/cpu-per-request.js 2000
//   node dist/bench/heap-sites.js /tmp/heap 2000 [rows]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: ProfileNode[];
}

const [dir, perSlice, rowsArg] = process.argv.slice(2);
if (!dir || !perSlice) throw new Error('usage: heap-sites.js <dir> <requests-per-slice> [rows]');
const requestsPerSlice = Number(perSlice);
const rows = Number(rowsArg ?? 25);
/** HEAP_SITES_DETAIL=1: also name the innermost frame under our nearest one (a library's, V8's). */
const detail = process.env.HEAP_SITES_DETAIL === '1';

function siteOf(frame: ProfileNode['callFrame']): string | undefined {
  const at = frame.url.indexOf('/dist/src/');
  if (at < 0) return undefined;
  return `${frame.functionName || '(anonymous)'} ${frame.url.slice(at + '/dist/src/'.length)}`;
}

function addSites(node: ProfileNode, ours: string | undefined, into: Map<string, number>): void {
  const here = siteOf(node.callFrame) ?? ours;
  if (node.selfSize > 0) {
    const inner = `[${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}]`;
    const key = here === undefined ? inner : detail && !siteOf(node.callFrame) ? `${here} ${inner}` : here;
    into.set(key, (into.get(key) ?? 0) + node.selfSize);
  }
  for (const child of node.children) addSites(child, here, into);
}

/** Bytes per site, per request, averaged over a build's slices. */
const builds = new Map<string, { sites: Map<string, number>; slices: number }>();
for (const file of readdirSync(dir).filter((f) => f.endsWith('.heapprofile'))) {
  const build = file.replace(/-\d+-\d+\.heapprofile$/, '');
  const entry = builds.get(build) ?? { sites: new Map(), slices: 0 };
  const { head } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { head: ProfileNode };
  addSites(head, undefined, entry.sites);
  entry.slices++;
  builds.set(build, entry);
}

const kb = (bytes: number, slices: number) => bytes / slices / requestsPerSlice / 1024;
const total = (sites: Map<string, number>) => [...sites.values()].reduce((a, b) => a + b, 0);

for (const [build, { sites, slices }] of builds) {
  console.log(`\n${build}: ${kb(total(sites), slices).toFixed(1)} KB per request (${slices} slices)`);
  for (const [site, bytes] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`  ${kb(bytes, slices).toFixed(2).padStart(7)}  ${site}`);
}

const [a, b] = [...builds];
if (a && b) {
  console.log(`\n${a[0]} − ${b[0]}, KB per request:`);
  const keys = new Set([...a[1].sites.keys(), ...b[1].sites.keys()]);
  const diff = [...keys].map((k): [string, number] => [
    k,
    kb(a[1].sites.get(k) ?? 0, a[1].slices) - kb(b[1].sites.get(k) ?? 0, b[1].slices),
  ]);
  for (const [site, d] of diff.sort((x, y) => Math.abs(y[1]) - Math.abs(x[1])).slice(0, rows))
    console.log(`  ${d >= 0 ? '+' : ''}${d.toFixed(2).padStart(7)}  ${site}`);
}
