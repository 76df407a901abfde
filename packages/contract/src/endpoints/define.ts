import type { Static, TSchema } from 'typebox';
import { LIMITS } from '../constants';
import type { ErrorCode } from '../errors';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A route as the server mounts it under /api: method and Fastify-style path, `'GET /community/feed/:id'`. */
export type Route = `${Method} /${string}`;

/**
 * How many requests a route takes in a window before it refuses with 429 `rate_limited`: per member, or per
 * client address on a public route (docs/decisions/0060). The server multiplies `max` by RATE_LIMIT_FACTOR.
 */
export interface RateLimit {
  max: number;
  window: '1 minute' | '15 minutes' | '1 hour';
}

export const perMinute = (max: number): RateLimit => ({ max, window: '1 minute' });
export const perHour = (max: number): RateLimit => ({ max, window: '1 hour' });

/** base64 of `bytes` bytes: 4 characters for every 3 bytes, padded. */
const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/**
 * Request body limits in bytes. A JSON body takes at most 1 MB; a "JSON image" (a base64 data URL of an
 * upload, docs/product/account-and-safety.md#persona) takes an upload's 25 MB once encoded, with room for its data-URL header and the JSON
 * around it; an account's import takes an upload's 25 MB. Multipart files are capped per file by the
 * multipart parser instead (LIMITS.uploadBytes).
 */
export const BODY_LIMITS = {
  json: 1024 * 1024,
  dataImage: base64Length(LIMITS.uploadBytes) + 4096,
  upload: LIMITS.uploadBytes,
} as const;

/** What one route takes and answers, beside its method and path (docs/decisions/0035). */
export interface EndpointSpec {
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** The success body's schema; none for a reply of bytes (an image, a file). */
  response?: TSchema;
  /** The success status when it is not 200: 201 for a create, 202 for work accepted to be done after the reply. */
  status?: 201 | 202;
  /**
   * The success statuses of a route that answers either, with the same body: an idempotent create answers
   * 201 when it creates and 200 when it finds the same thing already there; readiness answers 503 with its
   * body when the instance is not ready. Takes the place of `status`.
   */
  statuses?: readonly (200 | 201 | 503)[];
  /** The codes this route refuses with, beside COMMON_ERRORS that any route can answer. */
  errors: readonly ErrorCode[];
  /** It answers without a session (sign-in, registration, locale). */
  public?: true;
  /** It reads a multipart form. */
  multipart?: true;
  /** Its rate limit; a route without one is limited only by the server's capacity. */
  rateLimit?: RateLimit;
  /** A body larger than BODY_LIMITS.json: a JSON image or an import. */
  bodyLimit?: number;
}

export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  name: string;
  method: Method;
  path: string;
  /** The OpenAPI tag: the module that declares it. */
  tag: string;
};

/**
 * The refusals any route can answer, listed once rather than per route: invalid input (the schema, the
 * input guard, a body that is not JSON or too large), no session, a request from another origin, the rate
 * limit, the database out of reach and a failure of the server (docs/product/README.md#errors; the framework's codes, platform/errors.ts).
 */
export const COMMON_ERRORS = [
  'validation',
  'bad_request',
  'unauthorized',
  'bad_origin',
  'too_large',
  'unsupported_type',
  'rate_limited',
  'internal',
  'unavailable',
] as const satisfies readonly ErrorCode[];

/** A multipart form that cannot be read, on top of the common refusals. */
export const MULTIPART_ERRORS = ['malformed_form'] as const satisfies readonly ErrorCode[];

/** Every code a route can answer: the common ones and its own. */
export function errorCodesOf(endpoint: Endpoint): ErrorCode[] {
  return [
    ...new Set([...COMMON_ERRORS, ...(endpoint.multipart ? MULTIPART_ERRORS : []), ...endpoint.errors]),
  ];
}

/**
 * One module's endpoints: its routes (method and path, a plain map the web reads at run time without
 * bundling a schema) and, under the same names, what each takes and answers. A name in one map and not
 * the other does not compile.
 */
export function endpoints<R extends Record<string, Route>, S extends { [K in keyof R]: EndpointSpec }>(
  tag: string,
  routes: R,
  specs: S & Record<Exclude<keyof S, keyof R>, never>,
): { [K in keyof R & string]: Endpoint<S[K]> } {
  const declared: Record<string, Endpoint> = {};
  for (const [name, route] of Object.entries(routes)) {
    const space = route.indexOf(' ');
    declared[name] = {
      ...specs[name],
      name,
      tag,
      method: route.slice(0, space) as Method,
      path: route.slice(space + 1),
    };
  }
  return declared as { [K in keyof R & string]: Endpoint<S[K]> };
}

type StaticOf<S> = S extends TSchema ? Static<S> : never;

/** A field the caller may leave out when every property of its schema is optional. */
type Field<Key extends string, S> = S extends TSchema
  ? object extends Static<S>
    ? { [K in Key]?: Static<S> }
    : { [K in Key]: Static<S> }
  : { [K in Key]?: never };

/** What a call of an endpoint passes: its path params, query and body (or form, for multipart). */
export type EndpointArgs<E extends EndpointSpec> = Field<'params', E['params']> &
  Field<'query', E['query']> &
  (E['multipart'] extends true ? { form: FormData; body?: never } : Field<'body', E['body']>);

/** What a call of an endpoint answers: its success body. */
export type EndpointReply<E extends EndpointSpec> = E['response'] extends TSchema
  ? StaticOf<E['response']>
  : unknown;
