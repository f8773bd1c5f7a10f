// The barrier (cleanText, placeholder policy) over 1 MB of mixed Portuguese text as one
// string: two warm-up runs, then <runs> more. Run it under callgrind with two counts and
// subtract, for an instruction count per run that the machine's load does not move
// (docs/contributing/performance.md, "Privacy barrier"):
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//     node dist/bench/privacy-instructions.js <runs> [names]
// BENCH_BASELINE=<other checkout>/dist/bench runs that build's barrier instead.
import { createCleaner } from '../src/privacy/barrier.js';
import { mixedText } from './privacy-gen.js';

const runs = Number(process.argv[2] ?? 1);
const names = process.argv[3] === 'names';
const baselineDir = process.env.BENCH_BASELINE;
const create: typeof createCleaner = baselineDir
  ? (await import(`${baselineDir}/../src/privacy/barrier.js`)).createCleaner
  : createCleaner;
const text = mixedText(1, 1024 * 1024);
const run = () => create({ policy: 'placeholder', names }).cleanText(text);
for (let k = 0; k < 2 + runs; k++) run();
