// Person-name detector speed on one core: model load time, throughput (MB/s of UTF-8
// input) on mixed Portuguese text, and latency percentiles for 4 KB messages.
//   npm run build && node dist/bench/names-speed.js
import { readFileSync, statSync } from 'node:fs';
import { createNameDetector, deserializeModel, MODEL_FILE } from '../src/privacy/names/index.js';
import { lenerSplit } from '../tools/names/data.js';
import { chatCase } from '../tools/names/template.js';
import { chatEvalDocs } from './names-chat-set.js';

const modelUrl = new URL(`../../models/${MODEL_FILE}`, import.meta.url);

/** Mixed text: legal prose, the same lower-cased, chat messages; one paragraph per line. */
function corpus(): string[] {
  const legal = lenerSplit('dev').map((d) => d.text);
  const chat = chatEvalDocs().map((d) => d.text);
  const out: string[] = [];
  for (let i = 0; i < legal.length; i++) {
    out.push(legal[i]!);
    if (i % 3 === 0) out.push(chatCase(legal[i]!));
    out.push(chat[i % chat.length]!, chat[(i * 7) % chat.length]!);
  }
  return out;
}

function main(): void {
  const t0 = performance.now();
  const model = deserializeModel(readFileSync(modelUrl));
  const loadMs = performance.now() - t0;
  const detector = createNameDetector(model);
  console.log(
    `model: ${(statSync(modelUrl).size / 1024).toFixed(0)} KiB on disk, loaded in ${loadMs.toFixed(1)} ms`,
  );

  const lines = corpus();
  const text = lines.join('\n');
  const bytes = Buffer.byteLength(text);
  for (let i = 0; i < 3; i++) detector.detect(text); // warm up the JIT
  const rounds = 10;
  let found = 0;
  const t1 = performance.now();
  for (let i = 0; i < rounds; i++) found = detector.detect(text).length;
  const secs = (performance.now() - t1) / 1000;
  console.log(
    `throughput: ${((bytes * rounds) / secs / 1e6).toFixed(1)} MB/s on ${(bytes / 1e6).toFixed(2)} MB of mixed text (${found} names per pass)`,
  );

  // 4 KB messages cut from the same text.
  const messages: string[] = [];
  for (let at = 0; at + 4096 <= text.length && messages.length < 2000; at += 4096) {
    messages.push(text.slice(at, at + 4096));
  }
  for (const m of messages) detector.detect(m);
  const times: number[] = [];
  for (let r = 0; r < 5; r++) {
    for (const m of messages) {
      const s = performance.now();
      detector.detect(m);
      times.push(performance.now() - s);
    }
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(3);
  console.log(
    `4 KB message latency (${times.length} runs): p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${pct(1)} ms`,
  );
}

main();
