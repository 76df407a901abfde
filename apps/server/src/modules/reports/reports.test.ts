import {
  AccessType,
  type CreateReportBody,
  EventSubtype,
  EventType,
  ReportReason,
  ReportStatus,
  type ReportsQuery,
  type ReportTargetType,
  SessionState,
} from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { communities, lessons, reports, users } from '../../db/schema';
import { call, unchecked } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { lessonRow } from '../../test/lessons';
import { messagesClient } from '../../test/messages';
import { eventOf, listen, TestSocket, wsUrl } from '../../test/realtime';

const SUPPORT_URL = 'https://support.example.org/help';
const ctx = await createTestApp({ supportUrl: SUPPORT_URL });
const { app, deps } = ctx;
const origin = await listen(app);
const { befriend, community } = feedFixtures(ctx);
const { adminOf } = communityFixtures(ctx);
const { friendsWithThread, sendOk } = messagesClient(app);

type Reported = Pick<CreateReportBody, 'target_type' | 'target_id'> & Partial<CreateReportBody>;
const report = (user: TestUser, body: Reported) =>
  call(app, 'createReport', { headers: user.headers, body: { reason: 1, ...body } });
const resolve = (user: TestUser, id: number, action: 'dismiss' | 'remove') =>
  call(app, 'resolveReport', { headers: user.headers, params: { id }, body: { action } });
const communityReports = (user: TestUser, id: number, query: ReportsQuery = {}) =>
  call(app, 'communityReports', { headers: user.headers, params: { id }, query });
/** The reports a moderator reads: a community's (its experts), or every one (the organisation admins). */
const listOf = async (user: TestUser, communityId?: number, query: ReportsQuery = {}) => {
  const res =
    communityId === undefined
      ? await call(app, 'adminReports', { headers: user.headers, query })
      : await communityReports(user, communityId, query);
  expect(res.statusCode).toBe(200);
  return res.json().reports;
};
const postOf = (user: TestUser, id: number) =>
  call(app, 'communityPost', { headers: user.headers, params: { id } });
const commentOn = (user: TestUser, communityId: number, postId: number, message: string) =>
  call(app, 'createCommunityComment', {
    headers: user.headers,
    body: { message, feed_id: postId, community_id: communityId },
  });
const postOnOwnFeed = (user: TestUser, message: string) =>
  call(app, 'createUserPost', { headers: user.headers, body: { message, owner_user_id: user.userId } });
const reportCount = async () => (await deps.db.select({ id: reports.id }).from(reports)).length;

/** A community with its expert, two members and a post by the first member. */
async function world(accessType: number = AccessType.PUBLIC) {
  const [expert, author, reader, outsider] = await Promise.all([1, 2, 3, 4].map(() => signUp(app)));
  const communityId = await community(expert, [author, reader], accessType);
  const post = await call(app, 'createCommunityPost', {
    headers: author.headers,
    body: { message: 'buy pills here', community_id: communityId },
  });
  expect(post.statusCode).toBe(200);
  return { expert, author, reader, outsider, communityId, postId: post.json().id };
}

