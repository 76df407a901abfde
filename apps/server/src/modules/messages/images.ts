import { eq } from 'drizzle-orm';
import { messageGroups } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest, notFound } from '../../platform/errors';
import { inTransaction } from '../../platform/tx';
import { ImageKind, readImage, storeSquareDataUrl } from '../images';
import { announceProfiles } from './events';
import { groupImageUrl } from './presenter';
import { loadThread } from './queries';

/** POST /pms/group/{id}/image: a participant sets the group's picture (a JSON image, cropped square). */
export async function setGroupImage(deps: AppDeps, callerId: number, groupId: number, dataUrl: string) {
  const thread = await loadThread(deps.db, groupId, callerId);
  if (!thread.group.isGroup) throw badRequest('not_a_group', 'Only a group has a picture');
  const { image_id } = await storeSquareDataUrl(deps, callerId, ImageKind.GROUP, dataUrl);
  await inTransaction(unitOfWork(deps, callerId), async (work) => {
    await work.tx.update(messageGroups).set({ imageId: image_id }).where(eq(messageGroups.id, groupId));
    // The group's star shows the picture.
    await announceProfiles(
      work,
      thread.participants.map((p) => p.user.id),
    );
  });
  return { imageUrl: groupImageUrl(groupId, image_id) ?? '' };
}

/** GET /pms/group/{group_id}/image: the group's picture, for its participants only. */
export async function groupImage(deps: AppDeps, viewerId: number, groupId: number, side?: number) {
  const thread = await loadThread(deps.db, groupId, viewerId);
  if (thread.group.imageId === null) throw notFound('The group has no picture');
  return readImage(deps, viewerId, thread.group.imageId, { side, only: ImageKind.GROUP, checked: true });
}
