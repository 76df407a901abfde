import { EventType, FileType } from '@orbit/contract';
import { count } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { attachments, comments } from '../../db/schema';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { samples, uploaderTo } from '../../test/uploads';

const ctx = await createTestApp();
const { app, deps } = ctx;
const { befriend, community, eventsOf, lastSeq } = feedFixtures(ctx);
const upload = uploaderTo(app);
/** Reads a file at the address the server answered for it, as the browser does. */
const get = (user: TestUser, url: string) => app.inject({ method: 'GET', url, headers: user.headers });
const rowsIn = async (table: typeof attachments | typeof comments) =>
  (await deps.db.select({ n: count() }).from(table))[0]?.n ?? 0;

async function communityPost() {
  const [expert, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
  const id = await community(expert, [member]);
  const post = await call(app, 'createCommunityPost', {
    headers: member.headers,
    body: { message: 'post', community_id: id },
  });
  return { expert, member, outsider, id, feedId: post.json().id };
}

describe('a comment created with its files', () => {
  it('writes the comment and its files at once, announces it once with them, and serves them', async () => {
    const { expert, member, id, feedId } = await communityPost();
    const since = await lastSeq(expert);
    const res = await upload(
      member,
      'communityCommentWithFiles',
      [
        { name: 'route.pdf', bytes: samples.pdf() },
        { name: 'view.png', bytes: await samples.png() },
      ],
      {
        params: { id, feedId },
        data: { message: 'the route', identity_type: 1, urgency: 0, tagged_users: [] },
      },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)[0]).toBe('comment_id');
    expect(body.attachments.map((a) => a.type)).toEqual([FileType.PDF, FileType.IMAGE]);

    const listed = await call(app, 'communityComments', {
      headers: expert.headers,
      query: { feed_id: feedId, community_id: id },
    });
    const [comment] = listed.json().community_feed_comments;
    expect(comment).toMatchObject({ community_feed_comment_id: body.comment_id, message: 'the route' });
    expect(comment.attachments.map((a) => a.id)).toEqual(body.attachments.map((a) => a.id));
    expect((await get(expert, body.attachments[0].url)).rawPayload.equals(samples.pdf())).toBe(true);

    const announced = (await eventsOf(expert, since)).filter((e) => e.type === EventType.COMMUNITY_COMMENT);
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({ subtype: 'NEW', data: { id: body.comment_id } });
    expect((announced[0]?.data as { attachments?: unknown[] } | undefined)?.attachments).toHaveLength(2);
  });

  it('accepts files with no text, and still refuses a comment with neither', async () => {
    const { member, id, feedId } = await communityPost();
    const params = { id, feedId };
    const silent = await upload(
      member,
      'communityCommentWithFiles',
      [{ name: 'a.pdf', bytes: samples.pdf() }],
      {
        params,
        data: { message: '  ' },
      },
    );
    expect(silent.statusCode).toBe(200);
    expect(silent.json().attachments).toHaveLength(1);
    const empty = await upload(member, 'communityCommentWithFiles', [], { params, data: { message: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('empty_message');
  });

  it('comments with files on a friend’s feed, for the feed’s readers', async () => {
    const [owner, friend, stranger] = [await signUp(app), await signUp(app), await signUp(app)];
    await befriend(owner, friend);
    const post = await call(app, 'createUserPost', { headers: owner.headers, body: { message: 'mine' } });
    const feedId = post.json().id;
    const res = await upload(
      friend,
      'userCommentWithFiles',
      [{ name: 'hello.txt', bytes: Buffer.from('hello') }],
      { params: { id: owner.userId, feedId } },
    );
    expect(res.statusCode).toBe(200);
    const listed = await call(app, 'userComments', {
      headers: owner.headers,
      query: { feed_id: feedId, user_id: owner.userId },
    });
    expect(listed.json().user_feed_comments[0].attachments).toHaveLength(1);
    expect((await get(owner, res.json().attachments[0].url)).statusCode).toBe(200);
    expect((await get(stranger, res.json().attachments[0].url)).statusCode).toBe(404);

    const elsewhere = await upload(
      friend,
      'userCommentWithFiles',
      [{ name: 'hello.txt', bytes: Buffer.from('hello') }],
      { params: { id: friend.userId, feedId } },
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses a non-member of the community with 403 and stores nothing', async () => {
    const { outsider, id, feedId } = await communityPost();
    const before = { files: await rowsIn(attachments), comments: await rowsIn(comments) };
    const put = vi.spyOn(deps.storage, 'put');
    try {
      const res = await upload(
        outsider,
        'communityCommentWithFiles',
        [{ name: 'x.pdf', bytes: samples.pdf() }],
        { params: { id, feedId } },
      );
      expect(res.statusCode).toBe(403);
      expect(put).not.toHaveBeenCalled();
    } finally {
      put.mockRestore();
    }
    expect({ files: await rowsIn(attachments), comments: await rowsIn(comments) }).toEqual(before);
  });

  it('keeps urgency for experts: a member’s urgent comment is refused and its stored bytes removed', async () => {
    const { expert, member, id, feedId } = await communityPost();
    const files = [{ name: 'x.pdf', bytes: samples.pdf() }];
    const urgentAs = (user: TestUser) =>
      upload(user, 'communityCommentWithFiles', files, {
        params: { id, feedId },
        data: { message: 'now', urgency: 3 },
      });
    const put = vi.spyOn(deps.storage, 'put');
    try {
      const refused = await urgentAs(member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('urgency_experts_only');
      const [key] = put.mock.calls[0] ?? [];
      expect(await deps.storage.get(key as string)).toBeNull();
    } finally {
      put.mockRestore();
    }
    const urgent = await urgentAs(expert);
    expect(urgent.statusCode).toBe(200);
    const { url } = urgent.json().attachments[0];
    expect((await get(expert, url)).statusCode).toBe(200);
    expect((await get(member, url)).statusCode).toBe(404);
  });

  it('refuses a data field that is not a valid comment (400)', async () => {
    const { member, id, feedId } = await communityPost();
    const res = await upload(member, 'communityCommentWithFiles', [{ name: 'x.pdf', bytes: samples.pdf() }], {
      params: { id, feedId },
      data: { urgency: 7 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation');
  });
});
