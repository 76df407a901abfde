import type { FastifyReply, FastifyRequest } from 'fastify';

function errorCodeOf(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const body = JSON.parse(payload) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}

/**
 * The test suite's check of every refusal against its route's declaration (docs/decisions/0035): a declared
 * route that answers a code it does not list is kept, for the test file to fail on, so the lists in the
 * contract cannot rot. Only a test app builds one; routes not declared yet are not checked.
 */
export class ErrorCodeCheck {
  private readonly found = new Set<string>();

  readonly check = (request: FastifyRequest, reply: FastifyReply, payload: unknown): void => {
    const declared = request.routeOptions.config?.errorCodes;
    if (!declared || reply.statusCode < 400) return;
    const code = errorCodeOf(payload);
    if (code !== null && !declared.includes(code as (typeof declared)[number])) {
      this.found.add(`${request.method} ${request.routeOptions.url}: ${reply.statusCode} ${code}`);
    }
  };

  violations(): string[] {
    return [...this.found];
  }
}
