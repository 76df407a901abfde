import {
  AccessType,
  type CommunityCommentBody,
  type EditCommentBody,
  EventType,
  IdentityType,
} from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';

const ctx = await createTestApp();
const { app } = ctx;
const { befriend, community, eventsOf, lastSeq } = feedFixtures(ctx);

const comment = (
  user: TestUser,
  communityId: number,
  feedId: number,
  body: Partial<CommunityCommentBody> = {},
) =>
  call(app, 'createCommunityComment', {
    headers: user.headers,
    body: { message: 'nice', feed_id: feedId, community_id: communityId, ...body },
  });
const comments = (user: TestUser, communityId: number, feedId: number) =>
  call(app, 'communityComments', {
    headers: user.headers,
    query: { feed_id: feedId, community_id: communityId },
  });
const postIn = (user: TestUser, communityId: number, message: string) =>
  call(app, 'createCommunityPost', { headers: user.headers, body: { message, community_id: communityId } });
/** A comment of a community post: its community, post and own id. */
type CommentAt = { id: number; feedId: number; commentId: number };
const editComment = (user: TestUser, params: CommentAt, body: EditCommentBody) =>
  call(app, 'editCommunityComment', { headers: user.headers, params, body });
const deleteComment = (user: TestUser, params: CommentAt) =>
  call(app, 'deleteCommunityComment', { headers: user.headers, params });

