import {
  type AppResponse,
  type CreateMomentBody,
  EventType,
  MOMENT_LIFETIME_DAYS,
  type Moment,
  type MomentLeaderboardResponse,
  type MomentSearchQuery,
  type MomentSearchResponse,
  type MomentsStatusBody,
  MomentType,
  momentCriteriaOf,
  RecipientStatus,
} from '@orbit/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { communityMembers, momentRecipients, moments } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { conflict, notFound } from '../../platform/errors';
import { inTransaction, type Work } from '../../platform/tx';
import { hiddenFrom, notBlockedEitherWaySql } from '../blocks';
import { faceSeenBy, facesFor, findUser, presentMemberFace, relationsOf, SELF, seesPersona } from '../faces';
import { challengeNotification, notify } from '../notifications';
import {
  assertMayReach,
  assertMayView,
  assertSessionInfoSize,
  criteriaOf,
  metricOf,
  momentMessage,
  momentTypeOf,
  producerScore,
} from './policy';
import type { MomentRow } from './presenter';
import { incomingSections, outgoingOf } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /app: the criteria a moment of this application (or of none) may carry, none shown until chosen. */
export function appCriteria(bgAppId: number | undefined): AppResponse {
  return { moment: { criteria: momentCriteriaOf(bgAppId).map((c) => ({ ...c, show: false })) } };
}

const unique = (ids: number[] | undefined) => [...new Set(ids ?? [])];

/**
 * Delivers a sent moment: one recipient row per friend, then per member of each chosen community (expanded
 * now, so later joiners do not receive it), the producer never. Answers the recipients.
 */
async function deliver(work: Work, moment: MomentRow, expiresAt: Date): Promise<number[]> {
  const { friend_ids, community_ids } = moment.participants;
  const via = new Map<number, number | null>(friend_ids.map((id) => [id, null]));
  if (community_ids.length > 0) {
    const members = await work.tx
      .select({ userId: communityMembers.userId, communityId: communityMembers.communityId })
      .from(communityMembers)
      .where(
        and(
          inArray(communityMembers.communityId, community_ids),
          ne(communityMembers.userId, moment.producerId),
          // Nobody blocked either way with the producer receives it through a community (decision 0046).
          notBlockedEitherWaySql(moment.producerId, communityMembers.userId),
        ),
      );
    for (const m of members) if (!via.has(m.userId)) via.set(m.userId, m.communityId);
  }
  if (via.size === 0) return [];
  await work.tx.insert(momentRecipients).values(
    [...via].map(([userId, viaCommunityId]) => ({
      momentId: moment.id,
      userId,
      viaCommunityId,
      expiresAt,
    })),
  );
  return [...via.keys()];
}

/**
 * A dare is a friendly challenge: its recipients are invited to it with ACCEPT (docs/product/moments.md#dares). Each sees the
 * producer's face as the persona rule lets them: a private producer's persona only by their friends, the
 * avatar identity by a community's other members.
 */
async function challengeRecipients(work: Work, moment: MomentRow, recipients: number[], expiresAt: Date) {
  const producer = await findUser(work.tx, moment.producerId);
  const relations = await relationsOf(work.tx, producer.id, recipients);
  const [criterion] = moment.criteria;
  const challenge = {
    id: moment.id,
    name: `${criterion.display_name} dare`,
    description: moment.message,
    start_date: moment.sentAt ?? moment.createdAt,
    end_date: expiresAt,
    metric: metricOf(criterion),
    metric_goal: producerScore(moment),
  };
  // Friendship is mutual: how the producer stands to a recipient is how the recipient stands to them.
  const seesPersonaOf = (id: number) => seesPersona(producer, { isFriend: relations.get(id)?.isFriend });
  for (const persona of [true, false]) {
    const audience = recipients.filter((id) => seesPersonaOf(id) === persona);
    if (audience.length === 0) continue;
    await notify(work, audience, challengeNotification(presentMemberFace(producer, persona), challenge));
  }
}

