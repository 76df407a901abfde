import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LIMITS } from '@orbit/contract';
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

/** base64 of `bytes` bytes: 4 characters for every 3 bytes, padded. */
const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/**
 * Request body limits in bytes. A JSON body takes at most 1 MB; a "JSON image" (a base64 data URL of an
 * upload, 000 §7) takes an upload's 25 MB once encoded, with room for its data-URL header and the JSON
 * around it. Multipart files are capped per file by the multipart parser instead (LIMITS.uploadBytes).
 */
export const BODY_LIMITS = {
  json: 1024 * 1024,
  dataImage: base64Length(LIMITS.uploadBytes) + 4096,
} as const;

/** A route's rate limit, scaled by RATE_LIMIT_FACTOR so an operator can raise every limit at once. */
export function rateLimit(factor: number, max: number, timeWindow: string | number = '1 minute') {
  return { max: Math.max(1, Math.round(max * factor)), timeWindow };
}
