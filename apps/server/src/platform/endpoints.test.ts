import rateLimitPlugin from '@fastify/rate-limit';
import {
  ENDPOINTS,
  type Endpoint,
  type ErrorCode,
  endpoints,
  errorCodesOf,
  perMinute,
} from '@orbit/contract';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../test/harness';
import { ErrorCodeCheck } from './error-check';
import { AppError, registerErrorHandlers } from './errors';
import type { App } from './http';
import { route } from './route';

const ctx = await createTestApp();

interface Operation {
  operationId?: string;
  'x-error-codes'?: string[];
  'x-rate-limit'?: { max: number; window: string; per: 'member' | 'address' };
  'x-body-limit'?: number;
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties?: { error?: { enum?: string[] } } } }> }
  >;
}
// Served by the OpenAPI plugin, not a declared endpoint.
const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};

/** `/community/feed/:id` as the OpenAPI document writes it, `/api/community/feed/{id}`. */
const openApiPath = (path: string) => `/api${path.replace(/:(\w+)/g, '{$1}')}`;

describe('the declared endpoints', () => {
  it('are each mounted, and the OpenAPI document lists the codes each may refuse with', () => {
    for (const endpoint of Object.values(ENDPOINTS)) {
      const operation = doc.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      const codes = errorCodesOf(endpoint);
      expect(operation?.operationId).toBe(endpoint.name);
      expect(operation?.['x-error-codes']).toEqual(codes);
      const refusal = operation?.responses['4XX']?.content?.['application/json']?.schema;
      expect(refusal?.properties?.error?.enum, endpoint.name).toEqual(codes);
    }
  });

  it('list the common refusals once for every route, and their own beside them', () => {
    const codes = errorCodesOf(ENDPOINTS.answerPoll);
    expect(codes).toEqual(
      expect.arrayContaining(['validation', 'unauthorized', 'rate_limited', 'poll_expired']),
    );
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('the refusal check of the test suite', () => {
  const PROBE = endpoints(
    'probe',
    { probe: 'GET /probe/:code' },
    {
      probe: {
        params: Type.Object({ code: Type.String() }),
        response: Type.Object({}),
        errors: ['not_found'],
      },
    },
  );

  it('keeps a refusal whose code its route does not declare, and passes the declared and common ones', async () => {
    const check = new ErrorCodeCheck();
    const app = Fastify().withTypeProvider() as unknown as App;
    registerErrorHandlers(app);
    app.addHook('onSend', async (request, reply, payload) => {
      check.check(request, reply, payload);
      return payload;
    });
    route(app, PROBE.probe, {}, async (request) => {
      throw new AppError(400, request.params.code as ErrorCode, 'refused');
    });
    for (const code of ['not_found', 'validation', 'poll_expired']) {
      await app.inject({ url: `/probe/${code}` });
    }
    expect(check.violations()).toEqual(['GET /probe/:code: 400 poll_expired']);
    await app.close();
  });
});

describe('each declaration', () => {
  it('names in its params schema exactly the params of its path', () => {
    for (const endpoint of Object.values(ENDPOINTS)) {
      const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const declared = Object.keys(
        (endpoint as { params?: { properties: object } }).params?.properties ?? {},
      ).sort();
      expect(declared, endpoint.name).toEqual(inPath);
    }
  });
});

describe('a declaration with two success statuses', () => {
  const EITHER = endpoints(
    'probe',
    { either: 'POST /either' },
    {
      either: {
        statuses: [200, 201],
        body: Type.Object({ created: Type.Boolean() }),
        response: Type.Object({ created: Type.Boolean() }),
        errors: [],
      },
    },
  );

  it('serialises its answer under both, as the route chooses', async () => {
    const app = Fastify().withTypeProvider() as unknown as App;
    route(app, EITHER.either, {}, async (request, reply) =>
      reply.status(request.body.created ? 201 : 200).send({ ...request.body, unlisted: 'dropped' } as never),
    );
    for (const created of [true, false]) {
      const answer = await app.inject({ method: 'POST', url: '/either', payload: { created } });
      expect(answer.statusCode).toBe(created ? 201 : 200);
      expect(answer.json()).toEqual({ created });
    }
    await app.close();
  });

  it('lists both in the OpenAPI document: an integration answers 201 when it creates, 200 on a resend', () => {
    const { responses } = doc.paths[openApiPath(ENDPOINTS.ingestActivity.path)].post;
    expect(responses['201']).toEqual(responses['200']);
    expect(responses['200']?.content?.['application/json']?.schema).toBeDefined();
  });
});

describe('a declared rate limit', () => {
  const LIMITED = endpoints(
    'probe',
    { limited: 'POST /limited', open: 'POST /open' },
    {
      limited: { rateLimit: perMinute(2), response: Type.Object({}), errors: [] },
      open: { response: Type.Object({}), errors: [] },
    },
  );

  /** A bare app with the rate-limit plugin, as buildApp registers it, and the factor buildApp decorates. */
  async function limitedApp(factor: number) {
    const app = Fastify().withTypeProvider() as unknown as App;
    app.decorate('rateLimitFactor', factor);
    await app.register(rateLimitPlugin, { global: false });
    route(app, LIMITED.limited, {}, async () => ({}));
    route(app, LIMITED.open, {}, async () => ({}));
    return app;
  }

  const statuses = async (app: App, url: string, times: number) => {
    const answers: number[] = [];
    for (let i = 0; i < times; i += 1) answers.push((await app.inject({ method: 'POST', url })).statusCode);
    return answers;
  };

  it('is what the server applies, times RATE_LIMIT_FACTOR; a route that declares none is not limited', async () => {
    const single = await limitedApp(1);
    expect(await statuses(single, '/limited', 3)).toEqual([200, 200, 429]);
    expect(await statuses(single, '/open', 3)).toEqual([200, 200, 200]);
    await single.close();
    const doubled = await limitedApp(2);
    expect(await statuses(doubled, '/limited', 5)).toEqual([200, 200, 200, 200, 429]);
    await doubled.close();
  });

  it('is shown on each operation of the OpenAPI document, scaled, with whose budget it counts', () => {
    const factor = testConfig().rateLimitFactor;
    for (const endpoint of Object.values(ENDPOINTS) as Endpoint[]) {
      const operation = doc.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      const shown = endpoint.rateLimit && {
        max: Math.round(endpoint.rateLimit.max * factor),
        window: endpoint.rateLimit.window,
        per: endpoint.public ? 'address' : 'member',
      };
      expect(operation?.['x-rate-limit'], endpoint.name).toEqual(shown);
      expect(operation?.['x-body-limit'], endpoint.name).toEqual(endpoint.bodyLimit);
    }
    expect(doc.paths['/api/login'].post['x-rate-limit']).toEqual({
      max: 30_000,
      window: '1 minute',
      per: 'address',
    });
  });
});
