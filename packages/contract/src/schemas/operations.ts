import { Type } from 'typebox';

/* What a load balancer, an orchestrator and Prometheus read of one instance (issue 27, decision 0055). */

export const HealthResponse = Type.Object({ status: Type.Literal('ok') });

/** Each dependency in one word: nothing else (no versions, no addresses, no error text). */
export const ReadyChecks = Type.Object({
  database: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  redis: Type.Union([Type.Literal('ok'), Type.Literal('absent'), Type.Literal('down')]),
  janus: Type.Union([Type.Literal('ok'), Type.Literal('absent'), Type.Literal('down')]),
  storage: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  /** Present only while the instance drains (SIGTERM or SIGINT): it takes no new work. */
  instance: Type.Optional(Type.Literal('draining')),
});

/** 200 with "ready", or 503 with "not_ready" and the failing check named in `checks`. */
export const ReadyResponse = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
  checks: ReadyChecks,
});
