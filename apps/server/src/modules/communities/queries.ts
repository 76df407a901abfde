import {
  AccessType,
  COMMUNITY_PAGE_SIZE,
  type CommunitiesResponse,
  type Community,
  type CommunityMembersResponse,
  NONMEMBERS_MAX,
  type NonmembersResponse,
  OwnerType,
} from '@orbit/contract';
import { and, asc, count, desc, eq, exists, isNotNull, ne, not, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import {
  communities,
  communityInvites,
  communityMembers,
  organizationMembers,
  stars,
  users,
} from '../../db/schema';
import { pageFromKey, pageOf } from '../../platform/paging';
import { notBlockedEitherWaySql, notHiddenFromSql } from '../blocks';
import {
  faceSeenBy,
  findUser,
  isFriendSql,
  presentPublicProfile,
  relationsOf,
  STRANGER,
  seesOthersPersonaSql,
  type UserRow,
} from '../faces';
import { escapeLike, searchText } from '../search';
import { StarTarget } from '../stars';
import { assertMayRead, assertMember, type CommunityRow } from './policy';
import { type CallerStanding, presentCommunity, presentEntry, presentMember } from './presenter';

const inviter = alias(users, 'inviter');

/** Communities with the caller's membership and pending invite beside each (left joins: none is null). */
function withStanding(db: Queryable, callerId: number) {
  return db
    .select({
      community: communities,
      role: communityMembers.role,
      identity: communityMembers.identity,
      invitedAt: communityInvites.createdAt,
      inviter,
    })
    .from(communities)
    .leftJoin(
      communityMembers,
      and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, callerId)),
    )
    .leftJoin(
      communityInvites,
      and(eq(communityInvites.communityId, communities.id), eq(communityInvites.userId, callerId)),
    )
    .leftJoin(inviter, eq(inviter.id, communityInvites.invitedBy));
}

type StandingRow = {
  community: CommunityRow;
  role: number | null;
  identity: string | null;
  invitedAt: Date | null;
  inviter: UserRow | null;
};

function standingOf(row: StandingRow): CallerStanding {
  return {
    role: row.role,
    identity: row.identity,
    invitedAt: row.invitedAt,
    // The invite card names who sent it, as anyone who is not their friend sees them.
    inviterName: row.inviter ? presentFace(row.inviter) : null,
  };
}

const presentFace = (user: UserRow) => faceSeenBy(user, STRANGER).name;

/** Public communities, the caller's own, and private ones the caller is invited to (the invite names them). */
const visibleToCaller = or(
  eq(communities.accessType, AccessType.PUBLIC),
  isNotNull(communityMembers.userId),
  isNotNull(communityInvites.id),
);
const name = sql`lower(${communities.name})`;
const mineFirst = desc(isNotNull(communityMembers.userId));

/** The ranked name match of member search: exact, prefix, substring, then trigram similarity (pg_trgm). */
function nameMatch(q: string): { where: SQL; order: SQL[] } {
  const prefix = `${escapeLike(q)}%`;
  const substring = `%${escapeLike(q)}%`;
  const rank = sql`case when ${name} = ${q} then 0 when ${name} like ${prefix} then 1
    when ${name} like ${substring} then 2 else 3 end`;
  return {
    where: sql`(${name} like ${substring} or ${name} % ${q})`,
    order: [asc(rank), desc(sql`similarity(${name}, ${q})`)],
  };
}

/**
 * GET /communities and GET /search/communities: the communities the caller may see, 25 a page; with a
 * text (1..64 characters once trimmed), ranked like member search; without one, the caller's own first.
 */
export async function listCommunities(
  db: Queryable,
  callerId: number,
  text: string | undefined,
  pageKey?: string,
): Promise<CommunitiesResponse> {
  const page = pageFromKey(pageKey, COMMUNITY_PAGE_SIZE);
  const match = text === undefined ? null : nameMatch(searchText(text));
  const [caller, rows] = await Promise.all([
    findUser(db, callerId),
    withStanding(db, callerId)
      .where(and(visibleToCaller, match?.where))
      .orderBy(...(match?.order ?? []), mineFirst, asc(name), asc(communities.id))
      .limit(page.size + 1)
      .offset(page.offset),
  ]);
  const { items, older_key, newer_key } = pageOf(rows, page);
  return {
    communities: items.map((row) => presentEntry(row.community, caller, standingOf(row))),
    older_key,
    newer_key,
  };
}

