// `svc worker`: the reference worker (src/worker/), connected to a gateway by the worker
// protocol (docs/workers.md). Upstreams come from SVC_CONFIG `workers.reference`.
import { loadConfig } from '../config.js';
import { createLogger } from '../platform/logger.js';
import { buildId } from '../platform/config/build-info.js';
import { byName, CAPABILITIES, type WorkerCapability } from '../worker/registry.js';
import { startWorker } from '../worker/run.js';
import { options } from './args.js';
import { type CliCommand, UsageError } from './command.js';

export const workerCommand: CliCommand = {
  path: ['worker'],
  summary: 'Run the reference worker for the preview capabilities (svc.*)',
  usage: `Usage: svc worker --gateway URL [--token T] [--capabilities svc.embeddings,…]
                  [--name NAME] [--concurrency N]

Connects to the gateway's worker protocol and runs jobs of the given capabilities
(default: every capability its configuration names an upstream for).
  --token         the gateway's WORKER_TOKEN (default: WORKER_TOKEN from the environment)
  --capabilities  comma-separated (default: svc.ocr, svc.documents.fidelity and those with an upstream): ${CAPABILITIES.map((c) => c.name).join(', ')}
Upstreams: SVC_CONFIG, section workers.reference (docs/workers.md).
SIGTERM: stops leasing, lets running jobs finish (20 s), hands back the rest, exit 0.
Logs are JSON lines; one {"event":"worker_ready"} line once registered.`,
  async run(args) {
    const o = options(
      args,
      {
        gateway: { type: 'string' },
        token: { type: 'string' },
        capabilities: { type: 'string' },
        name: { type: 'string' },
        concurrency: { type: 'string' },
      },
      ['gateway'],
    );
    if (!/^https?:\/\//.test(o.gateway!)) throw new UsageError('--gateway must be an http(s) URL');
    const config = loadConfig();
    const token = o.token ?? config.workerToken;
    if (!token) throw new UsageError('--token (or WORKER_TOKEN) is required');
    const reference = config.file.workers?.reference ?? {};
    const concurrency = Number(o.concurrency ?? '1');
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
      throw new UsageError('--concurrency must be an integer from 1 to 64');
    let caps: WorkerCapability[];
    if (o.capabilities) {
      caps = o.capabilities.split(',').map((n) => {
        const cap = byName(n.trim());
        if (!cap) throw new UsageError(`unknown or unsupported capability "${n.trim()}"`);
        if (!cap.configured(reference))
          throw new UsageError(`${cap.name} needs its upstream in SVC_CONFIG workers.reference`);
        return cap;
      });
    } else caps = CAPABILITIES.filter((c) => c.configured(reference));
    if (caps.length === 0)
      throw new UsageError('no capability to offer: configure workers.reference or pass --capabilities');
    const log = createLogger(config.logLevel, 'worker');
    const worker = await startWorker({
      gateway: o.gateway!,
      token,
      name: o.name ?? 'svc-reference-worker',
      version: buildId(),
      capabilities: caps,
      config: reference,
      concurrency,
      log,
    });
    process.stdout.write(`${JSON.stringify({ event: 'worker_ready', worker_id: worker.workerId })}\n`);
    return new Promise<number>((resolve) => {
      const onSignal = () => {
        process.off('SIGTERM', onSignal);
        process.off('SIGINT', onSignal);
        worker.stop().then(() => resolve(0));
      };
      process.on('SIGTERM', onSignal);
      process.on('SIGINT', onSignal);
    });
  },
};
