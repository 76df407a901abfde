import { TagContext } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/call';
import { createTestApp, signUp, type TestUser } from '../../test/harness';

const ctx = await createTestApp();
const { app } = ctx;

const setMoodTags = (user: TestUser, tags: string[]) =>
  call(app, 'updateUser', { headers: user.headers, body: { gojimoji: { tags } } });
const priorTags = async (user: TestUser, context: number) =>
  call(app, 'priorTags', { headers: user.headers, query: { context } });

describe('GET /tags', () => {
  it('answers the mood tags used before, most recent first, blank and repeated ones once', async () => {
    const user = await signUp(app);
    await setMoodTags(user, ['calm', ' ', 'rested']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await setMoodTags(user, ['Calm', 'calm', 'busy']);
    const res = await priorTags(user, TagContext.GOJIMOJI);
    expect(res.json()).toEqual({ tags: ['busy', 'Calm', 'rested'] });
    expect((await priorTags(user, TagContext.ACTIVITY)).json()).toEqual({ tags: [] });
  });

  it("keeps each member's tags to themselves", async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await setMoodTags(a, ['mine']);
    expect((await priorTags(b, TagContext.GOJIMOJI)).json()).toEqual({ tags: [] });
  });

  it('records nothing when a tag is over 280 characters', async () => {
    const user = await signUp(app);
    expect((await setMoodTags(user, ['ok', 'x'.repeat(281)])).statusCode).toBe(400);
    expect((await priorTags(user, TagContext.GOJIMOJI)).json()).toEqual({ tags: [] });
  });

  it('refuses a context outside 1..6', async () => {
    const user = await signUp(app);
    for (const context of [0, 7]) expect((await priorTags(user, context)).statusCode).toBe(400);
  });
});