async function starOf(db: Queryable, callerId: number, communityId: number) {
  const [row] = await db
    .select({ id: stars.id, pinned: stars.pinned })
    .from(stars)
    .where(
      and(
        eq(stars.ownerId, callerId),
        eq(stars.targetKind, StarTarget.COMMUNITY),
        eq(stars.targetId, communityId),
      ),
    )
    .limit(1);
  return row ? { id: String(row.id), pinned: row.pinned } : null;
}

/** GET /communities/{id}: the community page; a private one the caller is not in does not exist (404). */
export async function communityPage(
  db: Queryable,
  callerId: number,
  communityId: number,
): Promise<Community> {
  const standing = await assertMayRead(db, communityId, callerId);
  const [caller, [row], [members], star] = await Promise.all([
    findUser(db, callerId),
    withStanding(db, callerId).where(eq(communities.id, communityId)),
    db.select({ n: count() }).from(communityMembers).where(eq(communityMembers.communityId, communityId)),
    standing.isMember ? starOf(db, callerId, communityId) : null,
  ]);
  return presentCommunity(presentEntry(row.community, caller, standingOf(row)), row.community, {
    membersCount: members.n,
    star,
    wellbeing: caller.wellbeingMode,
  });
}

const isFriendOf = (callerId: number) => isFriendSql(callerId, users.id);

/** GET /communities/{id}/members: experts first, then by name; `friendsFirst` puts the caller's friends on top. */
export async function communityMembersOf(
  db: Queryable,
  callerId: number,
  communityId: number,
  friendsFirst: boolean,
): Promise<CommunityMembersResponse> {
  await assertMayRead(db, communityId, callerId);
  const isFriend = sql<boolean>`${isFriendOf(callerId)}`;
  const rows = await db
    .select({ user: users, role: communityMembers.role, identity: communityMembers.identity, isFriend })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.userId))
    // The caller's blocked members are not listed to the caller (docs/decisions/0046).
    .where(and(eq(communityMembers.communityId, communityId), notHiddenFromSql(callerId, users.id)))
    .orderBy(
      ...(friendsFirst ? [desc(isFriend)] : []),
      asc(communityMembers.role),
      asc(sql`lower(${users.username})`),
      asc(users.id),
    );
  return { members: rows.map((r) => presentMember(r.user, r, r.isFriend)) };
}

/**
 * Who may be added to (or is offered for) a community: not yet a member, and in the owning organisation;
 * for a member-owned community, the caller's friends (docs/decisions/0011-communities.md).
 */
export function candidateCondition(community: CommunityRow, callerId: number): SQL {
  const inCommunity = exists(
    sql`(select 1 from ${communityMembers} where ${communityMembers.communityId} = ${community.id} and ${communityMembers.userId} = ${users.id})`,
  );
  const reachable =
    community.ownerType === OwnerType.ORGANIZATION
      ? exists(
          sql`(select 1 from ${organizationMembers} where ${organizationMembers.organizationId} = ${community.ownerId} and ${organizationMembers.userId} = ${users.id})`,
        )
      : isFriendOf(callerId);
  // Neither finds the other when one blocked the other (docs/decisions/0046).
  return and(
    ne(users.id, callerId),
    not(inCommunity),
    reachable,
    notBlockedEitherWaySql(callerId, users.id),
  ) as SQL;
}

/** A name filter that finds a private member's username only for their friends; the avatar name always. */
function nameFilter(callerId: number, text: string): SQL {
  const substring = `%${escapeLike(searchText(text))}%`;
  const usernameVisible = seesOthersPersonaSql(callerId);
  return or(
    and(usernameVisible, sql`lower(${users.username}) like ${substring}`),
    sql`lower(${users.alias}) like ${substring}`,
  ) as SQL;
}

/** GET /communities/{id}/nonmembers: members of the community may look for people to invite or add. */
export async function nonmembersOf(
  db: Queryable,
  callerId: number,
  communityId: number,
  text: string | undefined,
): Promise<NonmembersResponse> {
  const { community } = await assertMember(db, communityId, callerId);
  const filter = text === undefined || text.trim() === '' ? undefined : nameFilter(callerId, text);
  const rows = await db
    .select()
    .from(users)
    .where(and(candidateCondition(community, callerId), filter))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
    .limit(NONMEMBERS_MAX);
  const relations = await relationsOf(
    db,
    callerId,
    rows.map((u) => u.id),
  );
  return { users: rows.map((u) => presentPublicProfile(u, relations.get(u.id) ?? STRANGER)) };
}
