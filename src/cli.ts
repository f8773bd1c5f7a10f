#!/usr/bin/env node
// Entry point of the `svc` command. Known failures (bad configuration, unreachable
// database) print one clear line and exit non-zero; nothing prints a stack trace.
import './platform/jit-warm-up.js'; // first: see the module
import { main } from './cli/index.js';
import { ConfigError } from './platform/config/index.js';
import { describeError } from './platform/logger.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof ConfigError) {
      process.stderr.write(`svc: ${err.message}\n`);
    } else {
      const d = describeError(err);
      process.stderr.write(`svc: failed: ${[d.code, d.message].filter(Boolean).join(': ') || d.type}\n`);
    }
    process.exitCode = 1;
  },
);
