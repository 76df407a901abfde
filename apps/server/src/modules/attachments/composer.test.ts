import { EventType, FileType, type UserPostBody } from '@orbit/contract';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { call, unchecked } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { samples, uploaderTo } from '../../test/uploads';

const ctx = await createTestApp();
const { app, deps } = ctx;
const { befriend, community, eventsOf, lastSeq } = feedFixtures(ctx);
const upload = uploaderTo(app);
/** Reads the image at the address the server answered for it, as the browser does. */
const get = (user: TestUser, url: string) => app.inject({ method: 'GET', url, headers: user.headers });
const postAs = (user: TestUser, body: UserPostBody) =>
  call(app, 'createUserPost', { headers: user.headers, body });
const postCount = async () => (await deps.db.select({ n: count() }).from(posts))[0]?.n ?? 0;

/** The composer's image: uploaded first, named by the post afterwards. */
async function composerImage(user: TestUser) {
  const res = await upload(user, 'uploadPostImage', [{ name: 'image.png', bytes: await samples.png() }], {
    query: { folder: user.userId },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the composer’s image', () => {
  it('is claimed by the post naming it, shown in its attachments and to its readers, text or not', async () => {
    const [author, friend] = [await signUp(app), await signUp(app)];
    await befriend(author, friend);
    const image = await composerImage(author);
    expect((await get(friend, image.image_url)).statusCode).toBe(404);
    const since = await lastSeq(friend);

    const res = await postAs(author, {
      message: '',
      owner_user_id: author.userId,
      attachments: [{ id: image.image_id, type: FileType.IMAGE }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().attachments).toMatchObject([{ id: image.image_id, type: FileType.IMAGE }]);
    expect(
      (await call(app, 'userPost', { params: { id: res.json().id }, headers: friend.headers })).json()
        .attachments,
    ).toHaveLength(1);
    expect((await get(friend, image.image_url)).statusCode).toBe(200);
    const [announced] = (await eventsOf(friend, since)).filter((e) => e.type === EventType.USER_POST);
    expect((announced?.data as { attachments?: unknown[] } | undefined)?.attachments).toHaveLength(1);
  });

  it('works for a community post too', async () => {
    const [expert, member] = [await signUp(app), await signUp(app)];
    const id = await community(expert, [member]);
    const image = await composerImage(member);
    const res = await call(app, 'createCommunityPost', {
      headers: member.headers,
      body: {
        message: 'our walk',
        community_id: id,
        attachments: [{ id: image.image_id, type: FileType.IMAGE }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().attachments.map((a) => a.id)).toEqual([image.image_id]);
    expect((await get(expert, image.image_url)).statusCode).toBe(200);
  });

  it('refuses another member’s image, or one already used, with 400 and writes no post', async () => {
    const [author, other] = [await signUp(app), await signUp(app)];
    const theirs = await composerImage(other);
    const before = await postCount();
    const refused = await postAs(author, {
      message: 'not mine',
      attachments: [{ id: theirs.image_id, type: FileType.IMAGE }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_attachment');
    expect(await postCount()).toBe(before);
    expect((await get(author, theirs.image_url)).statusCode).toBe(404);

    const mine = await composerImage(author);
    const body = { message: 'once', attachments: [{ id: mine.image_id, type: FileType.IMAGE }] };
    expect((await postAs(author, body)).statusCode).toBe(200);
    const again = await postAs(author, body);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_attachment');
  });

  it('takes at most 4 images, each of type 1 (400 otherwise)', async () => {
    const author = await signUp(app);
    const images = [];
    for (let i = 0; i < 5; i++) images.push(await composerImage(author));
    const named = images.map((image) => ({ id: image.image_id, type: FileType.IMAGE }));
    const five = await postAs(author, { message: 'five', attachments: named });
    expect(five.statusCode).toBe(400);
    const four = await postAs(author, { message: 'four', attachments: named.slice(0, 4) });
    expect(four.statusCode).toBe(200);
    expect(four.json().attachments).toHaveLength(4);
    const notAnImage = await postAs(author, {
      message: 'video?',
      attachments: [{ id: images[4].image_id, type: unchecked(FileType.VIDEO) }],
    });
    expect(notAnImage.statusCode).toBe(400);
  });
});
