import type { ApiErrorBody } from '@orbit/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The one typed error every refusal is thrown as; rendered by one handler into API.md's shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Partial<ApiErrorBody> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, extra?: Partial<ApiErrorBody>) =>
  new AppError(400, code, message, extra);
export const unauthorized = (message = 'Sign in to continue', code = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You are not allowed to do this', code = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'not_found') => new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);

/**
 * What the router refuses before any route runs (a path that is not valid percent-encoding, `/%E0%A4%A`),
 * in the same shape as every other refusal.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  reply.status(400).send({ error: 'validation', message: err.message || 'The request URL is not valid' });
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.code, message: err.message, ...err.extra });
    }
    if (err.validation) {
      return reply.status(400).send({ error: 'validation', message: err.message, details: err.validation });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: 'rate_limited', message: 'Too many requests, try again later' });
    }
    if (status === 413)
      return reply.status(413).send({ error: 'too_large', message: 'The upload is too large' });
    if (status === 415) {
      return reply
        .status(415)
        .send({ error: 'unsupported_type', message: 'This content type is not allowed' });
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: err.code?.toLowerCase() ?? 'bad_request', message: err.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'internal', message: 'Something went wrong' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}

/** A unique constraint refused the write (PostgreSQL 23505), whether the driver wrapped the error or not. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: string } | null)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}
