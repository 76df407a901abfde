import { PushType, pushTag } from '@orbit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { pushFanouts, pushOutbox } from '../../db/schema';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { PushService, pushFixtures, type TestBrowser } from '../../test/push';
import { expandFanouts } from './fanout';

// A removed post takes back its pushes not yet sent, and a community push that cannot be expanded holds back
// no other (decision 0053).
const service = await new PushService().start();
const ctx = await createTestApp({ pushAllowedHosts: ['127.0.0.1'] });
afterAll(() => service.close());
const { app, deps } = ctx;
const feeds = feedFixtures(ctx);
const { subscribed } = pushFixtures(app, service);

/** Past the coalescing pause: what is queued is due. */
const later = () => Date.now() + 5_000;
const rowsTagged = async (table: typeof pushFanouts | typeof pushOutbox, tag: string) =>
  (
    await deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(table === pushOutbox ? eq(pushOutbox.tag, tag) : sql`${pushFanouts.cause}->>'tag' = ${tag}`)
  )[0].n;

async function subscribedCommunity(size: number) {
  const expert = await signUp(app);
  const members: TestUser[] = [];
  for (let i = 0; i < size; i += 1) members.push(await signUp(app));
  const id = await feeds.community(expert, members);
  const browsers: TestBrowser[] = [];
  for (const member of members) browsers.push(await subscribed(member));
  return { expert, id, browsers };
}

async function post(expert: TestUser, communityId: number) {
  const res = await call(app, 'createCommunityPost', {
    headers: expert.headers,
    body: { message: 'Walk at nine', community_id: communityId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

async function deletePost(expert: TestUser, communityId: number, postId: number) {
  const res = await call(app, 'deleteCommunityPost', {
    headers: expert.headers,
    params: { id: communityId, feedId: postId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const pushesTo = (browsers: TestBrowser[]) => browsers.map((browser) => service.to(browser).length);

beforeEach(() => service.clear());

describe('a removed post', () => {
  it('deleted before its community push is expanded, pushes nobody', async () => {
    const { expert, id, browsers } = await subscribedCommunity(3);
    const postId = await post(expert, id);
    expect(await rowsTagged(pushFanouts, pushTag.post(postId))).toBe(1);
    await deletePost(expert, id, postId);
    expect(await rowsTagged(pushFanouts, pushTag.post(postId))).toBe(0);
    await deps.push.deliverDue(later());
    expect(pushesTo(browsers)).toEqual([0, 0, 0]);
  });

  it('deleted once expanded but before its pushes leave, takes them back', async () => {
    const { expert, id, browsers } = await subscribedCommunity(3);
    const postId = await post(expert, id);
    await expandFanouts(deps.db, later());
    expect(await rowsTagged(pushOutbox, pushTag.post(postId))).toBe(3);
    await deletePost(expert, id, postId);
    expect(await rowsTagged(pushOutbox, pushTag.post(postId))).toBe(0);
    await deps.push.deliverDue(later());
    expect(pushesTo(browsers)).toEqual([0, 0, 0]);
  });

  it('takes back only its own pushes: another post of the community still goes', async () => {
    const { expert, id, browsers } = await subscribedCommunity(2);
    const [kept, removed] = [await post(expert, id), await post(expert, id)];
    await expandFanouts(deps.db, later());
    await deletePost(expert, id, removed);
    await deps.push.deliverDue(later());
    expect(pushesTo(browsers)).toEqual([1, 1]);
    expect(service.to(browsers[0])[0].payload.tag).toBe(pushTag.post(kept));
  });
});

describe('a community push that cannot be expanded', () => {
  it('holds back no later one, is kept for the next pass, and is reported', async () => {
    const { expert, id, browsers } = await subscribedCommunity(2);
    // A cause without a tag: its members' outbox rows break the tag's NOT NULL, so every batch of it fails.
    const [broken] = await deps.db
      .insert(pushFanouts)
      .values({ communityId: id, actorId: expert.userId, cause: { type: PushType.COMMUNITY } })
      .returning({ id: pushFanouts.id });
    const postId = await post(expert, id);
    const report = await expandFanouts(deps.db, later());
    expect(report.failed.map((failure) => failure.jobId)).toEqual([broken.id]);
    expect(report.finished).toBe(1);
    await deps.push.deliverDue(later());
    expect(pushesTo(browsers)).toEqual([1, 1]);
    expect(service.to(browsers[1])[0].payload.tag).toBe(pushTag.post(postId));
    expect(await deps.db.select({ id: pushFanouts.id }).from(pushFanouts)).toEqual([{ id: broken.id }]);
    await deps.db.delete(pushFanouts).where(eq(pushFanouts.id, broken.id));
  });
});
