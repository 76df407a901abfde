import { OwnerType, StarType } from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import { jsonRead, reads } from '../../../db/json-rows';
import { communities, communityInvites, communityMembers, organizations, stars } from '../../../db/schema';
import { communityImageUrl } from '../../communities';
import { StarTarget } from '../../stars';
import { blankStar, orbitOf } from '../presenter';
import { OWNER, ownStar, starColumns } from '../statements';
import { readingStars } from './types';

/** What a community's star and its invite star show: name, picture, colour and the community's kind. */
function communityFace(community: typeof communities.$inferSelect) {
  return {
    name: community.name,
    community_id: community.id,
    image_url: communityImageUrl(community),
    color: community.color,
    type: community.communityType,
  };
}

const memberships = jsonRead(
  {
    community: communities,
    since: communityMembers.joinedAt,
    org: organizations.name,
    star: starColumns,
  },
  (fields) =>
    reads
      .select(fields)
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .leftJoin(
        organizations,
        and(eq(communities.ownerType, OwnerType.ORGANIZATION), eq(organizations.id, communities.ownerId)),
      )
      .leftJoin(stars, ownStar(StarTarget.COMMUNITY, communities.id))
      .where(eq(communityMembers.userId, OWNER)),
);

const invites = jsonRead({ invite: communityInvites, community: communities }, (fields) =>
  reads
    .select(fields)
    .from(communityInvites)
    .innerJoin(communities, eq(communities.id, communityInvites.communityId))
    .where(eq(communityInvites.userId, OWNER)),
);

/**
 * One star per community the member belongs to, of the community's own star type (docs/product/home-and-stars.md#star-types: user-created 1,
 * system 2, game 3, inner circle 4), orbiting by the member's visits, posts and joins.
 */
export const communityStars = readingStars(memberships, ({ now }, rows) => ({
  stars: rows.map(({ community, since, org, star }) => {
    const orbit = orbitOf(star, `${community.starType}:${community.id}`, since, now);
    const { name, ...face } = communityFace(community);
    return {
      ...blankStar({ star_id: orbit.star_id, star_type: community.starType, name }),
      ...orbit,
      ...face,
      org_name: org,
    };
  }),
}));

/** One COMMUNITY_INVITE star (13) per pending invite (docs/product/communities.md#invites); a new invite pulses the ME star. */
export const communityInviteStars = readingStars(invites, (_ctx, rows) => {
  const newest =
    rows.length === 0 ? null : new Date(Math.max(...rows.map((r) => r.invite.createdAt.getTime())));
  return {
    stars: rows.map(({ invite, community }) => {
      const { name, ...face } = communityFace(community);
      return {
        ...blankStar({
          star_id: `${StarType.COMMUNITY_INVITE}:${invite.id}`,
          star_type: StarType.COMMUNITY_INVITE,
          name,
        }),
        ...face,
        interaction_date: invite.createdAt.toISOString(),
      };
    }),
    newestArrival: newest,
  };
});
