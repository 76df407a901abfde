import { AccessType, EN_US, FileType, LIMITS } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { attachments } from '../../db/schema';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { samples, uploaderTo } from '../../test/uploads';
import { claimPostImages } from '../feeds/files';

const ctx = await createTestApp();
const { app } = ctx;
const { community, eventsOf, lastSeq, befriend } = feedFixtures(ctx);

const upload = uploaderTo(app);
/** Reads a file at the address the server answered for it, as the browser does (a byte range, say). */
const get = (user: TestUser, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...user.headers, ...headers } });

/** The attachments an event's post carries. */
const attachmentsOf = (event: { data: unknown } | undefined) =>
  (event?.data as { attachments?: unknown[] } | undefined)?.attachments;
const oversized = () => Buffer.alloc(LIMITS.uploadBytes + 1, 1);
const postCount = async () => (await ctx.deps.db.select({ id: attachments.id }).from(attachments)).length;

describe('upload rules', () => {
  it('refuses more than 4 files with 400 too_many_files', async () => {
    const user = await signUp(app);
    const png = await samples.png();
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.png`, bytes: png }));
    const res = await upload(user, 'userPostWithFiles', files, {
      params: { id: user.userId },
      data: { message: 'five' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('too_many_files');
    const four = await upload(user, 'userPostWithFiles', files.slice(0, 4), {
      params: { id: user.userId },
      data: {
        message: 'four',
      },
    });
    expect(four.statusCode).toBe(200);
    expect(four.json().attachments).toHaveLength(4);
  });

  it('refuses a file of 25 MB + 1 byte with 413 and the one-file message', async () => {
    const user = await signUp(app);
    const res = await upload(user, 'userPostWithFiles', [{ name: 'big.pdf', bytes: oversized() }], {
      params: { id: user.userId },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'too_large', message: 'This file exceeds 25MB limit' });
    expect(res.json().message).toBe(EN_US['upload.file_exceeds_limit']);
  });

  it('accepts a file of exactly 25 MB', async () => {
    const user = await signUp(app);
    const exact = Buffer.concat([samples.pdf(), Buffer.alloc(LIMITS.uploadBytes - samples.pdf().length, 32)]);
    const res = await upload(user, 'userPostWithFiles', [{ name: 'exact.pdf', bytes: exact }], {
      params: { id: user.userId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().attachments[0].size).toBe(LIMITS.uploadBytes);
  });

  it('answers the several-files message when the upload has several files', async () => {
    const user = await signUp(app);
    const files = [
      { name: 'a.pdf', bytes: oversized() },
      { name: 'b.pdf', bytes: oversized() },
    ];
    const res = await upload(user, 'userPostWithFiles', files, { params: { id: user.userId } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'too_large', message: 'One or more files exceeds 25MB limit' });
  });

  it('refuses an .exe with 415', async () => {
    const user = await signUp(app);
    const res = await upload(user, 'userPostWithFiles', [{ name: 'tool.exe', bytes: samples.exe() }], {
      params: { id: user.userId },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('unsupported_type');
  });

  it.each([
    ['a PDF named .png', 'fake.png', () => samples.pdf()],
    ['a video named .mp3', 'song.mp3', () => samples.mp4()],
    ['an executable named .txt', 'notes.txt', () => samples.exe()],
    ['text with a NUL byte', 'notes.txt', () => Buffer.from('hello\u0000world')],
    ['a CSV that is not UTF-8', 'sheet.csv', () => Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a])],
    ['plain text named .pdf', 'doc.pdf', () => Buffer.from('just words')],
  ])('refuses %s with 415 (the bytes decide, not the name)', async (_what, name, bytes) => {
    const user = await signUp(app);
    const before = await postCount();
    const files = [{ name, bytes: bytes() }];
    const res = await upload(user, 'userPostWithFiles', files, {
      params: { id: user.userId },
      data: { message: 'x' },
    });
    expect(res.statusCode).toBe(415);
    expect(await postCount()).toBe(before);
  });

  it('stores a real PNG, PDF, MP3 and UTF-8 text with their file type codes and serves them safely', async () => {
    const user = await signUp(app);
    const files = [
      { name: 'photo.png', bytes: await samples.png() },
      { name: 'report.pdf', bytes: samples.pdf() },
      { name: 'song.mp3', bytes: samples.mp3() },
      { name: 'notes é.txt', bytes: Buffer.from('Walk at 7, café after\n') },
    ];
    const res = await upload(user, 'userPostWithFiles', files, {
      params: { id: user.userId },
      data: { message: 'my files' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)[0]).toBe('feed_id');
    expect(body.attachments.map((a) => a.type)).toEqual([
      FileType.IMAGE,
      FileType.PDF,
      FileType.AUDIO,
      FileType.DOCUMENT,
    ]);
    const [png, pdf, mp3, txt] = body.attachments;

    const image = await get(user, png.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(/^inline; /);

    const doc = await get(user, pdf.url);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(doc.rawPayload.equals(samples.pdf())).toBe(true);

    expect((await get(user, mp3.url)).headers['content-type']).toBe('audio/mpeg');
    const text = await get(user, txt.url);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.headers['content-disposition']).toBe(
      `attachment; filename="notes _.txt"; filename*=UTF-8''notes%20%C3%A9.txt`,
    );

    const post = await call(app, 'userPost', { params: { id: body.feed_id }, headers: user.headers });
    expect(post.json().attachments.map((a) => a.url)).toEqual(body.attachments.map((a) => a.url));
    // The reply carries the post as a read shows it: the feed needs no second request.
    expect(body.post).toEqual(post.json());
  });

  it('strips the GPS EXIF of a JPEG and keeps it a JPEG', async () => {
    const user = await signUp(app);
    const jpeg = await samples.jpegWithGps();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(user, 'userPostWithFiles', [{ name: 'where.jpg', bytes: jpeg }], {
      params: { id: user.userId },
    });
    expect(res.statusCode).toBe(200);
    const served = await get(user, res.json().attachments[0].url);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it('answers a byte range of a video with 206 and exactly those bytes', async () => {
    const user = await signUp(app);
    const video = samples.mp4();
    const res = await upload(user, 'userPostWithFiles', [{ name: 'clip.mp4', bytes: video }], {
      params: { id: user.userId },
    });
    const { url, type } = res.json().attachments[0];
    expect(type).toBe(FileType.VIDEO);

    const part = await get(user, url, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${video.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-disposition']).toMatch(/^inline; /);
    expect(part.rawPayload.equals(video.subarray(100, 1100))).toBe(true);

    const tail = await get(user, url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);

    const outside = await get(user, url, { range: `bytes=${video.length + 5}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${video.length}`);

    const whole = await get(user, url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);
  });

  it('allows an empty message when files carry the post, and refuses a body that is not multipart', async () => {
    const user = await signUp(app);
    const res = await upload(user, 'userPostWithFiles', [{ name: 'a.pdf', bytes: samples.pdf() }], {
      params: { id: user.userId },
      data: {},
    });
    expect(res.statusCode).toBe(200);
    // A JSON body where the endpoint reads a form: the typed client sends no form.
    const json = await app.inject({
      method: 'POST',
      url: `/api/users/${user.userId}/attachments`,
      headers: user.headers,
      payload: { message: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a data field that is not a valid post (400)', async () => {
    const user = await signUp(app);
    const files = [{ name: 'a.pdf', bytes: samples.pdf() }];
    const res = await upload(user, 'userPostWithFiles', files, {
      params: { id: user.userId },
      data: { identity_type: 9 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation');
  });
});

describe('who may upload and read', () => {
  it('lets only members read a private community’s attachment (404 for the rest)', async () => {
    const [expert, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
    const id = await community(expert, [member], AccessType.PRIVATE);
    const res = await upload(member, 'communityPostWithFiles', [{ name: 'plan.pdf', bytes: samples.pdf() }], {
      params: { id },
      data: {
        message: 'our plan',
      },
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json().attachments[0];
    expect((await get(expert, url)).statusCode).toBe(200);
    expect((await get(member, url)).statusCode).toBe(200);
    const refused = await get(outsider, url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('not_found');
  });

  it('refuses files from a non-member of a community (403) and stores nothing', async () => {
    const [expert, outsider] = [await signUp(app), await signUp(app)];
    const id = await community(expert, []);
    const before = await postCount();
    const res = await upload(outsider, 'communityPostWithFiles', [{ name: 'x.pdf', bytes: samples.pdf() }], {
      params: { id },
    });
    expect(res.statusCode).toBe(403);
    expect(await postCount()).toBe(before);
  });

  it('keeps a private post’s files to its author and target', async () => {
    const [owner, friend, other] = [await signUp(app), await signUp(app), await signUp(app)];
    await befriend(owner, friend);
    await befriend(owner, other);
    const res = await upload(owner, 'userPostWithFiles', [{ name: 'x.pdf', bytes: samples.pdf() }], {
      params: { id: owner.userId },
      data: {
        message: 'for you',
        privacy: 2,
        target_user_id: friend.userId,
      },
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json().attachments[0];
    expect((await get(friend, url)).statusCode).toBe(200);
    expect((await get(other, url)).statusCode).toBe(404);
  });

  it('announces the new post to the community with its attachments', async () => {
    const [expert, member] = [await signUp(app), await signUp(app)];
    const id = await community(expert, [member]);
    const since = await lastSeq(expert);
    const res = await upload(
      member,
      'communityPostWithFiles',
      [{ name: 'a.png', bytes: await samples.png() }],
      {
        params: { id },
        data: {
          message: 'look',
        },
      },
    );
    const received = (await eventsOf(expert, since)).filter((e) => e.type === 'COMMUNITY_POST');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ subtype: 'NEW', data: { id: res.json().feed_id } });
    expect(attachmentsOf(received[0])).toHaveLength(1);
  });
});

describe('the put paths', () => {
  it('adds a further file to the author’s own post and tells its readers', async () => {
    const [expert, member] = [await signUp(app), await signUp(app)];
    const id = await community(expert, [member]);
    const first = await upload(member, 'communityPostWithFiles', [{ name: 'a.pdf', bytes: samples.pdf() }], {
      params: { id },
      data: {
        message: 'two files',
      },
    });
    const feedId = first.json().feed_id;
    const since = await lastSeq(expert);
    const put = await upload(member, 'addCommunityPostFiles', [{ name: 'b.mp3', bytes: samples.mp3() }], {
      params: { id, feedId },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().attachments[0]).toMatchObject({ type: FileType.AUDIO, fileName: 'b.mp3' });
    const update = (await eventsOf(expert, since)).find((e) => e.type === 'COMMUNITY_POST');
    expect(update).toMatchObject({ subtype: 'UPDATE', data: { id: feedId } });
    expect(attachmentsOf(update)).toHaveLength(2);

    const byExpert = await upload(
      expert,
      'addCommunityPostFiles',
      [{ name: 'c.pdf', bytes: samples.pdf() }],
      { params: { id, feedId } },
    );
    expect(byExpert.statusCode).toBe(403);
    const elsewhere = await upload(member, 'addUserPostFiles', [{ name: 'c.pdf', bytes: samples.pdf() }], {
      params: { id: member.userId, feedId },
    });
    expect(elsewhere.statusCode).toBe(404);
    const none = await upload(member, 'addCommunityPostFiles', [], { params: { id, feedId } });
    expect(none.statusCode).toBe(400);
  });
});

describe('the comment put paths', () => {
  /** The new comment's id, which must be created. */
  const created = async (res: Promise<{ statusCode: number; json(): { id: number } }>) => {
    const answered = await res;
    expect(answered.statusCode).toBe(200);
    return answered.json().id;
  };

  it('adds files to one’s own community comment; an urgent one’s files are for experts only', async () => {
    const [expert, member] = [await signUp(app), await signUp(app)];
    const id = await community(expert, [member]);
    const post = await upload(member, 'communityPostWithFiles', [{ name: 'a.pdf', bytes: samples.pdf() }], {
      params: { id },
      data: {
        message: 'post',
      },
    });
    const feed_id = post.json().feed_id;
    const mine = await created(
      call(app, 'createCommunityComment', {
        headers: member.headers,
        body: { feed_id, community_id: id, message: 'mine' },
      }),
    );
    const since = await lastSeq(expert);
    const put = await upload(
      member,
      'addCommunityCommentFiles',
      [{ name: 'n.txt', bytes: Buffer.from('ok') }],
      { params: { id: mine } },
    );
    expect(put.statusCode).toBe(200);
    expect(put.json().attachments[0]).toMatchObject({ type: FileType.DOCUMENT, fileName: 'n.txt' });
    const update = (await eventsOf(expert, since)).find((e) => e.type === 'COMMUNITY_COMMENT');
    expect(update).toMatchObject({ subtype: 'UPDATE', data: { id: mine } });
    expect(attachmentsOf(update)).toHaveLength(1);

    const files = [{ name: 'b.pdf', bytes: samples.pdf() }];
    expect(
      (await upload(expert, 'addCommunityCommentFiles', files, { params: { id: mine } })).statusCode,
    ).toBe(403);
    expect((await upload(member, 'addUserCommentFiles', files, { params: { id: mine } })).statusCode).toBe(
      404,
    );

    const urgent = await created(
      call(app, 'createCommunityComment', {
        headers: expert.headers,
        body: { feed_id, community_id: id, message: 'now', urgency: 3 },
      }),
    );
    const urgentFile = await upload(expert, 'addCommunityCommentFiles', files, { params: { id: urgent } });
    expect(urgentFile.statusCode).toBe(200);
    const { url } = urgentFile.json().attachments[0];
    expect((await get(expert, url)).statusCode).toBe(200);
    expect((await get(member, url)).statusCode).toBe(404);
    expect(
      (await upload(member, 'addCommunityCommentFiles', files, { params: { id: urgent } })).statusCode,
    ).toBe(404);
  });

  it('adds files to one’s own comment on a member’s feed', async () => {
    const [owner, friend] = [await signUp(app), await signUp(app)];
    await befriend(owner, friend);
    const post = await upload(owner, 'userPostWithFiles', [{ name: 'a.pdf', bytes: samples.pdf() }], {
      params: { id: owner.userId },
    });
    const mine = await created(
      call(app, 'createUserComment', {
        headers: friend.headers,
        body: { feed_id: post.json().feed_id, user_id: owner.userId, message: 'hi' },
      }),
    );
    const put = await upload(friend, 'addUserCommentFiles', [{ name: 'p.png', bytes: await samples.png() }], {
      params: { id: mine },
    });
    expect(put.statusCode).toBe(200);
    expect((await get(owner, put.json().attachments[0].url)).statusCode).toBe(200);
  });
});

describe('/user/post_image', () => {
  it('stores the composer’s image for its uploader, then for the readers of the post that claims it', async () => {
    const [author, friend] = [await signUp(app), await signUp(app)];
    await befriend(author, friend);
    const res = await upload(
      author,
      'uploadPostImage',
      [{ name: 'image.png', bytes: await samples.jpegWithGps() }],
      { query: { folder: author.userId } },
    );
    expect(res.statusCode).toBe(200);
    const { image_id, image_url } = res.json();
    expect(image_url).toBe(`/api/user/post_image?image_id=${image_id}`);
    const own = await get(author, image_url);
    expect(own.statusCode).toBe(200);
    expect((await sharp(own.rawPayload).metadata()).exif).toBeUndefined();
    expect((await get(friend, image_url)).statusCode).toBe(404);

    const post = await call(app, 'createUserPost', {
      headers: author.headers,
      body: { message: 'with a picture', owner_user_id: author.userId },
    });
    const feedId = post.json().id;
    await ctx.deps.db.transaction((tx) => claimPostImages(tx, author.userId, [image_id], feedId));
    expect((await get(friend, image_url)).statusCode).toBe(200);
    await expect(
      ctx.deps.db.transaction((tx) => claimPostImages(tx, author.userId, [image_id], feedId)),
    ).rejects.toMatchObject({ code: 'invalid_attachment' });
  });

  it('names a pasted image without a name by its content, and refuses what is not an image', async () => {
    const user = await signUp(app);
    const res = await upload(user, 'uploadPostImage', [{ name: 'blob', bytes: await samples.png() }]);
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.deps.db.select().from(attachments).where(eq(attachments.id, res.json().image_id));
    expect(row?.fileName).toBe('image.png');
    expect(
      (await upload(user, 'uploadPostImage', [{ name: 'x.png', bytes: samples.pdf() }])).statusCode,
    ).toBe(415);
  });

  it('serves only images under the post image route', async () => {
    const user = await signUp(app);
    const res = await upload(user, 'userPostWithFiles', [{ name: 'a.pdf', bytes: samples.pdf() }], {
      params: { id: user.userId },
    });
    const id = res.json().attachments[0].id;
    expect((await call(app, 'attachment', { params: { id }, headers: user.headers })).statusCode).toBe(200);
    expect(
      (await call(app, 'postImage', { query: { image_id: id }, headers: user.headers })).statusCode,
    ).toBe(404);
  });
});

describe('upload rate limit', async () => {
  const limited = await createTestApp({ rateLimitFactor: 1 });

  it('allows 30 uploads a minute per member', async () => {
    const user = await signUp(limited.app);
    const send = () =>
      uploaderTo(limited.app)(user, 'uploadPostImage', [
        { name: 'x.png', bytes: Buffer.from('not an image') },
      ]);
    for (let i = 0; i < 30; i++) expect((await send()).statusCode).toBe(415);
    expect((await send()).statusCode).toBe(429);
  });
});
