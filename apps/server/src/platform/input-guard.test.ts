import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts, users } from '../db/schema';
import { call, unchecked } from '../test/call';
import { createTestApp, signUp } from '../test/harness';
import { MALFORMED_FORMS } from '../test/openapi-fuzz';

const { app, deps } = await createTestApp();
const member = await signUp(app);

const postCount = async () => (await deps.db.select({ n: count() }).from(posts))[0].n;

const { headers } = member;

function expectRefused(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: 'validation', message: expect.any(String) });
}

describe('ids that are not finite', () => {
  it.each(['Infinity', '-Infinity', '1e309'])('refuses %s in a path with a 400', async (id) => {
    expectRefused(await call(app, 'userPost', { headers, params: { id: unchecked(id) } }));
  });

  it('refuses 1e309 in a query with a 400', async () => {
    expectRefused(await call(app, 'userComments', { headers, query: { feed_id: unchecked('1e309') } }));
  });

  it('refuses "Infinity" and a literal 1e309 in a body with a 400', async () => {
    expectRefused(await call(app, 'directThread', { headers, body: { user_id: unchecked('Infinity') } }));
    // A number literal JSON.stringify cannot write: the raw body.
    const literal = await app.inject({
      method: 'POST',
      url: '/api/pms/direct',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"user_id":1e309}',
    });
    expectRefused(literal);
  });

  it('refuses an id past PostgreSQL integer with a 400', async () => {
    expectRefused(await call(app, 'tempImage', { headers, query: { image_id: 2147483648 } }));
  });
});

describe('a NUL byte in text', () => {
  it('refuses it in a post and writes nothing', async () => {
    const before = await postCount();
    expectRefused(await call(app, 'createUserPost', { headers, body: { message: 'nul\u0000byte' } }));
    expect(await postCount()).toBe(before);
  });

  it('refuses it in a search query', async () => {
    expectRefused(await call(app, 'searchUsers', { headers, query: { q: '\u0000' } }));
  });

  it('refuses it in a time zone and keeps the one the member had', async () => {
    const [{ timezone }] = await deps.db.select().from(users).where(eq(users.id, member.userId));
    expectRefused(await call(app, 'updateUser', { headers, body: { timezone: 'Europe/Paris\u0000' } }));
    const [after] = await deps.db.select().from(users).where(eq(users.id, member.userId));
    expect(after.timezone).toBe(timezone);
  });

  it("refuses it in a multipart form's data field and writes nothing", async () => {
    const before = await postCount();
    const form = MALFORMED_FORMS[3];
    // A form's bytes as they come, which the typed call() does not send.
    const res = await app.inject({
      method: 'POST',
      url: `/api/users/${member.userId}/attachments`,
      headers: { ...member.headers, 'content-type': form.contentType },
      payload: form.body,
    });
    expectRefused(res);
    expect(await postCount()).toBe(before);
  });
});

describe('a multipart body the parser cannot read', () => {
  it.each(MALFORMED_FORMS.slice(0, 3))(
    'is a 400 malformed_form and writes nothing ($contentType)',
    async (form) => {
      const before = await postCount();
      // A form's bytes as they come, which the typed call() does not send.
      const res = await app.inject({
        method: 'POST',
        url: `/api/users/${member.userId}/attachments`,
        headers: { ...member.headers, 'content-type': form.contentType },
        payload: form.body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'malformed_form', message: expect.any(String) });
      expect(await postCount()).toBe(before);
    },
  );
});
