// Request bodies that arrive too slowly (docs/security.md, "Slow request bodies"). A
// connection that has sent its headers serves a request, and a request may legitimately stay
// quiet for minutes once its body is in (a model thinking); but a body trickled one byte every
// two seconds holds a connection for Node's whole request timeout while doing nothing.
// Each request whose body has not fully arrived is measured from its headers:
// - a body has BODY_TIMEOUT_SECONDS at any pace; past it, one that has averaged less than
//   BODY_MIN_BYTES_PER_SECOND since its headers gets 408 and its connection is closed
//   (checked every second);
// - one below that average after its first second is *slow*: at the service's connection
//   cap, the oldest slow body makes room for a newcomer like an idle connection does
//   (connections.ts).
// A body the service itself is not reading yet (its buffer is full: the route has not asked
// for it) is not the client's doing; its clock starts again when the service reads.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How often the bodies in progress are measured. */
const CHECK_EVERY_MS = 1_000;
/** Below the rate this long after its headers, a body counts as slow. */
const SLOW_AFTER_MS = 1_000;
/** Bodies in progress looked at, oldest first, for a slow one to make room: a bound on the work per connection at the cap. */
const LOOK_AT_MOST = 64;

const REQUEST_TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

export interface BodyLimits {
  bodyTimeoutMs: number;
  bodyMinRate: number;
}

export interface BodyWatch {
  /** Measures this request's body until it has arrived. */
  track(request: IncomingMessage, response: ServerResponse): void;
  /** The oldest connection whose body is slow now, if any among the oldest bodies in progress. */
  slowest(): Socket | undefined;
  /** Answers 408 (unless an answer has started) and closes the connection, counted with `reason`. */
  cut(socket: Socket, reason: string): void;
  stop(): void;
}

interface Body {
  request: IncomingMessage;
  response: ServerResponse;
  since: number;
  /** socket.bytesRead when the clock started. */
  bytes: number;
}

export function watchBodies(limits: BodyLimits, close: (socket: Socket, reason: string) => void): BodyWatch {
  /** Bodies in progress, by connection, oldest request first. */
  const bodies = new Map<Socket, Body>();
  const arrived = (socket: Socket, body: Body) => body.request.complete || socket.destroyed;
  /** Its rate since the clock started, or undefined while the service itself is not reading it. */
  const rateOf = (socket: Socket, body: Body, now: number): number | undefined => {
    const { request } = body;
    if (request.readableLength >= request.readableHighWaterMark) {
      // Waiting for the service to read, not for the client to send: the clock starts again.
      Object.assign(body, { since: now, bytes: socket.bytesRead });
      return undefined;
    }
    return ((socket.bytesRead - body.bytes) * 1000) / Math.max(1, now - body.since);
  };

  const cut = (socket: Socket, reason: string) => {
    const body = bodies.get(socket);
    bodies.delete(socket);
    if (body && !body.response.headersSent && socket.writable) socket.write(REQUEST_TIMEOUT);
    close(socket, reason);
  };

  const check = () => {
    const now = performance.now();
    for (const [socket, body] of bodies) {
      if (arrived(socket, body)) {
        bodies.delete(socket);
        continue;
      }
      const rate = rateOf(socket, body, now);
      if (rate !== undefined && rate < limits.bodyMinRate && now - body.since > limits.bodyTimeoutMs)
        cut(socket, 'slow_body');
    }
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();

  return {
    track(request, response) {
      const socket = request.socket;
      bodies.delete(socket); // the socket's new request goes to the end of the line
      bodies.set(socket, { request, response, since: performance.now(), bytes: socket.bytesRead });
    },
    slowest() {
      const now = performance.now();
      let looked = 0;
      for (const [socket, body] of bodies) {
        if (arrived(socket, body)) {
          bodies.delete(socket);
          continue;
        }
        if (now - body.since < SLOW_AFTER_MS || ++looked > LOOK_AT_MOST) return undefined;
        const rate = rateOf(socket, body, now);
        if (rate !== undefined && rate < limits.bodyMinRate) return socket;
      }
      return undefined;
    },
    cut,
    stop: () => clearInterval(timer),
  };
}
