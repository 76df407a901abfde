import { eq } from 'drizzle-orm';
import { communities } from '../../db/schema';
import type { Work } from '../../platform/tx';
import { faceAsSeenBy } from '../faces';
import { communityInviteNotification, notify } from '../notifications';
import { communityImageUrl } from './presenter';

/** COMMUNITY_STAR to each member just invited into a community, in the inviting transaction. */
export async function notifyCommunityInvite(
  work: Work,
  communityId: number,
  inviterId: number,
  inviteeIds: number[],
) {
  if (inviteeIds.length === 0) return;
  const [community] = await work.tx.select().from(communities).where(eq(communities.id, communityId));
  const ref = {
    id: community.id,
    name: community.name,
    color: community.color,
    image_url: communityImageUrl(community),
  };
  for (const inviteeId of inviteeIds) {
    const inviter = await faceAsSeenBy(work.tx, inviteeId, inviterId);
    await notify(work, [inviteeId], communityInviteNotification(ref, inviter));
  }
}
