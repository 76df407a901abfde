import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** PostgreSQL's `integer`, the type of every id and count column a request number can reach. */
const PG_INTEGER = { min: -2147483648, max: 2147483647 };

/**
 * What no request value may be, whatever its route's schema says: a string holding NUL (PostgreSQL text
 * cannot store it, so the query would fail) or a number that is not finite or lies outside PostgreSQL's
 * integer range (no request field needs more: ids, counts, sizes, durations in ms are all smaller). Ajv's
 * type coercion turns the strings "Infinity" and "1e309" into Infinity and then skips `minimum`/`maximum`
 * for it, so a bounded id schema alone lets them through: this check runs after validation and sees the
 * coerced values.
 */
function refusal(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? `${path} contains a NUL character` : null;
  if (typeof value === 'number') {
    const fits = Number.isFinite(value) && value >= PG_INTEGER.min && value <= PG_INTEGER.max;
    return fits ? null : `${path} must be a number from ${PG_INTEGER.min} to ${PG_INTEGER.max}`;
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path} has a key with a NUL character`;
    const found = refusal(item, `${path}/${key}`);
    if (found) return found;
  }
  return null;
}

/** Throws a 400 `validation` when a parsed request value is one that no route accepts (see `refusal`). */
export function assertAcceptableInput(value: unknown, part: string): void {
  const found = refusal(value, part);
  if (found) throw badRequest('validation', found);
}

/** One rule for every route: params, query and body are checked once the schema has coerced them. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    assertAcceptableInput(request.params, 'params');
    assertAcceptableInput(request.query, 'querystring');
    assertAcceptableInput(request.body, 'body');
  });
}