async function setting() {
  const [expert, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
  const id = await community(expert, [member]);
  const post = (await postIn(member, id, 'post')).json();
  return { expert, member, outsider, id, feedId: post.id };
}

describe('comment urgency', () => {
  it('only experts set it; non-experts get only urgency-0 comments, in lists, counts and single calls', async () => {
    const { expert, member, id, feedId } = await setting();
    const refused = await comment(member, id, feedId, { urgency: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('urgency_experts_only');
    expect((await comment(member, id, feedId)).json()).toMatchObject({
      urgency: 0,
      community_feed_comment_id: expect.any(Number),
    });
    const urgent = (await comment(expert, id, feedId, { urgency: 3, message: 'urgent' })).json();
    expect(urgent.urgency).toBe(3);
    expect((await comments(expert, id, feedId)).json().community_feed_comments.map((c) => c.message)).toEqual(
      ['nice', 'urgent'],
    );
    expect((await comments(member, id, feedId)).json().community_feed_comments.map((c) => c.message)).toEqual(
      ['nice'],
    );
    const post = (user: TestUser) =>
      call(app, 'communityPost', { headers: user.headers, params: { id: feedId } });
    expect((await post(expert)).json()).toMatchObject({ num_comments: 2, urgency_comments: 3 });
    expect((await post(member)).json()).toMatchObject({ num_comments: 1, urgency_comments: 0 });
    const params = { id, feedId, commentId: urgent.id };
    expect((await deleteComment(member, params)).statusCode).toBe(404);
    expect((await editComment(member, params, { message: 'x' })).statusCode).toBe(404);
  });

  it('urgent comments reach experts only live', async () => {
    const { expert, member, id, feedId } = await setting();
    const since = { expert: await lastSeq(expert), member: await lastSeq(member) };
    await comment(expert, id, feedId, { urgency: 2 });
    await comment(expert, id, feedId);
    // Other features (notifications) may send their own events too: only the comment events are checked.
    const commentEvents = async (user: TestUser, after: Awaited<ReturnType<typeof lastSeq>>) =>
      (await eventsOf(user, after)).filter((e) => e.type === EventType.COMMUNITY_COMMENT);
    expect(
      (await commentEvents(expert, since.expert)).map((e) => [
        e.type,
        (e.data as { urgency: number }).urgency,
      ]),
    ).toEqual([
      [EventType.COMMUNITY_COMMENT, 2],
      [EventType.COMMUNITY_COMMENT, 0],
    ]);
    expect(
      (await commentEvents(member, since.member)).map((e) => (e.data as { urgency: number }).urgency),
    ).toEqual([0]);
  });

  it("an expert sets the urgency alone of a member's comment; its words stay the author's", async () => {
    const [expert, author, reader] = [await signUp(app), await signUp(app), await signUp(app)];
    const id = await community(expert, [author, reader]);
    const post = (await postIn(author, id, 'p')).json();
    const written = (await comment(author, id, post.id, { message: 'my knee hurts' })).json();
    const path = { id, feedId: post.id, commentId: written.id };
    for (const body of [
      { urgency: 1, message: 'edited' },
      { message: 'edited' },
      { message: 'my knee hurts' },
      { urgency: 1, tagged_users: [reader.userId] },
      { urgency: 1, message: 'my knee hurts', identity_type: IdentityType.ANONYMOUS },
    ]) {
      const refused = await editComment(expert, path, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('not_author');
    }
    for (const body of [{ urgency: 1 }, { urgency: 1, message: 'my knee hurts' }]) {
      const byMember = await editComment(reader, path, body);
      expect(byMember.statusCode).toBe(403);
      expect(byMember.json().error).toBe('not_author');
    }

    const since = await lastSeq(reader);
    const raised = await editComment(expert, path, { urgency: 3 });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({
      urgency: 3,
      message: 'my knee hurts',
      author_user_id: author.userId,
    });
    // Urgent now: it leaves the members' view, live too.
    expect((await comments(reader, id, post.id)).json().community_feed_comments).toEqual([]);
    expect(
      (await eventsOf(reader, since))
        .filter((e) => e.type === EventType.COMMUNITY_COMMENT)
        .map((e) => [e.subtype, (e.data as { id: number }).id]),
    ).toEqual([['DELETE', written.id]]);
    const lowered = await editComment(expert, path, { urgency: 0 });
    expect(lowered.json()).toMatchObject({ urgency: 0, message: 'my knee hurts' });
    // The edit the client makes: the comment's unchanged words, @tags and identity with the new urgency.
    const resent = await editComment(expert, path, {
      message: ' my knee hurts ',
      tagged_users: [],
      identity_type: written.identity_type,
      urgency: 2,
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      urgency: 2,
      message: 'my knee hurts',
      author_user_id: author.userId,
    });
    await editComment(expert, path, { message: 'my knee hurts', urgency: 0 });
    expect((await comments(reader, id, post.id)).json().community_feed_comments.map((c) => c.id)).toEqual([
      written.id,
    ]);
  });

  it('user-feed comments are always urgency 0 and update the post live', async () => {
    const [owner, friend] = [await signUp(app), await signUp(app)];
    await befriend(owner, friend);
    const post = (
      await call(app, 'createUserPost', { headers: owner.headers, body: { message: 'hi' } })
    ).json();
    const body = { message: 'yo', feed_id: post.id, user_id: owner.userId };
    const commentAs = (user: TestUser, urgency?: number) =>
      call(app, 'createUserComment', { headers: user.headers, body: { ...body, urgency } });
    expect((await commentAs(friend, 1)).json().error).toBe('urgency_experts_only');
    const since = await lastSeq(owner);
    const created = (await commentAs(friend)).json();
    expect(created).toMatchObject({ user_feed_comment_id: created.id, feed_id: post.id, urgency: 0 });
    const [event] = (await eventsOf(owner, since)).filter((e) => e.type === EventType.USER_POST);
    expect(event).toMatchObject({ type: EventType.USER_POST, subtype: 'UPDATE', data: { num_comments: 1 } });
    const commentsOn = (feedOwner: TestUser) =>
      call(app, 'userComments', {
        headers: owner.headers,
        query: { feed_id: post.id, user_id: feedOwner.userId },
      });
    const list = (await commentsOn(owner)).json();
    expect(list.user_feed_comments.map((c) => c.message)).toEqual(['yo']);
    expect((await commentsOn(friend)).statusCode).toBe(404);
  });
});

describe('comment rules', () => {
  it('authors edit; authors and experts delete; comments on a post one cannot see are 404', async () => {
    const { expert, member, id, feedId } = await setting();
    const other = await signUp(app);
    const closed = await community(expert, [member], AccessType.PRIVATE);
    const hidden = (await postIn(member, closed, 'p')).json();
    expect((await comment(other, closed, hidden.id)).statusCode).toBe(404);
    expect((await comments(other, closed, hidden.id)).statusCode).toBe(404);
    expect((await comment(other, id, feedId)).statusCode).toBe(403);
    expect((await comment(member, id, feedId, { message: ' ' })).json().error).toBe('empty_message');
    expect((await comment(member, id, feedId, { message: 'x'.repeat(10001) })).json().error).toBe(
      'message_too_long',
    );
    const mine = (await comment(member, id, feedId)).json();
    const path = { id, feedId, commentId: mine.id };
    expect((await editComment(expert, path, { message: 'no' })).statusCode).toBe(403);
    expect((await editComment(member, path, { message: 'better' })).json().message).toBe('better');
    expect((await editComment(member, path, { urgency: 2 })).json().error).toBe('urgency_experts_only');
    const theirs = (await comment(expert, id, feedId)).json();
    expect((await deleteComment(member, { id, feedId, commentId: theirs.id })).statusCode).toBe(403);
    expect((await deleteComment(expert, path)).json()).toEqual({ ok: true });
    expect((await comments(member, id, feedId)).json().community_feed_comments).toHaveLength(1);
  });
});
