import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { comments, moodHistory } from '../db/schema';
import { call, unchecked } from '../test/call';
import { createTestApp, signUp } from '../test/harness';
import { AppError, registerErrorHandlers, vanishedReference } from './errors';

const { app, deps } = await createTestApp();

describe('the error shape (docs/product/README.md#errors)', () => {
  it('renders a validation failure as 400 validation with details', async () => {
    const res = await call(app, 'login', { body: unchecked({ identity: 'x' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation' });
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.json().details).toBeDefined();
  });

  it('renders an unknown API route as 404 not_found', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No route GET /api/no/such/route' });
  });

  it('renders malformed or empty JSON as a 400 validation, a code of the catalogue', async () => {
    // Raw bodies that are no JSON object: below what the typed call() can send.
    for (const payload of ['{"identity":', '']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'validation', message: expect.any(String) });
    }
  });

  it('hides an unexpected failure behind 500 internal, and renders AppError with its own status and code', async () => {
    const bare = Fastify({ logger: false });
    registerErrorHandlers(bare);
    bare.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    bare.get('/refused', async () => {
      throw new AppError(409, 'duplicate_request', 'Already sent');
    });
    bare.post('/typed', { schema: { body: Type.Object({ n: Type.Integer() }) } }, async () => 'ok');
    const boom = await bare.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ error: 'internal', message: 'Something went wrong' });
    const refused = await bare.inject({ method: 'GET', url: '/refused' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'duplicate_request', message: 'Already sent' });
    await bare.close();
  });
});

describe('a write that meets a row deleted under it (decision 0048)', () => {
  it("answers 401 for the caller's own erased account and 404 for anything else, never 500", async () => {
    const bare = Fastify({ logger: false });
    registerErrorHandlers(bare);
    // Real foreign-key refusals of the database in use, as writes racing a deletion meet them.
    const refused = (write: Promise<unknown>) => write.then(() => null).catch((err: unknown) => err);
    const author = await signUp(app);
    const onGonePost = await refused(
      deps.db.insert(comments).values({ postId: 2_000_000_000, authorId: author.userId }),
    );
    const byGoneMember = await refused(
      deps.db.insert(moodHistory).values({ userId: 2_000_000_000, mood: 1 }),
    );
    expect(vanishedReference(onGonePost)).toEqual({ table: 'posts', id: 2_000_000_000 });
    expect(vanishedReference(byGoneMember)).toEqual({ table: 'users', id: 2_000_000_000 });
    bare.decorateRequest('auth', null);
    bare.addHook('onRequest', async (request) => {
      request.auth = { userId: 2_000_000_000, sessionId: 1, via: 'bearer' };
    });
    bare.get('/post-gone', async () => {
      throw onGonePost;
    });
    bare.get('/me-gone', async () => {
      throw byGoneMember;
    });
    const postGone = await bare.inject({ method: 'GET', url: '/post-gone' });
    expect(postGone.statusCode).toBe(404);
    expect(postGone.json().error).toBe('not_found');
    const meGone = await bare.inject({ method: 'GET', url: '/me-gone' });
    expect([meGone.statusCode, meGone.json().error]).toEqual([401, 'unauthorized']);
    await bare.close();
  });
});

describe('the OpenAPI document', () => {
  it('is served at /api/openapi.json and lists the routes with their schemas', async () => {
    // Served by the OpenAPI plugin, not a declared endpoint.
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/register'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/user/logout'].post).toBeDefined();
  });
});
