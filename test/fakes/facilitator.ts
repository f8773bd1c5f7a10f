// A verifying x402 v1 facilitator on loopback (our own, as the issue allows): POST /verify
// and POST /settle check what a real one checks for the `exact` EVM scheme — the EIP-712
// signature of the EIP-3009 TransferWithAuthorization over the token's domain (viem
// verifyTypedData), the recipient against the requirements' payTo, the amount, the time
// window, and that the nonce was never settled. Settle answers a made-up transaction hash
// (there is no chain); it can be told to be slow or to fail, or to pause one payer's
// request — before it is processed or after, with the answer held — so that a test chooses
// the moment to kill the gateway (pause()).
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAddress, verifyTypedData } from 'viem';

const TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

// biome-ignore lint/suspicious/noExplicitAny: wire JSON read loosely, as a server would
type Wire = any;

/** A request held by pause(): `arrived` resolves when it is held; release() lets it go on. */
export interface Pause {
  arrived: Promise<void>;
  /** `drop`: answer nothing and do nothing, as if the request had been lost on the way. */
  release(how?: 'go' | 'drop'): void;
  /** Resolves once the answer was written (after release). */
  answered: Promise<void>;
}

interface Gate {
  path: string;
  when: 'before' | 'after';
  payer: string;
  arrive: () => void;
  released: Promise<'go' | 'drop'>;
  answer: () => void;
}

export class FakeFacilitator {
  server!: Server;
  url = '';
  readonly settledNonces = new Set<string>();
  readonly calls: { path: string; body: Wire }[] = [];
  /** Milliseconds to wait before answering (to make the gateway time out). */
  delayMs = 0;
  /** Answer /settle with this error instead of settling. */
  settleError: string | undefined;
  readonly #gates: Gate[] = [];

  /**
   * Holds the next `path` request of `payer`: `before` it is processed (nothing settled yet)
   * or `after` (settled, the answer held). The request goes on however its client fared.
   */
  pause(path: '/verify' | '/settle', when: 'before' | 'after', payer: string): Pause {
    let arrive!: () => void;
    let release!: (how: 'go' | 'drop') => void;
    let answer!: () => void;
    const arrived = new Promise<void>((r) => {
      arrive = r;
    });
    const released = new Promise<'go' | 'drop'>((r) => {
      release = r;
    });
    const answered = new Promise<void>((r) => {
      answer = r;
    });
    this.#gates.push({ path, when, payer: payer.toLowerCase(), arrive, released, answer });
    return { arrived, release: (how = 'go') => release(how), answered };
  }

  /** The gate for this request at this moment, taken off the list. */
  #gate(path: string, when: 'before' | 'after', body: Wire): Gate | undefined {
    const payer = String(body?.paymentPayload?.payload?.authorization?.from ?? '').toLowerCase();
    const i = this.#gates.findIndex((g) => g.path === path && g.when === when && g.payer === payer);
    return i < 0 ? undefined : this.#gates.splice(i, 1)[0];
  }

  constructor(readonly chainId: number) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => {
        raw += c;
      });
      req.on('end', async () => {
        let body: Wire = {};
        try {
          body = JSON.parse(raw);
        } catch {
          // Answered as invalid below.
        }
        this.calls.push({ path: req.url ?? '', body });
        if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
        const path = req.url ?? '';
        const before = this.#gate(path, 'before', body);
        if (before) {
          before.arrive();
          if ((await before.released) === 'drop') {
            res.destroy();
            before.answer();
            return;
          }
        }
        const answer = await this.answer(req.method ?? '', path, body);
        const after = this.#gate(path, 'after', body);
        if (after) {
          after.arrive();
          await after.released;
        }
        const gate = before ?? after;
        if (res.destroyed) {
          gate?.answer();
          return;
        }
        // Written, or its client is gone: either way the answer is out of our hands.
        res.on('close', () => gate?.answer());
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer), () => gate?.answer());
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(method: string, path: string, body: Wire): Promise<unknown> {
    if (method === 'GET' && path === '/supported') {
      return { kinds: [{ x402Version: 1, scheme: 'exact', network: 'base-sepolia' }] };
    }
    const invalid = await this.check(body);
    const payer = body?.paymentPayload?.payload?.authorization?.from;
    if (path === '/verify')
      return invalid ? { isValid: false, invalidReason: invalid, payer } : { isValid: true, payer };
    if (path === '/settle') {
      if (invalid)
        return {
          success: false,
          errorReason: invalid,
          payer,
          transaction: '',
          network: body?.paymentRequirements?.network,
        };
      if (this.settleError)
        return {
          success: false,
          errorReason: this.settleError,
          payer,
          transaction: '',
          network: body.paymentRequirements.network,
        };
      const nonce = String(body.paymentPayload.payload.authorization.nonce).toLowerCase();
      // Checked again at the moment of settling: two settles of one nonce, one transfer.
      if (this.settledNonces.has(nonce))
        return {
          success: false,
          errorReason: 'invalid_exact_evm_payload_authorization_nonce_used',
          payer,
          transaction: '',
          network: body.paymentRequirements.network,
        };
      this.settledNonces.add(nonce);
      return {
        success: true,
        payer,
        transaction: `0x${randomBytes(32).toString('hex')}`,
        network: body.paymentRequirements.network,
      };
    }
    return { error: 'not_found' };
  }

  /** The reason the payment is invalid, or undefined. */
  private async check(body: Wire): Promise<string | undefined> {
    const payment = body?.paymentPayload;
    const req = body?.paymentRequirements;
    if (body?.x402Version !== 1 || !payment || !req) return 'invalid_payload';
    if (payment.scheme !== 'exact' || req.scheme !== 'exact') return 'unsupported_scheme';
    if (payment.network !== req.network) return 'invalid_network';
    const a = payment.payload?.authorization;
    const signature = payment.payload?.signature;
    if (!a || typeof signature !== 'string') return 'invalid_payload';
    try {
      if (getAddress(a.to) !== getAddress(req.payTo)) return 'invalid_exact_evm_payload_recipient_mismatch';
      if (BigInt(a.value) < BigInt(req.maxAmountRequired))
        return 'invalid_exact_evm_payload_authorization_value';
      const now = BigInt(Math.floor(Date.now() / 1000));
      if (BigInt(a.validBefore) < now + 6n) return 'invalid_exact_evm_payload_authorization_valid_before';
      if (BigInt(a.validAfter) > now) return 'invalid_exact_evm_payload_authorization_valid_after';
      if (this.settledNonces.has(String(a.nonce).toLowerCase()))
        return 'invalid_exact_evm_payload_authorization_nonce_used';
      const ok = await verifyTypedData({
        address: getAddress(a.from),
        domain: {
          name: req.extra?.name,
          version: req.extra?.version,
          chainId: this.chainId,
          verifyingContract: getAddress(req.asset),
        },
        types: TYPES,
        primaryType: 'TransferWithAuthorization',
        message: {
          from: getAddress(a.from),
          to: getAddress(a.to),
          value: BigInt(a.value),
          validAfter: BigInt(a.validAfter),
          validBefore: BigInt(a.validBefore),
          nonce: a.nonce,
        },
        signature: signature as `0x${string}`,
      });
      return ok ? undefined : 'invalid_exact_evm_payload_signature';
    } catch {
      return 'invalid_exact_evm_payload_signature';
    }
  }
}
