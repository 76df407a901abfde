import {
  EventSubtype,
  EventType,
  PrivacySetting,
  ReportStatus,
  type ReportTargetType,
} from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { messagesClient } from '../../test/messages';
import { emit, eventOf, listen, type ReceivedMark, TestSocket, wsUrl } from '../../test/realtime';

/** Live report lists (decision 0052): who hears of a report made or settled, and who does not. */
const ctx = await createTestApp();
const { app } = ctx;
const origin = await listen(app);
const { befriend, community, setUser, eventsOf, lastSeq } = feedFixtures(ctx);
const { adminOf } = communityFixtures(ctx);
const { friendsWithThread, sendOk } = messagesClient(app);

const report = async (user: TestUser, target_type: ReportTargetType, target_id: number) => {
  const res = await call(app, 'createReport', {
    headers: user.headers,
    body: { target_type, target_id, reason: 2 },
  });
  expect(res.statusCode).toBeLessThan(300);
  return res.json().report_id;
};
const resolve = async (user: TestUser, id: number, action: 'dismiss' | 'remove') =>
  expect(
    (await call(app, 'resolveReport', { headers: user.headers, params: { id }, body: { action } }))
      .statusCode,
  ).toBe(200);
/** The open reports a moderator reads: a community's (its experts), or every one (the organisation admins). */
const listOf = async (user: TestUser, communityId?: number) => {
  const res =
    communityId === undefined
      ? await call(app, 'adminReports', { headers: user.headers })
      : await call(app, 'communityReports', { headers: user.headers, params: { id: communityId } });
  expect(res.statusCode).toBe(200);
  return res.json().reports;
};
const block = (user: TestUser, other: TestUser) =>
  call(app, 'block', { headers: user.headers, params: { user_id: other.userId } });

/** Where each member's stream stood before the action, to read what the action wrote to it. */
async function marks(members: TestUser[]): Promise<Map<TestUser, ReceivedMark>> {
  return new Map(await Promise.all(members.map(async (m) => [m, await lastSeq(m)] as const)));
}

/** The REPORT events written to the member's stream since the mark, as `subtype report_id`. */
async function reportEvents(user: TestUser, since: Map<TestUser, ReceivedMark>) {
  const written = await eventsOf(user, since.get(user));
  return written
    .filter((e) => e.type === EventType.REPORT)
    .map((e) => `${e.subtype} ${(e.data as { report_id: number }).report_id}`);
}

/** A community with its expert and two members, a post by the first member, and an organisation admin. */
async function world() {
  const [expert, author, reader, admin, stranger] = await Promise.all([1, 2, 3, 4, 5].map(() => signUp(app)));
  await adminOf(admin);
  const communityId = await community(expert, [author, reader]);
  const post = await call(app, 'createCommunityPost', {
    headers: author.headers,
    body: { message: 'buy pills', community_id: communityId },
  });
  expect(post.statusCode).toBe(200);
  // An expert of another community, who reads none of this one's reports.
  const otherExpert = await signUp(app);
  await community(otherExpert, []);
  return {
    expert,
    author,
    reader,
    admin,
    stranger,
    otherExpert,
    communityId,
    postId: post.json().id,
  };
}

