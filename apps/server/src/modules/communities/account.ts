import { CommunityRole, OwnerType } from '@orbit/contract';
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import {
  attachments,
  comments,
  communities,
  communityInvites,
  communityMembers,
  lessons,
  posts,
} from '../../db/schema';
import type { AccountPart } from '../../platform/account';
import type { Work } from '../../platform/tx';
import { announce, lockCommunity, removeMembership } from './service';

/** The files a community holds (its posts' and comments' attachments, its lessons' recordings). */
async function storedFilesOf(work: Work, communityId: number): Promise<string[]> {
  const ofPosts = work.tx.select({ id: posts.id }).from(posts).where(eq(posts.communityId, communityId));
  const attached = await work.tx
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(
      or(
        inArray(attachments.postId, ofPosts),
        inArray(
          attachments.commentId,
          work.tx.select({ id: comments.id }).from(comments).where(inArray(comments.postId, ofPosts)),
        ),
      ),
    );
  const recorded = await work.tx
    .select({ key: lessons.mediaKey })
    .from(lessons)
    .where(and(eq(lessons.communityId, communityId), isNotNull(lessons.mediaKey)));
  return [...attached.map((r) => r.key), ...recorded.flatMap((r) => (r.key ? [r.key] : []))];
}

/**
 * A community the member owned passes to whoever stood longest in it, an expert first (a member is made
 * expert: someone must run it); one nobody is left in goes, with its files. Decision 0048.
 */
async function handOver(work: Work, communityId: number): Promise<string[]> {
  const [heir] = await work.tx
    .select({ userId: communityMembers.userId, role: communityMembers.role })
    .from(communityMembers)
    .where(eq(communityMembers.communityId, communityId))
    .orderBy(
      desc(sql`${communityMembers.role} = ${CommunityRole.EXPERT}`),
      asc(communityMembers.joinedAt),
      asc(communityMembers.userId),
    )
    .limit(1);
  if (!heir) {
    const keys = await storedFilesOf(work, communityId);
    await work.tx.delete(communities).where(eq(communities.id, communityId));
    return keys;
  }
  await work.tx.update(communities).set({ ownerId: heir.userId }).where(eq(communities.id, communityId));
  if (heir.role !== CommunityRole.EXPERT) {
    await work.tx
      .update(communityMembers)
      .set({ role: CommunityRole.EXPERT })
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, heir.userId)));
  }
  await announce(work, communityId, [heir.userId]);
  return [];
}

/**
 * Communities and roles (decision 0048). The member leaves each community (its members' lists update); an
 * organisation's community whose only expert they were keeps running, its admins appointing the next.
 */
export const communitiesAccount: AccountPart = {
  async exportOf(db, userId) {
    const memberships = await db
      .select({
        community_id: communities.id,
        name: communities.name,
        role: communityMembers.role,
        identity: communityMembers.identity,
        joined_at: communityMembers.joinedAt,
      })
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .where(eq(communityMembers.userId, userId))
      .orderBy(asc(communityMembers.joinedAt));
    const created = await db
      .select({ community_id: communities.id, name: communities.name, created_at: communities.createdAt })
      .from(communities)
      .where(eq(communities.createdBy, userId));
    const invites = await db
      .select({ community_id: communityInvites.communityId, created_at: communityInvites.createdAt })
      .from(communityInvites)
      .where(eq(communityInvites.userId, userId));
    const iso = <T extends { created_at?: Date; joined_at?: Date }>(row: T) => ({
      ...row,
      ...(row.created_at ? { created_at: row.created_at.toISOString() } : {}),
      ...(row.joined_at ? { joined_at: row.joined_at.toISOString() } : {}),
    });
    return {
      communities: memberships.map(iso),
      communities_created: created.map(iso),
      community_invites: invites.map(iso),
    };
  },

  async erase(work, userId) {
    const memberships = await work.tx
      .select({ communityId: communityMembers.communityId })
      .from(communityMembers)
      .where(eq(communityMembers.userId, userId))
      .orderBy(asc(communityMembers.communityId));
    for (const { communityId } of memberships) {
      await lockCommunity(work, communityId);
      await removeMembership(work, communityId, userId);
    }
    const owned = await work.tx
      .select({ id: communities.id })
      .from(communities)
      .where(and(eq(communities.ownerType, OwnerType.USER), eq(communities.ownerId, userId)))
      .orderBy(asc(communities.id));
    const keys: string[] = [];
    for (const community of owned) keys.push(...(await handOver(work, community.id)));
    return keys;
  },
};