/** The producer's own earlier moment (a treasure sent on, docs/product/moments.md#moment-create "send"); someone else's is a 404. */
async function ownMoment(db: Queryable, producerId: number, momentId: number): Promise<MomentRow> {
  const [row] = await db
    .select()
    .from(moments)
    .where(and(eq(moments.id, momentId), eq(moments.producerId, producerId)));
  if (!row) throw notFound('No such moment');
  return row;
}

/** POST /user/moments: the type the client chose, or as participants and the Show Factor make it (docs/product/moments.md#moment-type). */
export async function createMoment(
  deps: AppDeps,
  producerId: number,
  body: CreateMomentBody,
): Promise<Moment> {
  const participants = {
    friend_ids: unique(body.participants?.friend_ids),
    community_ids: unique(body.participants?.community_ids),
  };
  const type = momentTypeOf(
    participants.friend_ids.length + participants.community_ids.length,
    body.factor ?? false,
    body.type,
  );
  const message = momentMessage(body.message);
  assertSessionInfoSize(body.session_info);
  return inTransaction(unitOfWork(deps, producerId), async (work) => {
    const original = body.original_moment_id
      ? await ownMoment(work.tx, producerId, body.original_moment_id)
      : null;
    const bgAppId = body.bg_app_id ?? original?.bgAppId ?? null;
    const criteria = criteriaOf(type, bgAppId, body.criteria ?? []);
    await assertMayReach(work.tx, producerId, participants.friend_ids, participants.community_ids);
    const now = new Date();
    const [moment] = await work.tx
      .insert(moments)
      .values({
        producerId,
        type,
        bgAppId,
        criteria,
        message,
        participants,
        sessionInfo: body.session_info ?? original?.sessionInfo ?? null,
        activityType: body.activity_type ?? original?.activityType ?? null,
        sessionType: body.session_type ?? original?.sessionType ?? null,
        originalMomentId: original?.id ?? null,
        sentAt: type === MomentType.TREASURE ? null : now,
        createdAt: now,
      })
      .returning();
    const expiresAt = new Date(now.getTime() + MOMENT_LIFETIME_DAYS * DAY_MS);
    const recipients = await deliver(work, moment, expiresAt);
    if (type === MomentType.DARE) await challengeRecipients(work, moment, recipients, expiresAt);
    // A pending moment orbits each recipient (the MOMENTS star).
    for (const id of recipients) await work.emit([id], EventType.USER_PROFILES, null, { user_id: id });
    return (await outgoingOf(work.tx, producerId, { ids: [moment.id] }))[0];
  });
}

/** GET /user/moments/search: incoming (dares and shares, sectioned) or outgoing, by filter. */
export async function searchMoments(
  db: Queryable,
  callerId: number,
  query: MomentSearchQuery,
): Promise<MomentSearchResponse> {
  const filter = query.filter ?? 0;
  const incoming = query.origin === 1;
  const [me, sections, outgoing] = await Promise.all([
    findUser(db, callerId),
    incoming ? incomingSections(db, callerId, filter) : { pending: [], completed: [], ignored: [] },
    incoming ? [] : outgoingOf(db, callerId, { filter }),
  ]);
  const face = faceSeenBy(me, SELF);
  return {
    incoming: sections,
    outgoing,
    user_data: {
      user_id: face.user_id,
      display_name: face.name,
      image_url: face.image_url,
      persona_image: face.persona_image,
    },
  };
}

/** The caller's recipient rows for `momentIds`, locked; a moment they did not receive is a 404. */
async function ownReceived(work: Work, callerId: number, momentIds: number[]) {
  const rows = await work.tx
    .select()
    .from(momentRecipients)
    .where(and(eq(momentRecipients.userId, callerId), inArray(momentRecipients.momentId, momentIds)))
    .for('update');
  if (rows.length !== momentIds.length) throw notFound('No such moment');
  return rows;
}

/** POST /v4/user/moments-status: viewing incoming moments marks the pending ones seen (docs/product/moments.md#moment-status). */
export async function markSeen(deps: AppDeps, callerId: number, body: MomentsStatusBody) {
  const ids = unique(body.moments.map((m) => m.id));
  await inTransaction(unitOfWork(deps, callerId), async (work) => {
    await ownReceived(work, callerId, ids);
    await work.tx
      .update(momentRecipients)
      .set({ status: RecipientStatus.SEEN })
      .where(
        and(
          eq(momentRecipients.userId, callerId),
          inArray(momentRecipients.momentId, ids),
          eq(momentRecipients.status, RecipientStatus.PENDING),
        ),
      );
  });
  return { ok: true };
}

