// The browser origins the gateway accepts (the Origin checks of session writes and of the
// page's telemetry) and the one it announces. With PUBLIC_ORIGIN set, exactly that origin.
// Unset, the gateway's own port on `localhost` and on `127.0.0.1`: a newcomer opens either
// (the server prints the first), and both are this machine.
import type { EnvSettings } from './config/env.js';

export interface Origins {
  /** PUBLIC_ORIGIN, or `http://localhost:<the port the gateway listens on>`. */
  readonly primary: string;
  accepts(origin: string | undefined): boolean;
}

type OriginSettings = Pick<EnvSettings, 'publicOrigin' | 'publicOriginSet' | 'ports'>;

/** `listening()` is the gateway's listen URL once it has one (port 0 is known only then). */
export function gatewayOrigins(config: OriginSettings, listening: () => string | undefined): Origins {
  if (config.publicOriginSet) {
    return { primary: config.publicOrigin, accepts: (origin) => origin === config.publicOrigin };
  }
  const port = () => config.ports.gateway || Number(new URL(listening() ?? config.publicOrigin).port);
  const local = () => [`http://localhost:${port()}`, `http://127.0.0.1:${port()}`];
  return {
    get primary() {
      return local()[0]!;
    },
    accepts: (origin) => origin !== undefined && local().includes(origin),
  };
}
