import {
  MOMENT_FILTER_APPS,
  MOMENTS_LIST_MAX,
  type Moment,
  MomentType,
  RecipientStatus,
} from '@orbit/contract';
import { and, desc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { runQueries } from '../../db/queries';
import { communities, momentRecipients, moments } from '../../db/schema';
import { notHiddenFromSql } from '../blocks';
import { facesFor } from '../faces';
import { type Connection, type MomentRow, presentMoment } from './presenter';

/** The moments a filter matches (docs/product/moments.md#moments-list): by application; users are moments with none. */
function filterCondition(filter: number): SQL | undefined {
  if (filter === 3) return isNull(moments.bgAppId);
  const apps = MOMENT_FILTER_APPS[filter];
  return apps ? inArray(moments.bgAppId, apps) : undefined;
}

const waiting = inArray(momentRecipients.status, [RecipientStatus.PENDING, RecipientStatus.SEEN]);

/** Pending until completed, ignored or expired; an expired one is listed with the ignored ones. */
function sectionCondition(section: 'pending' | 'completed' | 'ignored', now: Date): SQL | undefined {
  const unexpired = or(isNull(momentRecipients.expiresAt), gt(momentRecipients.expiresAt, now));
  if (section === 'pending') return and(waiting, unexpired);
  if (section === 'completed') return eq(momentRecipients.status, RecipientStatus.COMPLETED);
  return or(
    eq(momentRecipients.status, RecipientStatus.IGNORED),
    and(waiting, lte(momentRecipients.expiresAt, now)),
  );
}

async function incomingSection(
  db: Queryable,
  callerId: number,
  filter: number,
  section: 'pending' | 'completed' | 'ignored',
  now: Date,
) {
  return db
    .select({ moment: moments, recipient: momentRecipients })
    .from(momentRecipients)
    .innerJoin(moments, eq(moments.id, momentRecipients.momentId))
    .where(
      and(
        eq(momentRecipients.userId, callerId),
        // Moments of a member the caller blocked are gone for the caller (decision 0046).
        notHiddenFromSql(callerId, moments.producerId),
        // Only dares and shares are received (docs/product/moments.md#moments-list); treasures stay with their producer.
        inArray(moments.type, [MomentType.DARE, MomentType.SHARE]),
        filterCondition(filter),
        sectionCondition(section, now),
      ),
    )
    .orderBy(desc(moments.id))
    .limit(MOMENTS_LIST_MAX);
}

/** The incoming list of GET /user/moments/search, sectioned Pending, Completed and Expired/Ignored. */
export async function incomingSections(db: Queryable, callerId: number, filter: number, now = new Date()) {
  const section = (s: 'pending' | 'completed' | 'ignored') => () =>
    incomingSection(db, callerId, filter, s, now);
  const [pending, completed, ignored] = await runQueries(db, [
    section('pending'),
    section('completed'),
    section('ignored'),
  ]);
  const faces = await facesFor(
    db,
    callerId,
    [...pending, ...completed, ...ignored].map((r) => r.moment.producerId),
  );
  const present = (rows: typeof pending) =>
    rows.map((r) => presentMoment(r.moment, faces.get(r.moment.producerId)!, { recipient: r.recipient }));
  return { pending: present(pending), completed: present(completed), ignored: present(ignored) };
}

/** Names of the friends and communities a producer's moments went to, as chosen. */
async function recipientNames(db: Queryable, producerId: number, rows: MomentRow[]) {
  const friendIds = rows.flatMap((r) => r.participants.friend_ids);
  const communityIds = [...new Set(rows.flatMap((r) => r.participants.community_ids))];
  const [faces, named] = await runQueries(db, [
    () => facesFor(db, producerId, friendIds),
    async () =>
      communityIds.length === 0
        ? []
        : db
            .select({ id: communities.id, display_name: communities.name })
            .from(communities)
            .where(inArray(communities.id, communityIds)),
  ]);
  const communityNames = new Map(named.map((c) => [c.id, c]));
  const friendsOf = (row: MomentRow): Connection[] =>
    row.participants.friend_ids.flatMap((id) => {
      const face = faces.get(id);
      return face ? [{ id, display_name: face.name }] : [];
    });
  const communitiesOf = (row: MomentRow): Connection[] =>
    row.participants.community_ids.flatMap((id) => communityNames.get(id) ?? []);
  return { friendsOf, communitiesOf };
}

/** The producer's own moments, newest first, each with the friends and communities it was sent to. */
export async function outgoingOf(
  db: Queryable,
  producerId: number,
  only: { filter?: number; ids?: number[] },
): Promise<Moment[]> {
  const rows = await db
    .select()
    .from(moments)
    .where(
      and(
        eq(moments.producerId, producerId),
        only.ids ? inArray(moments.id, only.ids) : undefined,
        filterCondition(only.filter ?? 0),
      ),
    )
    .orderBy(desc(moments.id))
    .limit(MOMENTS_LIST_MAX);
  const [faces, names] = await runQueries(db, [
    () => facesFor(db, producerId, [producerId]),
    () => recipientNames(db, producerId, rows),
  ]);
  const producer = faces.get(producerId)!;
  return rows.map((row) =>
    presentMoment(row, producer, { friends: names.friendsOf(row), communities: names.communitiesOf(row) }),
  );
}
