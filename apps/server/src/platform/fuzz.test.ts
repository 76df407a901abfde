import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../test/harness';
import {
  type FuzzRequest,
  MALFORMED_FORMS,
  type OpenApiDoc,
  operationsOf,
  requestsFor,
} from '../test/openapi-fuzz';

/**
 * Every route of the OpenAPI document, called by a signed-in member with hostile values (non-finite and
 * out-of-range numbers, NUL bytes, malformed forms) mixed into plausible ones: none may answer 5xx, and
 * every refusal has the error shape (docs/product/README.md#errors). A few runs per route keep it to seconds per database;
 * FUZZ_RUNS_PER_ROUTE=200 searches deeper.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 4);

const { app } = await createTestApp();
// The routes as the OpenAPI document lists them, each called with raw hostile values: app.inject throughout.
const doc = (await app.inject({ url: '/api/openapi.json' })).json() as OpenApiDoc;

/** A signed-in member; a fresh one when a call ended the session (sign-out, erasure). */
let member: TestUser = await signUp(app);

async function send(request: FuzzRequest & { contentType?: string }) {
  const headers = {
    ...member.headers,
    ...(request.payload !== undefined ? { 'content-type': request.contentType ?? 'application/json' } : {}),
  };
  const res = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    payload: request.payload,
  });
  if (res.statusCode === 401) member = await signUp(app);
  return res;
}

/** The failure to report for one answer, or null when it is an acceptable one. */
function defect(request: FuzzRequest, res: { statusCode: number; body: string; headers: object }) {
  const what = `${request.method} ${request.url} ${request.payload?.slice(0, 200) ?? ''}`;
  if (res.statusCode >= 500) return `${what} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 400) {
    const body = safeJson(res.body) as { error?: unknown; message?: unknown } | null;
    if (typeof body?.error !== 'string' || typeof body.message !== 'string') {
      return `${what} -> ${res.statusCode} without the error shape: ${res.body.slice(0, 200)}`;
    }
  }
  return null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

describe('hostile input on every route', () => {
  const operations = operationsOf(doc);

  it('walks the whole document', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it(
    'never answers 5xx, and refuses with the error shape',
    async () => {
      const defects: string[] = [];
      for (const op of operations) {
        // check, not assert: every route is walked and all defects are reported together.
        await fc.check(
          fc.asyncProperty(requestsFor(doc, op), async (request) => {
            const found = defect(request, await send(request));
            if (found) defects.push(found);
            return found === null;
          }),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
      }
      expect(defects).toEqual([]);
    },
    30_000 + RUNS_PER_ROUTE * 5_000,
  );

  it('refuses malformed multipart bodies on every upload route with a 400', async () => {
    const uploads = app.routeList.filter((r) => r.multipart);
    expect(uploads.length).toBeGreaterThanOrEqual(8);
    const defects: string[] = [];
    for (const route of uploads) {
      for (const form of MALFORMED_FORMS) {
        const url = route.url.replace(/:[A-Za-z_]+/g, '1');
        const request = { method: route.method, url, payload: form.body, contentType: form.contentType };
        const res = await send(request);
        if (res.statusCode !== 400)
          defects.push(`${route.method} ${url} ${form.contentType} -> ${res.statusCode}`);
        const found = defect(request, res);
        if (found) defects.push(found);
      }
    }
    expect(defects).toEqual([]);
  });
});
