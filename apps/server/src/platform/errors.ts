import { type ApiErrorBody, ErrorCode } from '@orbit/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The one typed error every refusal is thrown as; rendered by one handler into one shape (docs/product/README.md#errors). Its code is
 * one of the contract's error catalogue (docs/decisions/0034).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Omit<Partial<ApiErrorBody>, 'error' | 'message'> = {},
  ) {
    super(message);
  }
}

type Extra = AppError['extra'];

export const badRequest = (code: ErrorCode, message: string, extra?: Extra) =>
  new AppError(400, code, message, extra);
export const unauthorized = (message = 'Sign in to continue', code: ErrorCode = ErrorCode.unauthorized) =>
  new AppError(401, code, message);
export const forbidden = (
  message = 'You are not allowed to do this',
  code: ErrorCode = ErrorCode.forbidden,
) => new AppError(403, code, message);
export const notFound = (message = 'Not found', code: ErrorCode = ErrorCode.not_found) =>
  new AppError(404, code, message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
/** The instance drains (SIGTERM, decision 0055): the client goes on at another instance. */
export const draining = () =>
  new AppError(503, ErrorCode.draining, 'This server is restarting: try again (another one takes over)');

/** One refusal on the wire (docs/product/README.md#errors): a catalogue code and a human message. */
function refuse(reply: FastifyReply, status: number, body: ApiErrorBody) {
  return reply.status(status).send(body);
}

/**
 * The catalogue's code of a refusal the framework or a plugin made before or around a route (a body that
 * is not JSON, a form that is not multipart): invalid input is `validation`, as every 400 of invalid input is.
 */
function frameworkCode(status: number): ErrorCode {
  if (status === 400) return ErrorCode.validation;
  if (status === 401) return ErrorCode.unauthorized;
  if (status === 403) return ErrorCode.forbidden;
  if (status === 404) return ErrorCode.not_found;
  if (status === 406 || status === 415) return ErrorCode.unsupported_type;
  if (status === 413) return ErrorCode.too_large;
  if (status === 429) return ErrorCode.rate_limited;
  return ErrorCode.bad_request;
}

/**
 * What the router refuses before any route runs (a path that is not valid percent-encoding, `/%E0%A4%A`),
 * in the same shape as every other refusal.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  refuse(reply, 400, { error: ErrorCode.validation, message: err.message || 'The request URL is not valid' });
}

/** The framework's own message for a status whose wording is fixed (docs/product/README.md#errors). */
const FRAMEWORK_MESSAGES: Partial<Record<number, string>> = {
  413: 'The upload is too large',
  415: 'This content type is not allowed',
  429: 'Too many requests, try again later',
};

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return refuse(reply, err.status, { error: err.code, message: err.message, ...err.extra });
    }
    if (err.validation) {
      return refuse(reply, 400, {
        error: ErrorCode.validation,
        message: err.message,
        details: err.validation,
      });
    }
    // A write naming a row deleted meanwhile (a post, a member erased, decision 0048): the caller's own
    // account, whose session went with it, signs in again; anything else no longer exists.
    const gone = vanishedReference(err);
    if (gone) {
      return gone.table === 'users' && gone.id === request.auth?.userId
        ? refuse(reply, 401, { error: ErrorCode.unauthorized, message: 'This account no longer exists' })
        : refuse(reply, 404, { error: ErrorCode.not_found, message: 'It no longer exists' });
    }
    if (databaseOutOfReach(err)) {
      request.log.warn({ err }, 'database out of reach');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return refuse(reply, 503, {
        error: ErrorCode.unavailable,
        message: 'Orbit cannot reach its data; try again shortly',
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return refuse(reply, status, {
        error: frameworkCode(status),
        message: FRAMEWORK_MESSAGES[status] ?? err.message,
      });
    }
    request.log.error({ err }, 'unhandled error');
    return refuse(reply, 500, { error: ErrorCode.internal, message: 'Something went wrong' });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    refuse(reply, 404, { error: ErrorCode.not_found, message: `No route ${request.method} ${path}` });
  });
}

/** How long a client waits before trying again when the database is out of reach. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Socket errors of a connection to the database server that was refused, cut or timed out. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * Whether the database could not be reached, whatever wrapped the driver's error (drizzle's query error keeps
 * it as the cause): a refused or cut connection, or PostgreSQL's connection exceptions (SQLSTATE class 08),
 * its shutdown and start-up refusals (57P01-57P03) and too many connections (53300).
 */
export function databaseOutOfReach(err: unknown): boolean {
  for (let at = err as { code?: unknown; message?: unknown; cause?: unknown } | null; at; ) {
    const code = typeof at.code === 'string' ? at.code : '';
    if (
      CONNECTION_ERRNOS.has(code) ||
      code.startsWith('08') ||
      /^57P0[123]$/.test(code) ||
      code === '53300'
    ) {
      return true;
    }
    if (typeof at.message === 'string' && /^Connection terminated/.test(at.message)) return true;
    at = at.cause as typeof at;
  }
  return false;
}

/** A unique constraint refused the write (PostgreSQL 23505), whether the driver wrapped the error or not. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: string } | null)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}

/**
 * The row a write referred to when a foreign key refused it because the row is gone (PostgreSQL 23503: "Key
 * (author_id)=(12) is not present in table \"users\""), whether the driver wrapped the error or not; else null.
 */
export function vanishedReference(err: unknown): { table: string; id: number } | null {
  for (let current = err, depth = 0; current && depth < 3; depth += 1) {
    const { code, detail } = current as { code?: unknown; detail?: unknown };
    if (code === '23503' && typeof detail === 'string') {
      const match = /^Key \([a-z_]+\)=\((\d+)\) is not present in table "([a-z_]+)"/.exec(detail);
      return match ? { table: match[2] as string, id: Number(match[1]) } : null;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
