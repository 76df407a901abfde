import { type CommunityPostBody, PushType } from '@orbit/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { communityMembers, pushFanouts, pushOutbox } from '../../db/schema';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { PushService, pushFixtures, type TestBrowser } from '../../test/push';
import { restNow } from '../../test/quiet';
import { expandFanouts } from './fanout';

// Decision 0053: an expert's post queues one row; the push workers expand it into the members' pushes.
const service = await new PushService().start();
const ctx = await createTestApp({ pushAllowedHosts: ['127.0.0.1'] });
afterAll(() => service.close());
const { app, deps } = ctx;
const feeds = feedFixtures(ctx);
const { subscribed, setPreferences } = pushFixtures(app, service);

/** Past the coalescing pause: what is queued is due. */
const later = () => Date.now() + 5_000;
const count = async (table: typeof pushFanouts | typeof pushOutbox) =>
  (await deps.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

/** A community of `size` members besides its expert, each with a subscribed browser. */
async function subscribedCommunity(size: number) {
  const expert = await signUp(app);
  const members: TestUser[] = [];
  for (let i = 0; i < size; i += 1) members.push(await signUp(app));
  const id = await feeds.community(expert, members);
  const browsers: TestBrowser[] = [];
  for (const member of members) browsers.push(await subscribed(member));
  return { expert, members, id, browsers, toExpert: await subscribed(expert) };
}

async function post(expert: TestUser, communityId: number, extra: Partial<CommunityPostBody> = {}) {
  const res = await call(app, 'createCommunityPost', {
    headers: expert.headers,
    body: { message: 'Walk at nine', community_id: communityId, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

const block = (user: TestUser, other: TestUser) =>
  call(app, 'block', { headers: user.headers, params: { user_id: other.userId } });

const pushesTo = (browsers: TestBrowser[]) => browsers.map((browser) => service.to(browser).length);

beforeEach(() => service.clear());
afterEach(async () => {
  expect(service.failures, 'pushes that did not decrypt or verify').toEqual([]);
  // Each test leaves nothing to expand, so that the next one's jobs are the only ones.
  expect(await count(pushFanouts)).toBe(0);
});

describe('a community push', () => {
  it('is one row in the post’s transaction whatever the community’s size, and one push to each member', async () => {
    for (const size of [2, 12]) {
      const { expert, id, browsers, toExpert } = await subscribedCommunity(size);
      await post(expert, id);
      expect(await count(pushFanouts)).toBe(1);
      expect(await count(pushOutbox)).toBe(0);
      await deps.push.deliverDue(later());
      expect(pushesTo(browsers)).toEqual(browsers.map(() => 1));
      expect(service.to(toExpert)).toEqual([]);
      expect(await count(pushOutbox)).toBe(0);
    }
  });

  it('expanded by two workers at once, batch after batch, reaches each device once', async () => {
    const second = await createTestApp({ pushAllowedHosts: ['127.0.0.1'] }, ctx.database);
    const { expert, members, id, browsers } = await subscribedCommunity(7);
    browsers.push(await subscribed(members[3]));
    await post(expert, id);
    const now = later();
    const [one, two] = await Promise.all([
      expandFanouts(deps.db, now, 2),
      expandFanouts(second.deps.db, now, 2),
    ]);
    expect(one.queued + two.queued).toBe(8);
    expect(one.finished + two.finished).toBe(1);
    await Promise.all([deps.push.deliverDue(now), second.deps.push.deliverDue(now)]);
    expect(pushesTo(browsers)).toEqual(browsers.map(() => 1));
  });

  it('interrupted within a batch, resumes after the last batch committed: no push lost or repeated', async () => {
    const { expert, id, browsers } = await subscribedCommunity(5);
    await post(expert, id);
    // A crash as the second batch moves the cursor: its rows were written in the same transaction.
    await deps.db.execute(sql`CREATE FUNCTION crash_fanout() RETURNS trigger AS $$
      BEGIN IF OLD.cursor > 0 THEN RAISE EXCEPTION 'killed mid-expansion'; END IF; RETURN NEW; END $$
      LANGUAGE plpgsql`);
    await deps.db.execute(
      sql`CREATE TRIGGER crash_fanout BEFORE UPDATE ON push_fanouts FOR EACH ROW EXECUTE FUNCTION crash_fanout()`,
    );
    let interrupted: Awaited<ReturnType<typeof expandFanouts>> | undefined;
    try {
      interrupted = await expandFanouts(deps.db, later(), 2);
    } finally {
      await deps.db.execute(sql`DROP TRIGGER crash_fanout ON push_fanouts`);
      await deps.db.execute(sql`DROP FUNCTION crash_fanout()`);
    }
    const [job] = await deps.db.select().from(pushFanouts);
    expect(interrupted?.failed.map((failure) => failure.jobId)).toEqual([job.id]);
    expect(job.cursor).toBeGreaterThan(0);
    expect(await count(pushOutbox)).toBe(2);
    const second = await createTestApp({ pushAllowedHosts: ['127.0.0.1'] }, ctx.database);
    expect(await expandFanouts(second.deps.db, later(), 2)).toMatchObject({ queued: 3, finished: 1 });
    await deps.push.deliverDue(later());
    expect(pushesTo(browsers)).toEqual(browsers.map(() => 1));
  });

  it('follows the push rules as the workers expand it, and the membership of the post’s time', async () => {
    const { expert, members, id, browsers } = await subscribedCommunity(7);
    const [, switchedOff, resting, blocker, blocked, tagged, leaving] = members;
    await setPreferences(switchedOff, { community: false });
    await restNow(app, resting);
    expect((await block(blocker, expert)).statusCode).toBe(200);
    expect((await block(expert, blocked)).statusCode).toBe(200);
    const postId = await post(expert, id, {
      message: `look @${tagged.username}`,
      tagged_users: [tagged.userId],
    });
    // Between the post and its expansion, one member leaves and another joins.
    await deps.db
      .delete(communityMembers)
      .where(and(eq(communityMembers.communityId, id), eq(communityMembers.userId, leaving.userId)));
    const newcomer = await signUp(app);
    await deps.db.insert(communityMembers).values({ communityId: id, userId: newcomer.userId });
    const toNewcomer = await subscribed(newcomer);
    await deps.push.deliverDue(later());
    expect(pushesTo([...browsers, toNewcomer])).toEqual([1, 0, 0, 0, 0, 1, 0, 0]);
    expect(service.to(browsers[0])[0].payload).toMatchObject({
      type: PushType.COMMUNITY,
      tag: `post-${postId}`,
    });
    expect(service.to(browsers[5])[0].payload.type).toBe(PushType.MENTION);
  });
});
