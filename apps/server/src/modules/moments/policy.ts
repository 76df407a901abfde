import {
  ChallengeMetric,
  type CreateMomentBody,
  LIMITS,
  MOMENT_SESSION_INFO_MAX,
  type MomentCriterion,
  MomentType,
  momentCriteriaOf,
} from '@orbit/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { runQueries } from '../../db/queries';
import { communityMembers, friendships } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { assertNoneBlocked } from '../blocks';
import type { MomentRow } from './presenter';

function derivedType(participantCount: number, factor: boolean): MomentType {
  if (factor) return MomentType.DARE;
  return participantCount === 0 ? MomentType.TREASURE : MomentType.SHARE;
}

const noParticipants = () => badRequest('no_participants', 'Please select at least one participant');

/**
 * The type of a new moment (docs/product/moments.md#criteria). The client's chosen `type` decides when sent; otherwise nobody chosen
 * is a treasure, kept to send later, and chosen members get a share with the Show Factor Off, a dare with it
 * On. A dare or share needs someone to reach (docs/product/moments.md#moment-limits); a treasure is sent to nobody until it is sent on.
 */
export function momentTypeOf(participantCount: number, factor: boolean, chosen?: MomentType): MomentType {
  const type = chosen ?? derivedType(participantCount, factor);
  if (type !== MomentType.TREASURE && participantCount === 0) throw noParticipants();
  if (type === MomentType.TREASURE && participantCount > 0) {
    throw badRequest('treasure_has_participants', 'A treasure is kept for later: it has no participants');
  }
  return type;
}

/** The moment's message: trimmed, at most 280 characters (docs/product/moments.md#moment-limits). */
export function momentMessage(raw: string | undefined): string {
  const message = raw?.trim() ?? '';
  if (message.length > LIMITS.message) {
    throw badRequest('message_too_long', `Exceeded ${LIMITS.message} character limit`);
  }
  return message;
}

export function assertSessionInfoSize(info: Record<string, unknown> | null | undefined) {
  if (info && JSON.stringify(info).length > MOMENT_SESSION_INFO_MAX) {
    throw badRequest('session_info_too_long', `Exceeded ${MOMENT_SESSION_INFO_MAX} character limit`);
  }
}

/**
 * The criteria a moment keeps, checked against its application's (GET /app), or without one against the
 * general challenge metrics: a dare carries exactly the one chosen criterion with show true; a share or
 * treasure keeps the ones chosen, not shown.
 */
export function criteriaOf(
  type: MomentType,
  bgAppId: number | null,
  chosen: NonNullable<CreateMomentBody['criteria']>,
): MomentCriterion[] {
  const known = momentCriteriaOf(bgAppId);
  const resolved = chosen.map((c) => {
    const definition = known.find((k) => k.name === c.name);
    if (!definition) {
      const where = bgAppId === null ? 'A moment without an app' : 'This app';
      throw badRequest('unknown_criterion', `${where} has no criterion ${c.name}`);
    }
    return { ...definition, show: c.show === true };
  });
  if (type !== MomentType.DARE) return resolved.map((c) => ({ ...c, show: false }));
  const shown = resolved.filter((c) => c.show);
  if (shown.length !== 1) throw badRequest('choose_one_criterion', 'A dare carries exactly one criterion');
  return shown;
}

/** A dare criterion's challenge metric (docs/product/moments.md#dares: DURATION, DISTANCE, CALORIES), or its name in capitals. */
export function metricOf(criterion: MomentCriterion): string {
  const name = criterion.name.toUpperCase();
  return name in ChallengeMetric ? ChallengeMetric[name as keyof typeof ChallengeMetric] : name;
}

/** The producer's own result on the criterion that scores the moment, read from the session it carries. */
export function producerScore(moment: MomentRow): number | null {
  const criterion = moment.criteria.find((c) => c.show) ?? moment.criteria[0];
  const value = criterion ? moment.sessionInfo?.[criterion.name] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Moments go to the producer's friends and communities only (403 otherwise, naming which rule). */
export async function assertMayReach(
  db: Queryable,
  producerId: number,
  friendIds: number[],
  communityIds: number[],
) {
  // A member blocked either way is no participant (403 blocked, docs/decisions/0046).
  await assertNoneBlocked(db, producerId, friendIds);
  const [friends, memberships] = await runQueries(db, [
    async () =>
      friendIds.length === 0
        ? []
        : db
            .select({ id: friendships.friendId })
            .from(friendships)
            .where(and(eq(friendships.userId, producerId), inArray(friendships.friendId, friendIds))),
    async () =>
      communityIds.length === 0
        ? []
        : db
            .select({ id: communityMembers.communityId })
            .from(communityMembers)
            .where(
              and(
                eq(communityMembers.userId, producerId),
                inArray(communityMembers.communityId, communityIds),
              ),
            ),
  ]);
  if (friends.length !== friendIds.length) {
    throw forbidden('Moments go to your friends only', 'not_friends');
  }
  if (memberships.length !== communityIds.length) {
    throw forbidden('Moments go to your own communities only', 'not_a_member');
  }
}

/** Only its producer and recipients know a moment exists (404 for anyone else). */
export function assertMayView(
  moment: MomentRow | undefined,
  callerId: number,
  isRecipient: boolean,
): MomentRow {
  if (!moment || (moment.producerId !== callerId && !isRecipient)) throw notFound('No such moment');
  return moment;
}
