import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/** The Fastify instance every module registers on: TypeBox schemas type each handler. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Request body limits: declared in the contract beside the routes that take more than JSON's 1 MB. */
export { BODY_LIMITS } from '@orbit/contract';

/** A route's rate limit, scaled by RATE_LIMIT_FACTOR so an operator can raise every limit at once. */
export function rateLimit(factor: number, max: number, timeWindow: string | number = '1 minute') {
  return { max: Math.max(1, Math.round(max * factor)), timeWindow };
}