describe('POST /reports', () => {
  it('answers 201 with the report id, and the community experts read it with what the post said', async () => {
    const { expert, reader, communityId, postId } = await world();
    const res = await report(reader, {
      target_type: 'post',
      target_id: postId,
      reason: 2,
      comment: ' scam ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ report_id: expect.any(Number) });
    const [listed] = await listOf(expert, communityId);
    expect(listed).toMatchObject({
      report_id: res.json().report_id,
      target_type: 'post',
      target_id: postId,
      community_id: communityId,
      reason: 2,
      comment: 'scam',
      status: ReportStatus.OPEN,
      snapshot: { text: 'buy pills here' },
      reporter_name: reader.username,
    });
  });

  it('gives the support link with a self-harm report only', async () => {
    const { reader, postId } = await world();
    const selfHarm = await report(reader, {
      target_type: 'post',
      target_id: postId,
      reason: ReportReason.SELF_HARM,
    });
    expect(selfHarm.json()).toEqual({ report_id: expect.any(Number), support_url: SUPPORT_URL });
    const spam = await report(reader, { target_type: 'user', target_id: (await signUp(app)).userId });
    expect(spam.json().support_url).toBeUndefined();
  });

  it('answers the open report again (200) when the member reports the same thing twice, even at once', async () => {
    const { expert, reader, postId } = await world();
    const target: Reported = { target_type: 'post', target_id: postId };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => report(reader, target)));
    const ids = new Set(answers.map((a) => a.json().report_id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
    // Once dismissed, a new report of the same thing is a new report.
    const [id] = ids;
    expect((await resolve(expert, id, 'dismiss')).statusCode).toBe(200);
    const again = await report(reader, target);
    expect(again.statusCode).toBe(201);
    expect(again.json().report_id).not.toBe(id);
  });

  it('refuses what the member cannot see with 404, and changes nothing', async () => {
    const { author, outsider, communityId, postId } = await world(AccessType.PRIVATE);
    const comment = await commentOn(author, communityId, postId, 'hidden');
    expect(comment.statusCode).toBe(200);
    const lesson = await lessonRow(deps, communityId, author);
    const { groupId, a } = await friendsWithThread();
    const pmId = await sendOk(a, groupId, 'private words');
    const friendOnlyPost = await postOnOwnFeed(author, 'mine');
    const before = await reportCount();
    const unseen: [ReportTargetType, number][] = [
      ['post', postId],
      ['post', friendOnlyPost.json().id],
      ['comment', comment.json().id],
      ['message', pmId],
      ['community', communityId],
      ['session', lesson.id],
      ['user', 2147483000],
      ['post', 2147483000],
    ];
    for (const [type, id] of unseen) {
      const res = await report(outsider, { target_type: type, target_id: id });
      expect(res.statusCode, `${type} ${id}`).toBe(404);
    }
    expect(await reportCount()).toBe(before);
  });

  it('refuses to report oneself (400 cannot_report_self)', async () => {
    const member = await signUp(app);
    const res = await report(member, { target_type: 'user', target_id: member.userId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('cannot_report_self');
  });

  it('refuses a reason outside 1..6, an unknown target type and a comment over 1000 characters', async () => {
    const { reader, postId } = await world();
    const before = await reportCount();
    for (const body of [
      { target_type: 'post', target_id: postId, reason: 0 },
      { target_type: 'post', target_id: postId, reason: 7 },
      { target_type: 'poll', target_id: postId },
      { target_type: 'post', target_id: postId, comment: 'x'.repeat(1001) },
    ]) {
      const res = await report(reader, unchecked(body));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation');
    }
    expect(await reportCount()).toBe(before);
  });

  it('reports what the member sees: a friend, a friend’s post, a lesson of their community, a public community', async () => {
    const { expert, reader, communityId } = await world();
    const friend = await signUp(app);
    await befriend(reader, friend);
    const friendPost = await postOnOwnFeed(friend, 'hey');
    const lesson = await lessonRow(deps, communityId, expert);
    for (const [type, id] of [
      ['user', friend.userId],
      ['post', friendPost.json().id],
      ['session', lesson.id],
      ['community', communityId],
    ] as const) {
      expect((await report(reader, { target_type: type, target_id: id })).statusCode, type).toBe(201);
    }
  });
});

describe('who reads which reports', () => {
  it('experts their community’s, admins all, nobody else any', async () => {
    const { expert, author, reader, communityId, postId } = await world();
    const admin = await signUp(app);
    await adminOf(admin);
    const { a, b, groupId } = await friendsWithThread();
    const pmId = await sendOk(a, groupId, 'you are worthless');
    const postReport = (await report(reader, { target_type: 'post', target_id: postId })).json().report_id;
    const pmReport = (await report(b, { target_type: 'message', target_id: pmId })).json().report_id;

    // The expert reads the post's report, not the message's (it lives in no community).
    const expertSees = (await listOf(expert, communityId)).map((r) => r.report_id);
    expect(expertSees).toContain(postReport);
    expect(expertSees).not.toContain(pmReport);
    const adminSees = (await listOf(admin)).map((r) => r.report_id);
    expect(adminSees).toEqual(expect.arrayContaining([postReport, pmReport]));

    // A member is not an expert; an expert of another community is not this one's; neither is an admin.
    const memberList = await communityReports(author, communityId);
    expect(memberList.statusCode).toBe(403);
    expect(memberList.json().error).toBe('not_an_expert');
    const adminList = await call(app, 'adminReports', { headers: expert.headers });
    expect(adminList.statusCode).toBe(403);
    expect(adminList.json().error).toBe('not_org_admin');
    const { expert: otherExpert } = await world();

    // Acting on a report one may not read is a 404, and changes nothing.
    for (const [who, id] of [
      [author, postReport],
      [otherExpert, postReport],
      [expert, pmReport],
      [a, pmReport],
    ] as const) {
      const res = await resolve(who, id, 'remove');
      expect(res.statusCode).toBe(404);
    }
    expect((await postOf(author, postId)).statusCode).toBe(200);
    expect((await resolve(expert, 2147483000, 'dismiss')).statusCode).toBe(404);
  });

  it('settles a report once: a second action is 409 already_resolved', async () => {
    const { expert, reader, postId } = await world();
    const id = (await report(reader, { target_type: 'post', target_id: postId })).json().report_id;
    expect((await resolve(expert, id, 'dismiss')).json()).toEqual({
      report_id: id,
      status: ReportStatus.DISMISSED,
    });
    const again = await resolve(expert, id, 'remove');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_resolved');
    expect((await postOf(reader, postId)).statusCode).toBe(200);
  });

  it('refuses an action other than dismiss or remove', async () => {
    const { expert, reader, postId } = await world();
    const id = (await report(reader, { target_type: 'post', target_id: postId })).json().report_id;
    const res = await call(app, 'resolveReport', {
      headers: expert.headers,
      params: { id },
      body: { action: unchecked('ban') },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('remove', () => {
  it('deletes the post for everyone at once: a reader’s socket gets its DELETE, and every report of it is settled', async () => {
    const { expert, author, reader, communityId, postId } = await world();
    const first = (await report(reader, { target_type: 'post', target_id: postId })).json().report_id;
    const second = (await report(expert, { target_type: 'post', target_id: postId })).json().report_id;
    const socket = await TestSocket.open(await wsUrl(origin, author), origin);
    await socket.live();

    const res = await resolve(expert, first, 'remove');
    expect(res.json()).toEqual({ report_id: first, status: ReportStatus.REMOVED });
    const deleted = await eventOf(socket, EventType.COMMUNITY_POST, EventSubtype.DELETE);
    expect(deleted).toMatchObject({ data: { id: postId } });
    socket.close();

    expect((await postOf(reader, postId)).statusCode).toBe(404);
    const all = await listOf(expert, communityId, { status: 'all' });
    const settled = all.filter((r) => r.report_id === first || r.report_id === second);
    expect(settled.map((r) => r.status)).toEqual([ReportStatus.REMOVED, ReportStatus.REMOVED]);
    // The report still says what the post said.
    expect(settled[0].snapshot.text).toBe('buy pills here');
    expect(await listOf(expert, communityId)).toEqual([]);
  });

  it('deletes a comment through the comments’ own DELETE', async () => {
    const { expert, author, reader, communityId, postId } = await world();
    const created = await commentOn(author, communityId, postId, 'nasty words');
    const commentId = created.json().id;
    const id = (await report(reader, { target_type: 'comment', target_id: commentId })).json().report_id;
    const socket = await TestSocket.open(await wsUrl(origin, reader), origin);
    await socket.live();
    expect((await resolve(expert, id, 'remove')).statusCode).toBe(200);
    const deleted = await eventOf(socket, EventType.COMMUNITY_COMMENT, EventSubtype.DELETE);
    expect(deleted).toMatchObject({ data: { id: commentId } });
    socket.close();
    const list = await call(app, 'communityComments', {
      headers: reader.headers,
      query: { feed_id: postId, community_id: communityId },
    });
    expect(list.json().community_feed_comments).not.toContainEqual(
      expect.objectContaining({ id: commentId }),
    );
  });

  it('keeps the reporter’s copy of a message for the report, and removes the message from the thread live', async () => {
    const admin = await signUp(app);
    await adminOf(admin);
    const { a, b, groupId } = await friendsWithThread();
    const pmId = await sendOk(a, groupId, 'meet me alone');
    const id = (await report(b, { target_type: 'message', target_id: pmId, reason: 5 })).json().report_id;
    // The author rewrites it: the report keeps what the reporter read.
    await call(app, 'editMessage', {
      headers: a.headers,
      params: { group_id: groupId, pm_id: pmId },
      body: { message: 'hello' },
    });
    const socket = await TestSocket.open(await wsUrl(origin, b), origin);
    await socket.live();
    expect((await resolve(admin, id, 'remove')).statusCode).toBe(200);
    const deleted = await eventOf(socket, EventType.PM, EventSubtype.DELETE);
    expect(deleted).toMatchObject({ data: { group_id: groupId, pm_id: pmId } });
    socket.close();
    const listed = (await listOf(admin, undefined, { status: 'all' })).find((r) => r.report_id === id);
    expect(listed?.snapshot.text).toBe('meet me alone');
  });

  it('ends a running lesson for its members (END)', async () => {
    const { expert, reader, communityId } = await world();
    const lesson = await lessonRow(deps, communityId, expert);
    const id = (await report(reader, { target_type: 'session', target_id: lesson.id })).json().report_id;
    const socket = await TestSocket.open(await wsUrl(origin, reader), origin);
    await socket.live();
    expect((await resolve(expert, id, 'remove')).statusCode).toBe(200);
    expect(await eventOf(socket, EventType.SESSION_ACTIVITY, EventSubtype.END)).toBeDefined();
    socket.close();
    const [row] = await deps.db.select().from(lessons).where(eq(lessons.id, lesson.id));
    // Ended, and its recording's processing may have begun already (ENDED, then PROCESSING and after).
    const ended = [
      SessionState.ENDED,
      SessionState.PROCESSING,
      SessionState.PROCESSING_FAILED,
      SessionState.REPLAYREADY,
    ];
    expect(ended).toContain(row.state);
  });

  it('resets a reported member’s avatar name and persona, and clears a reported community’s own words', async () => {
    const admin = await signUp(app);
    await adminOf(admin);
    const { reader, communityId } = await world();
    const target = await signUp(app);
    await deps.db
      .update(users)
      .set({ alias: 'rudename', personaType: 2, personaValue: 'x' })
      .where(eq(users.id, target.userId));
    await deps.db
      .update(communities)
      .set({ description: 'rude', info: 'ruder' })
      .where(eq(communities.id, communityId));
    const userReport = (await report(reader, { target_type: 'user', target_id: target.userId })).json()
      .report_id;
    const communityReport = (
      await report(reader, { target_type: 'community', target_id: communityId })
    ).json().report_id;
    expect((await resolve(admin, userReport, 'remove')).statusCode).toBe(200);
    expect((await resolve(admin, communityReport, 'remove')).statusCode).toBe(200);
    const [user] = await deps.db.select().from(users).where(eq(users.id, target.userId));
    expect(user).toMatchObject({ alias: null, personaType: 1, personaValue: 'other' });
    const [row] = await deps.db.select().from(communities).where(eq(communities.id, communityId));
    expect(row).toMatchObject({ description: '', info: '', imageId: null });
  });

  it('settles the report when its target is gone already (its author deleted it)', async () => {
    const { expert, author, reader, communityId, postId } = await world();
    const id = (await report(reader, { target_type: 'post', target_id: postId })).json().report_id;
    const deleted = await call(app, 'deleteCommunityPost', {
      headers: author.headers,
      params: { id: communityId, feedId: postId },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await resolve(expert, id, 'remove')).json()).toEqual({
      report_id: id,
      status: ReportStatus.REMOVED,
    });
  });

  it('two moderators removing two reports of one post at once: one removal, no deadlock', async () => {
    const { expert, reader, author, postId } = await world();
    const admin = await signUp(app);
    await adminOf(admin);
    const first = (await report(reader, { target_type: 'post', target_id: postId })).json().report_id;
    const second = (await report(author, { target_type: 'post', target_id: postId })).json().report_id;
    const answers = await Promise.all([resolve(expert, first, 'remove'), resolve(admin, second, 'remove')]);
    const codes = answers.map((a) => a.statusCode).sort();
    // The second to lock finds its report settled by the first's removal.
    expect(codes).toEqual([200, 409]);
  });
});

describe('a report outlives its reporter', () => {
  it('stays, unsigned, when the reporter’s account is deleted', async () => {
    const { expert, reader, communityId, postId } = await world();
    const id = (await report(reader, { target_type: 'post', target_id: postId })).json().report_id;
    await deps.db.delete(users).where(eq(users.id, reader.userId));
    const listed = (await listOf(expert, communityId)).find((r) => r.report_id === id);
    expect(listed).toMatchObject({ reporter_name: null, snapshot: { text: 'buy pills here' } });
  });
});

describe('rate limit', () => {
  it('refuses a member’s 31st report within the hour (429 rate_limited)', async () => {
    const limited = await createTestApp({ rateLimitFactor: 1 });
    const [member, other] = [await signUp(limited.app), await signUp(limited.app)];
    const send = () =>
      call(limited.app, 'createReport', {
        headers: member.headers,
        body: { target_type: 'user', target_id: other.userId, reason: 1 },
      });
    for (let i = 0; i < 30; i++) expect((await send()).statusCode).toBeLessThan(300);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
  });
});
