// Model ids with a meaning of their own, known to the gateway and to the services that call it.

/** The barrier's echo: answers in-process with what a model would have seen. Not a real model. */
export const ECO_ID = 'svc/eco';
/** The gateway's automatic choice among the configured models. */
export const AUTO_ID = 'svc/auto';
