// A route's `config.rateLimit` is typed by the plugin's augmentation of FastifyContextConfig: seen wherever
// routes are declared, not only where the plugin is registered.
import type {} from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  type Endpoint,
  type EndpointSpec,
  type ErrorCode,
  ErrorResponse,
  errorCodesOf,
} from '@orbit/contract';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import { type TSchema, Type } from 'typebox';
import { type App, rateLimit } from './http';

declare module 'fastify' {
  interface FastifyInstance {
    /** RATE_LIMIT_FACTOR: what `route()` multiplies each declared limit by (buildApp decorates it). */
    rateLimitFactor?: number;
  }
  interface FastifyContextConfig {
    /** The codes the route's declaration lets it refuse with, checked in the test suite (error-check.ts). */
    errorCodes?: readonly ErrorCode[];
    /** An operators' probe (health, readiness, metrics): answered without looking up a session. */
    operational?: boolean;
  }
}

type SuccessStatus<E extends EndpointSpec> = E['statuses'] extends readonly (infer S extends
  | 200
  | 201
  | 503)[]
  ? S
  : E['status'] extends 201 | 202
    ? E['status']
    : 200;

/** The Fastify schema a declaration stands for: what types the handler's request and reply. */
type SchemaOf<E extends EndpointSpec> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['response'] extends TSchema
    ? { [S in SuccessStatus<E>]: E['response'] } & { '4xx': typeof ErrorResponse }
    : undefined;
};

export type EndpointHandler<E extends EndpointSpec> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  FastifyContextConfig,
  SchemaOf<E>,
  TypeBoxTypeProvider,
  FastifyBaseLogger
>;

/** What the module adds to its declaration when it mounts it: the framework's options. */
export interface MountOptions {
  config?: Omit<FastifyContextConfig, 'public' | 'errorCodes' | 'rateLimit'>;
  /** Replies the declaration has no schema for (a file's bytes, one byte range), for the OpenAPI document. */
  describe?: Record<number, string>;
  /** The operation's summary and description in the OpenAPI document, where its name says too little. */
  summary?: string;
  description?: string;
  /** The route's own log level: 'silent' for the probes, which would otherwise log every few seconds. */
  logLevel?: 'silent';
}

/** A refusal of this route: the shape of docs/product/README.md#errors, its `error` one of the codes the route may answer. */
function refusalSchema(codes: readonly ErrorCode[]) {
  const { error: _anyCode, ...rest } = ErrorResponse.properties;
  return Type.Object({ error: Type.Unsafe<ErrorCode>({ type: 'string', enum: [...codes] }), ...rest });
}

function responsesOf(endpoint: Endpoint, codes: readonly ErrorCode[], describe: MountOptions['describe']) {
  const responses: Record<string, unknown> = {};
  if (endpoint.response) {
    for (const status of endpoint.statuses ?? [endpoint.status ?? 200]) responses[status] = endpoint.response;
  }
  for (const [status, description] of Object.entries(describe ?? {})) responses[status] = { description };
  const refusal = refusalSchema(codes);
  // The server's own failures (500, and 503 while the media server is away) have the same shape.
  responses['4xx'] = refusal;
  responses['5xx'] = refusal;
  return responses;
}

/**
 * The declared limit as the rate-limit plugin reads it, and as the OpenAPI document shows it: scaled by the
 * app's RATE_LIMIT_FACTOR, counted per member or, on a public route, per client address (app.ts rateLimitKey).
 */
function rateLimitOf(app: App, endpoint: Endpoint) {
  if (!endpoint.rateLimit) return null;
  const { max, timeWindow } = rateLimit(
    app.rateLimitFactor ?? 1,
    endpoint.rateLimit.max,
    endpoint.rateLimit.window,
  );
  return {
    plugin: { max, timeWindow },
    openApi: { max, window: timeWindow, per: endpoint.public ? 'address' : 'member' },
  };
}

/**
 * Mounts one declared endpoint (docs/decisions/0035): method, path and schemas come from the contract, so
 * the handler's request and reply are typed by it, and the OpenAPI document lists the codes it may refuse
 * with (`x-error-codes`, and the enum of its refusals' `error`). Its declared rate limit and body limit are
 * applied here and shown there (`x-rate-limit`, `x-body-limit`; docs/decisions/0060).
 */
export function route<E extends Endpoint>(
  app: App,
  endpoint: E,
  options: MountOptions,
  handler: EndpointHandler<E>,
): void {
  const codes = errorCodesOf(endpoint);
  const limit = rateLimitOf(app, endpoint);
  const schema: Record<string, unknown> = {
    tags: [endpoint.tag],
    operationId: endpoint.name,
    response: responsesOf(endpoint, codes, options.describe),
    'x-error-codes': codes,
    ...(limit ? { 'x-rate-limit': limit.openApi } : {}),
    ...(endpoint.bodyLimit ? { 'x-body-limit': endpoint.bodyLimit } : {}),
    ...(options.summary ? { summary: options.summary } : {}),
    ...(options.description ? { description: options.description } : {}),
  };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.multipart) schema.consumes = ['multipart/form-data'];
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: {
      ...options.config,
      ...(endpoint.public ? { public: true } : {}),
      ...(limit ? { rateLimit: limit.plugin } : {}),
      errorCodes: codes,
    },
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    handler: handler as RouteHandlerMethod,
  });
}
