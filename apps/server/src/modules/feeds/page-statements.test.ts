import { type EndpointName, PostPrivacy, Urgency } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { type Called, call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { checkPage, pageWindow } from './page-statements';
import { postStats } from './post-stats';

/**
 * The window is read with its stats and faces in one statement (decision 0097), and what it reads must be
 * what the statements that read them alone answer: the check compares the window's digest of its faces with
 * its own of the same faces, so a digest that differs would read the window again on every call.
 */
const ctx = await createTestApp();
const { db } = ctx.deps;
const { community, setUser } = feedFixtures(ctx);

/** Expects a call answered 200 and answers its body. */
async function ok<N extends EndpointName>(response: Promise<Called<N>>) {
  const res = await response;
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The check's digest of the faces `ids` (sorted, distinct), as a reader of the community would ask it. */
async function checkDigestOf(communityId: number, reader: TestUser, ids: number[]) {
  const check = await checkPage(db, communityId, reader.userId, { ids: [], shown: ids, privateShown: [] });
  return check?.faces;
}

describe("a community's window", () => {
  it('reads the same stats as the stand-alone statement, and digests its faces as the check does', async () => {
    const [expert, author, target, rater] = await Promise.all([1, 2, 3, 4].map(() => signUp(ctx.app)));
    // Names past ASCII: the digest is of the faces' text, computed here and in PostgreSQL alike.
    await setUser(author, { firstName: 'Zoë', lastName: 'Ångström 🌙', alias: 'Nuit ☾' });
    const id = await community(expert, [author, target, rater]);
    const plain = await ok(
      call(ctx.app, 'createCommunityPost', {
        headers: author.headers,
        body: { community_id: id, message: 'hi' },
      }),
    );
    await ok(
      call(ctx.app, 'createCommunityPost', {
        headers: author.headers,
        body: {
          community_id: id,
          message: 'to you',
          privacy: PostPrivacy.PRIVATE,
          target_user_id: target.userId,
        },
      }),
    );
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const poll = await ok(
      call(ctx.app, 'createCommunityPoll', {
        headers: expert.headers,
        params: { id },
        body: { question: 'Walk?', options: ['Yes', 'No'], expiration_date: expires },
      }),
    );
    await ok(
      call(ctx.app, 'createCommunityComment', {
        headers: expert.headers,
        body: { feed_id: plain.id, message: 'now', urgency: Urgency.HIGH },
      }),
    );
    await ok(
      call(ctx.app, 'createCommunityComment', {
        headers: rater.headers,
        body: { feed_id: plain.id, message: 'calm' },
      }),
    );
    for (const [who, rating] of [
      [rater, 4],
      [target, 5],
    ] as const) {
      await ok(
        call(ctx.app, 'rateCommunityPost', {
          headers: who.headers,
          params: { id, feedId: plain.id },
          body: { rating },
        }),
      );
    }
    await ok(
      call(ctx.app, 'highFiveCommunityPost', { headers: target.headers, params: { id, feedId: plain.id } }),
    );
    await ok(
      call(ctx.app, 'answerCommunityPoll', {
        headers: rater.headers,
        params: { id, feedId: poll.id },
        body: { answerIndex: 1 },
      }),
    );

    const window = await pageWindow(db, id);
    const ids = window.rows.map((post) => post.id);
    expect(ids).toHaveLength(3);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(window.stats).toEqual(await postStats(db, ids));
    expect(window.stats.find((s) => s.postId === plain.id)).toMatchObject({
      all: 2,
      plain: 1,
      highestUrgency: Urgency.HIGH,
      rating: 4.5,
      highFives: 1,
    });
    expect(window.stats.find((s) => s.postId === poll.id)?.votes).toEqual([[rater.userId, 1]]);
    const shown = [expert.userId, author.userId, target.userId].sort((a, b) => a - b);
    expect(window.faces.map((face) => face.id)).toEqual(shown);
    expect(window.faces.find((face) => face.id === author.userId)?.lastName).toBe('Ångström 🌙');
    expect(window.digest).toBe(await checkDigestOf(id, rater, shown));
    expect(window.digest).not.toBe(await checkDigestOf(id, rater, shown.slice(1)));
  });

  it('reads nothing of an empty community, and digests no faces as the check does', async () => {
    const expert = await signUp(ctx.app);
    const id = await community(expert, []);
    const window = await pageWindow(db, id);
    expect(window).toMatchObject({ rows: [], stats: [], faces: [] });
    expect(window.digest).toBe(await checkDigestOf(id, expert, []));
  });
});
