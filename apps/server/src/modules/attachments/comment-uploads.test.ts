import { EventType, FileType } from '@orbit/contract';
import { count } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { attachments, comments } from '../../db/schema';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { samples, uploader } from '../../test/uploads';

const ctx = await createTestApp();
const { app, deps } = ctx;
const { call, befriend, community, eventsOf, lastSeq } = feedFixtures(ctx);
const upload = uploader(app);
const get = (user: TestUser, url: string) => app.inject({ method: 'GET', url, headers: user.headers });
const rowsIn = async (table: typeof attachments | typeof comments) =>
  (await deps.db.select({ n: count() }).from(table))[0]?.n ?? 0;

async function communityPost() {
  const [expert, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
  const id = await community(expert, [member]);
  const post = await call(member, 'POST', 'community/feed', { message: 'post', community_id: id });
  return { expert, member, outsider, id, feedId: post.json().id as number };
}

describe('a comment created with its files', () => {
  it('writes the comment and its files at once, announces it once with them, and serves them', async () => {
    const { expert, member, id, feedId } = await communityPost();
    const since = await lastSeq(expert);
    const res = await upload(
      member,
      `communities/${id}/feeds/${feedId}/attachments`,
      [
        { name: 'route.pdf', bytes: samples.pdf() },
        { name: 'view.png', bytes: await samples.png() },
      ],
      { message: 'the route', identity_type: 1, urgency: 0, tagged_users: [] },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)[0]).toBe('comment_id');
    expect(body.attachments.map((a: { type: number }) => a.type)).toEqual([FileType.PDF, FileType.IMAGE]);

    const listed = await call(expert, 'GET', `community/feed/comments?feed_id=${feedId}&community_id=${id}`);
    const [comment] = listed.json().community_feed_comments;
    expect(comment).toMatchObject({ community_feed_comment_id: body.comment_id, message: 'the route' });
    expect(comment.attachments.map((a: { id: number }) => a.id)).toEqual(
      body.attachments.map((a: { id: number }) => a.id),
    );
    expect((await get(expert, body.attachments[0].url)).rawPayload.equals(samples.pdf())).toBe(true);

    const announced = (await eventsOf(expert, since)).filter((e) => e.type === EventType.COMMUNITY_COMMENT);
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({ subtype: 'NEW', data: { id: body.comment_id } });
    expect((announced[0]?.data as { attachments?: unknown[] } | undefined)?.attachments).toHaveLength(2);
  });

  it('accepts files with no text, and still refuses a comment with neither', async () => {
    const { member, id, feedId } = await communityPost();
    const path = `communities/${id}/feeds/${feedId}/attachments`;
    const silent = await upload(member, path, [{ name: 'a.pdf', bytes: samples.pdf() }], { message: '  ' });
    expect(silent.statusCode).toBe(200);
    expect(silent.json().attachments).toHaveLength(1);
    const empty = await upload(member, path, [], { message: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('empty_message');
  });

  it('comments with files on a friend’s feed, for the feed’s readers', async () => {
    const [owner, friend, stranger] = [await signUp(app), await signUp(app), await signUp(app)];
    await befriend(owner, friend);
    const post = await call(owner, 'POST', 'user/feed', { message: 'mine' });
    const feedId = post.json().id;
    const res = await upload(friend, `users/${owner.userId}/feeds/${feedId}/attachments`, [
      { name: 'hello.txt', bytes: Buffer.from('hello') },
    ]);
    expect(res.statusCode).toBe(200);
    const listed = await call(owner, 'GET', `user/comments?feed_id=${feedId}&user_id=${owner.userId}`);
    expect(listed.json().user_feed_comments[0].attachments).toHaveLength(1);
    expect((await get(owner, res.json().attachments[0].url)).statusCode).toBe(200);
    expect((await get(stranger, res.json().attachments[0].url)).statusCode).toBe(404);

    const elsewhere = await upload(friend, `users/${friend.userId}/feeds/${feedId}/attachments`, [
      { name: 'hello.txt', bytes: Buffer.from('hello') },
    ]);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses a non-member of the community with 403 and stores nothing', async () => {
    const { outsider, id, feedId } = await communityPost();
    const before = { files: await rowsIn(attachments), comments: await rowsIn(comments) };
    const put = vi.spyOn(deps.storage, 'put');
    try {
      const res = await upload(outsider, `communities/${id}/feeds/${feedId}/attachments`, [
        { name: 'x.pdf', bytes: samples.pdf() },
      ]);
      expect(res.statusCode).toBe(403);
      expect(put).not.toHaveBeenCalled();
    } finally {
      put.mockRestore();
    }
    expect({ files: await rowsIn(attachments), comments: await rowsIn(comments) }).toEqual(before);
  });

  it('keeps urgency for experts: a member’s urgent comment is refused and its stored bytes removed', async () => {
    const { expert, member, id, feedId } = await communityPost();
    const path = `communities/${id}/feeds/${feedId}/attachments`;
    const files = [{ name: 'x.pdf', bytes: samples.pdf() }];
    const put = vi.spyOn(deps.storage, 'put');
    try {
      const refused = await upload(member, path, files, { message: 'now', urgency: 3 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('urgency_experts_only');
      const [key] = put.mock.calls[0] ?? [];
      expect(await deps.storage.get(key as string)).toBeNull();
    } finally {
      put.mockRestore();
    }
    const urgent = await upload(expert, path, files, { message: 'now', urgency: 3 });
    expect(urgent.statusCode).toBe(200);
    const { url } = urgent.json().attachments[0];
    expect((await get(expert, url)).statusCode).toBe(200);
    expect((await get(member, url)).statusCode).toBe(404);
  });

  it('refuses a data field that is not a valid comment (400)', async () => {
    const { member, id, feedId } = await communityPost();
    const res = await upload(
      member,
      `communities/${id}/feeds/${feedId}/attachments`,
      [{ name: 'x.pdf', bytes: samples.pdf() }],
      { urgency: 7 },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation');
  });
});
