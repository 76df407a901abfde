import { AccessType, PersonaType } from '@orbit/contract';
import { and, eq, exists, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { communities, communityInvites, communityMembers, users } from '../../db/schema';
import { joinedAsPersonaSql, relationOf, STRANGER, seesPersona } from '../faces';
import { ImageKind, mayView } from './policy';

interface ImageRow {
  id: number;
  kind: string;
  ownerId: number | null;
}

/** Is the owner's persona shown to the viewer in a community: joined under it, in a community the viewer sees? */
async function showsPersonaInSharedCommunity(db: Queryable, ownerId: number, viewerId: number) {
  const viewerMembership = alias(communityMembers, 'viewer_membership');
  const [row] = await db
    .select({ id: communities.id })
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .where(
      and(
        eq(communityMembers.userId, ownerId),
        joinedAsPersonaSql(),
        or(
          eq(communities.accessType, AccessType.PUBLIC),
          exists(
            db
              .select({ one: viewerMembership.userId })
              .from(viewerMembership)
              .where(
                and(eq(viewerMembership.communityId, communities.id), eq(viewerMembership.userId, viewerId)),
              ),
          ),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A persona picture is seen by those who see its owner's persona (docs/product/account-and-safety.md#identity-provider): everyone when the owner is
 * public, friends when private, and those shown the owner under it in a community. A picture that is not
 * (or no longer) the owner's persona is the owner's alone.
 */
async function maySeePersona(db: Queryable, image: ImageRow, viewerId: number): Promise<boolean> {
  if (image.ownerId === null) return false;
  if (image.ownerId === viewerId) return true;
  const [owner] = await db.select().from(users).where(eq(users.id, image.ownerId)).limit(1);
  const current = owner?.personaType === PersonaType.UPLOADED && owner.personaValue === String(image.id);
  if (!current) return false;
  // Public owners first: their persona needs no look at how the two stand.
  if (seesPersona(owner, STRANGER) || seesPersona(owner, await relationOf(db, viewerId, owner.id)))
    return true;
  return showsPersonaInSharedCommunity(db, owner.id, viewerId);
}

/**
 * A community's picture follows the community: anyone's for a public one, its members' (and those it has
 * invited, who are shown it in the invitation) for a private one. A picture no community shows any more is
 * its uploader's alone.
 */
async function maySeeCommunityImage(db: Queryable, image: ImageRow, viewerId: number): Promise<boolean> {
  const [community] = await db
    .select({ id: communities.id, accessType: communities.accessType })
    .from(communities)
    .where(eq(communities.imageId, image.id))
    .limit(1);
  if (!community) return image.ownerId === viewerId;
  if (community.accessType === AccessType.PUBLIC) return true;
  const inCommunity = (table: typeof communityMembers | typeof communityInvites) =>
    db
      .select({ userId: table.userId })
      .from(table)
      .where(and(eq(table.communityId, community.id), eq(table.userId, viewerId)))
      .limit(1);
  const [[member], [invited]] = await Promise.all([
    inCommunity(communityMembers),
    inCommunity(communityInvites),
  ]);
  return Boolean(member || invited);
}

/** Who may read an image through /user/image (and the tournament's picture route). */
export async function mayViewImage(db: Queryable, image: ImageRow, viewerId: number): Promise<boolean> {
  if (image.kind === ImageKind.PERSONA) return maySeePersona(db, image, viewerId);
  if (image.kind === ImageKind.COMMUNITY) return maySeeCommunityImage(db, image, viewerId);
  return mayView(image, viewerId);
}
