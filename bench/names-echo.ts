// Cost of reading a conversation ahead for names (Cleaner.rememberNames), which the model
// routes do for every request with more than one text: conversations of six generated
// chat messages, cleaned by one request cleaner with and without reading ahead, passes
// alternated in one process, best pass of each. Prints the figures; fails nothing.
//   npm run build && NAMES_DATA_DIR=<data> node dist/bench/names-echo.js [passes]
import { performance } from 'node:perf_hooks';
import { createCleaner } from '../src/privacy/index.js';
import { chatEvalDocs } from './names-chat-set.js';

const PASSES = Number(process.argv[2] ?? 6);
const PER_CONVERSATION = 6;

const docs = chatEvalDocs();
const conversations: string[][] = [];
for (let i = 0; i + PER_CONVERSATION <= docs.length; i += PER_CONVERSATION) {
  conversations.push(docs.slice(i, i + PER_CONVERSATION).map((d) => d.text));
}

function pass(readAhead: boolean): number {
  const t0 = performance.now();
  for (const messages of conversations) {
    const cleaner = createCleaner({ policy: 'placeholder' });
    if (readAhead) cleaner.rememberNames(messages);
    for (const m of messages) cleaner.cleanText(m);
  }
  return (performance.now() - t0) / conversations.length;
}

const best = { plain: Infinity, ahead: Infinity };
pass(false); // warm-up: model load and JIT
for (let p = 0; p < PASSES; p++) {
  best.plain = Math.min(best.plain, pass(false));
  best.ahead = Math.min(best.ahead, pass(true));
}
const bytes = conversations.reduce((n, c) => n + c.join('').length, 0) / conversations.length;
console.log(
  `${conversations.length} conversations of ${PER_CONVERSATION} chat messages, ~${Math.round(bytes)} characters each`,
);
console.log(`| cleaning | ms per conversation | ratio |`);
console.log(`|---|---|---|`);
console.log(`| one request cleaner | ${best.plain.toFixed(4)} | 1.00× |`);
console.log(
  `| + reading ahead for names | ${best.ahead.toFixed(4)} | ${(best.ahead / best.plain).toFixed(2)}× |`,
);