/** PUT /user/moments with status 3: the recipient ignores it; a completed one stays completed (409). */
export async function ignoreMoment(deps: AppDeps, callerId: number, momentId: number) {
  await inTransaction(unitOfWork(deps, callerId), async (work) => {
    const [row] = await ownReceived(work, callerId, [momentId]);
    if (row.status === RecipientStatus.COMPLETED) {
      throw conflict('moment_completed', 'This moment is already completed');
    }
    await work.tx
      .update(momentRecipients)
      .set({ status: RecipientStatus.IGNORED })
      .where(and(eq(momentRecipients.userId, callerId), eq(momentRecipients.momentId, momentId)));
    await work.emit([callerId], EventType.USER_PROFILES, null, { user_id: callerId });
  });
  return { ok: true };
}

/**
 * A recipient completed the moment (played or replayed it) with `score` on its criterion: the game and
 * activity modules call this in the transaction that records the session.
 */
export async function completeMoment(work: Work, momentId: number, userId: number, score: number | null) {
  const [row] = await ownReceived(work, userId, [momentId]);
  await work.tx
    .update(momentRecipients)
    .set({ status: RecipientStatus.COMPLETED, completedAt: new Date(), score })
    .where(and(eq(momentRecipients.userId, row.userId), eq(momentRecipients.momentId, row.momentId)));
  await work.emit([userId], EventType.USER_PROFILES, null, { user_id: userId });
}

/** The moment with the caller's recipient row, for its producer and recipients only (404 otherwise). */
async function visibleMoment(db: Queryable, callerId: number, momentId: number) {
  const [row] = await db
    .select({ moment: moments, recipient: momentRecipients })
    .from(moments)
    .leftJoin(
      momentRecipients,
      and(eq(momentRecipients.momentId, moments.id), eq(momentRecipients.userId, callerId)),
    )
    .where(eq(moments.id, momentId));
  return {
    moment: assertMayView(row?.moment, callerId, Boolean(row?.recipient)),
    recipient: row?.recipient ?? null,
  };
}

/** GET /user/moments/replayed_session: the session the moment carries, to play or replay. */
export async function replayedSession(db: Queryable, callerId: number, momentId: number) {
  const { moment } = await visibleMoment(db, callerId, momentId);
  return { replayed_session: moment.sessionInfo };
}

/** GET /user/moments/leaderboard: the producer's and each finisher's score, the caller first. */
export async function leaderboard(
  db: Queryable,
  callerId: number,
  momentId: number,
): Promise<MomentLeaderboardResponse> {
  const { moment } = await visibleMoment(db, callerId, momentId);
  const finishers = await db
    .select({ userId: momentRecipients.userId, score: momentRecipients.score })
    .from(momentRecipients)
    .where(
      and(eq(momentRecipients.momentId, momentId), eq(momentRecipients.status, RecipientStatus.COMPLETED)),
    );
  const scores = new Map<number, number | null>([[moment.producerId, producerScore(moment)]]);
  const hidden = await hiddenFrom(db, callerId);
  for (const f of finishers) if (!hidden.has(f.userId)) scores.set(f.userId, f.score);
  if (!scores.has(callerId)) scores.set(callerId, null);
  const faces = await facesFor(db, callerId, [...scores.keys()]);
  const entries = [...scores].map(([userId, score]) => ({
    user_id: userId,
    identity: faces.get(userId)?.name ?? '',
    score,
  }));
  // Highest first; members without a score after everyone who has one.
  const byScore = (a: { score: number | null }, b: { score: number | null }) =>
    a.score === null || b.score === null
      ? Number(a.score === null) - Number(b.score === null)
      : b.score - a.score;
  const caller = entries.filter((e) => e.user_id === callerId);
  return { leaderboard: [...caller, ...entries.filter((e) => e.user_id !== callerId).sort(byScore)] };
}