describe('REPORT NEW', () => {
  it('reaches the community’s experts and the admins, as their lists answer it; not the reporter nor anyone else', async () => {
    const w = await world();
    const everyone = [w.expert, w.author, w.reader, w.admin, w.stranger, w.otherExpert];
    const before = await marks(everyone);
    const sockets = new Map<TestUser, TestSocket>();
    for (const m of [w.expert, w.admin, w.reader]) {
      const socket = await TestSocket.open(await wsUrl(origin, m), origin);
      await socket.live();
      sockets.set(m, socket);
    }

    const id = await report(w.reader, 'post', w.postId);

    for (const [moderator, communityId] of [
      [w.expert, w.communityId],
      [w.admin, undefined],
    ] as const) {
      const event = await eventOf(sockets.get(moderator) as TestSocket, EventType.REPORT, EventSubtype.NEW);
      const [listed] = (await listOf(moderator, communityId)).filter((r) => r.report_id === id);
      expect(event.data).toEqual(listed);
      expect(listed).toMatchObject({ status: ReportStatus.OPEN, reporter_name: w.reader.username });
    }
    expect(await reportEvents(w.expert, before)).toEqual([`NEW ${id}`]);
    expect(await reportEvents(w.admin, before)).toEqual([`NEW ${id}`]);
    for (const m of [w.reader, w.author, w.stranger, w.otherExpert]) {
      expect(await reportEvents(m, before), m.username).toEqual([]);
    }
    // The reporter's open socket hears nothing of it: the next event on its stream comes with nothing before it.
    const reporterSocket = sockets.get(w.reader) as TestSocket;
    await emit(ctx.deps, [w.reader.userId], { user_id: w.admin.userId });
    await eventOf(reporterSocket, EventType.FRIEND_REQUEST, EventSubtype.REJECT);
    expect(reporterSocket.messages.filter((m) => m.type === EventType.REPORT)).toEqual([]);
    for (const socket of sockets.values()) socket.close();
  });

  it('of a message, a member or a community reaches the admins only, not the community’s own experts', async () => {
    const w = await world();
    const { a, b, groupId } = await friendsWithThread();
    const pmId = await sendOk(a, groupId, 'you are worthless');
    const before = await marks([w.admin, w.expert, a, b]);
    const ids = [
      await report(b, 'message', pmId),
      await report(w.reader, 'user', w.author.userId),
      await report(w.reader, 'community', w.communityId),
    ];
    expect(await reportEvents(w.admin, before)).toEqual(ids.map((id) => `NEW ${id}`));
    for (const m of [w.expert, a, b]) expect(await reportEvents(m, before), m.username).toEqual([]);
  });

  it('is not sent for a repeat of an open report, and never to a reporter who is a moderator', async () => {
    const w = await world();
    const otherAdmin = await signUp(app);
    await adminOf(otherAdmin);
    const before = await marks([w.admin, otherAdmin, w.expert]);
    const id = await report(w.admin, 'post', w.postId);
    expect(await report(w.admin, 'post', w.postId)).toBe(id);
    expect(await reportEvents(w.admin, before)).toEqual([]);
    expect(await reportEvents(otherAdmin, before)).toEqual([`NEW ${id}`]);
    expect(await reportEvents(w.expert, before)).toEqual([`NEW ${id}`]);
    // The list still answers it to its reporter, as decision 0047 has it.
    expect((await listOf(w.admin)).map((r) => r.report_id)).toContain(id);
  });

  it('names the reporter as each moderator sees them: a private reporter’s friend by persona, others by alias', async () => {
    const w = await world();
    const friendAdmin = await signUp(app);
    await adminOf(friendAdmin);
    await befriend(friendAdmin, w.reader);
    await setUser(w.reader, { privacySetting: PrivacySetting.PRIVATE, alias: 'quietfox' });
    const before = await marks([w.admin, friendAdmin, w.expert]);
    const id = await report(w.reader, 'post', w.postId);
    for (const [moderator, communityId, name] of [
      [friendAdmin, undefined, w.reader.username],
      [w.admin, undefined, 'quietfox'],
      [w.expert, w.communityId, 'quietfox'],
    ] as const) {
      const [event] = (await eventsOf(moderator, before.get(moderator))).filter(
        (e) => e.type === EventType.REPORT,
      );
      const listed = (await listOf(moderator, communityId)).find((r) => r.report_id === id);
      expect(event.data).toEqual(listed);
      expect(event.data).toMatchObject({ reporter_name: name });
    }
  });

  it('reaches a moderator who blocked the reporter, whose list shows the report all the same', async () => {
    const w = await world();
    expect((await block(w.admin, w.reader)).statusCode).toBe(200);
    expect((await block(w.expert, w.reader)).statusCode).toBe(200);
    const before = await marks([w.admin, w.expert]);
    const id = await report(w.reader, 'post', w.postId);
    expect(await reportEvents(w.admin, before)).toEqual([`NEW ${id}`]);
    expect(await reportEvents(w.expert, before)).toEqual([`NEW ${id}`]);
    expect((await listOf(w.admin)).map((r) => r.report_id)).toContain(id);
  });
});

