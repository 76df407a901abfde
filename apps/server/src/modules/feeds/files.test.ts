import { inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { attachments } from '../../db/schema';
import { MemoryStorage } from '../../platform/storage';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { samples, uploader } from '../../test/uploads';
import { removeStoredFiles } from './files';

const ctx = await createTestApp();
const { app, deps } = ctx;
const { community } = feedFixtures(ctx);
// A post or comment with files is a multipart upload: the uploader's form, not `call`.
const upload = uploader(app);

/** The storage keys of these attachments, read before anything deletes their rows. */
async function storageKeysOf(ids: number[]) {
  const rows = await deps.db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(inArray(attachments.id, ids));
  expect(rows).toHaveLength(ids.length);
  return rows.map((row) => row.key);
}
const stored = async (keys: string[]) =>
  (await Promise.all(keys.map((key) => deps.storage.get(key)))).filter((bytes) => bytes !== null).length;
const idsOf = (res: { json(): { attachments: { id: number }[] } }) => res.json().attachments.map((a) => a.id);

const deletePost = (user: TestUser, id: number, feedId: number) =>
  call(app, 'deleteCommunityPost', { headers: user.headers, params: { id, feedId } });

/** A community post with a file, and a comment on it with a file of its own. */
async function postAndCommentWithFiles() {
  const [expert, member, other] = [await signUp(app), await signUp(app), await signUp(app)];
  const id = await community(expert, [member, other]);
  const post = await upload(
    member,
    `communities/${id}/attachments`,
    [{ name: 'a.pdf', bytes: samples.pdf() }],
    {
      message: 'post',
    },
  );
  const feedId = post.json().feed_id as number;
  const comment = await upload(member, `communities/${id}/feeds/${feedId}/attachments`, [
    { name: 'b.png', bytes: await samples.png() },
  ]);
  return {
    expert,
    member,
    other,
    id,
    feedId,
    commentId: comment.json().comment_id as number,
    postKeys: await storageKeysOf(idsOf(post)),
    commentKeys: await storageKeysOf(idsOf(comment)),
  };
}

describe('files of deleted posts and comments', () => {
  it('removes a deleted comment’s bytes from storage, and only its own', async () => {
    const { member, id, feedId, commentId, postKeys, commentKeys } = await postAndCommentWithFiles();
    const res = await call(app, 'deleteCommunityComment', {
      headers: member.headers,
      params: { id, feedId, commentId },
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(commentKeys)).toBe(0);
    expect(await stored(postKeys)).toBe(1);
  });

  it('removes a deleted post’s bytes and those of its comments’ files', async () => {
    const { expert, id, feedId, postKeys, commentKeys } = await postAndCommentWithFiles();
    const res = await deletePost(expert, id, feedId);
    expect(res.statusCode).toBe(200);
    expect(await stored([...postKeys, ...commentKeys])).toBe(0);
  });

  it('keeps the bytes when the deletion is refused', async () => {
    const { other, id, feedId, postKeys, commentKeys } = await postAndCommentWithFiles();
    expect((await deletePost(other, id, feedId)).statusCode).toBe(403);
    expect(await stored([...postKeys, ...commentKeys])).toBe(2);
  });

  it('answers the deletion even when storage fails to remove the bytes', async () => {
    const { member, id, feedId } = await postAndCommentWithFiles();
    const remove = vi.spyOn(deps.storage, 'delete').mockRejectedValue(new Error('storage is down'));
    try {
      expect((await deletePost(member, id, feedId)).statusCode).toBe(200);
      expect(remove).toHaveBeenCalledTimes(2);
    } finally {
      remove.mockRestore();
    }
    expect(
      (await call(app, 'communityPost', { headers: member.headers, params: { id: feedId } })).statusCode,
    ).toBe(404);
  });

  it('logs each file storage could not remove, and removes the others', async () => {
    const storage = new MemoryStorage();
    await storage.put('kept', Buffer.from('a'));
    await storage.put('gone', Buffer.from('b'));
    const failing = vi.spyOn(storage, 'delete');
    failing.mockRejectedValueOnce(new Error('down'));
    const log = { warn: vi.fn() };
    await removeStoredFiles(storage, ['kept', 'gone'], log);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatchObject({ storageKey: 'kept' });
    expect(await storage.get('gone')).toBeNull();
  });
});