describe('REPORT UPDATE', () => {
  it('tells the other moderators that a report was dismissed, live; not its reporter nor anyone else', async () => {
    const w = await world();
    const id = await report(w.reader, 'post', w.postId);
    const socket = await TestSocket.open(await wsUrl(origin, w.admin), origin);
    await socket.live();
    const before = await marks([w.expert, w.admin, w.reader, w.author, w.otherExpert]);

    await resolve(w.expert, id, 'dismiss');

    const event = await eventOf(socket, EventType.REPORT, EventSubtype.UPDATE);
    expect(event.data).toMatchObject({ report_id: id, status: ReportStatus.DISMISSED });
    expect((event.data as { resolved_at: string | null }).resolved_at).toEqual(expect.any(String));
    socket.close();
    // The moderator who acted hears it too, for their other screens.
    expect(await reportEvents(w.expert, before)).toEqual([`UPDATE ${id}`]);
    for (const m of [w.reader, w.author, w.otherExpert]) {
      expect(await reportEvents(m, before), m.username).toEqual([]);
    }
  });

  it('settles every open report of a removed target, each to its readers but its own reporter', async () => {
    const w = await world();
    const first = await report(w.reader, 'post', w.postId);
    const second = await report(w.expert, 'post', w.postId);
    const before = await marks([w.expert, w.admin, w.reader]);

    await resolve(w.expert, first, 'remove');

    expect((await reportEvents(w.admin, before)).sort()).toEqual(
      [`UPDATE ${first}`, `UPDATE ${second}`].sort(),
    );
    // The expert reported the second: they hear of the first only; the reader of neither.
    expect(await reportEvents(w.expert, before)).toEqual([`UPDATE ${first}`]);
    expect(await reportEvents(w.reader, before)).toEqual([]);
    const written = await eventsOf(w.admin, before.get(w.admin));
    for (const e of written.filter((x) => x.type === EventType.REPORT)) {
      expect(e.data).toMatchObject({ status: ReportStatus.REMOVED });
    }
  });

  it('reaches a moderator who blocked the moderator who acted', async () => {
    const w = await world();
    const id = await report(w.reader, 'post', w.postId);
    expect((await block(w.admin, w.expert)).statusCode).toBe(200);
    const before = await marks([w.admin]);
    await resolve(w.expert, id, 'dismiss');
    expect(await reportEvents(w.admin, before)).toEqual([`UPDATE ${id}`]);
  });
});

describe('REPORT DELETE', () => {
  it('takes a report of an erased member out of the lists it was in; not to its reporter', async () => {
    const w = await world();
    const id = await report(w.reader, 'user', w.author.userId);
    const before = await marks([w.admin, w.reader, w.expert]);

    const erased = await call(app, 'eraseAccount', {
      headers: w.author.headers,
      body: { password: w.author.password },
    });
    expect(erased.statusCode).toBe(200);

    const written = (await eventsOf(w.admin, before.get(w.admin))).filter((e) => e.type === EventType.REPORT);
    expect(written.map((e) => [e.subtype, e.data])).toEqual([
      [EventSubtype.DELETE, { report_id: id, community_id: null }],
    ]);
    expect((await listOf(w.admin)).map((r) => r.report_id)).not.toContain(id);
    for (const m of [w.reader, w.expert]) expect(await reportEvents(m, before), m.username).toEqual([]);
  });
});
