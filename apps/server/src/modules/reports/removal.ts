import type { ReportTargetType } from '@orbit/contract';
import type { Work } from '../../platform/tx';
import { resetCommunityFace } from '../communities';
import { findComment, findPost, removeComment, removePost } from '../feeds';
import { endLessonIn, type LessonRow } from '../lessons';
import { removeMessageById } from '../messages';
import { resetFace } from '../users';

/** What is left to do once a removal has committed: files to take out of storage, a lesson's rooms to close. */
export interface Removal {
  storageKeys: string[];
  endedLesson: LessonRow | null;
}

const NOTHING_LEFT: Removal = { storageKeys: [], endedLesson: null };

type Remover = (work: Work, id: number) => Promise<Removal>;

/**
 * Remove, by kind of target (decision 0047), through the path its own feature deletes it by, so that every
 * client gets the realtime event it already handles; a target gone already leaves nothing to do.
 */
const REMOVERS: Record<ReportTargetType, Remover> = {
  async post(work, id) {
    const post = await findPost(work.tx, id);
    return post ? { ...NOTHING_LEFT, storageKeys: await removePost(work, post) } : NOTHING_LEFT;
  },
  async comment(work, id) {
    const found = await findComment(work.tx, id);
    if (!found) return NOTHING_LEFT;
    return { ...NOTHING_LEFT, storageKeys: await removeComment(work, found.access, found.comment) };
  },
  async message(work, id) {
    await removeMessageById(work, id);
    return NOTHING_LEFT;
  },
  async session(work, id) {
    return { ...NOTHING_LEFT, endedLesson: await endLessonIn(work, id) };
  },
  async user(work, id) {
    await resetFace(work, id);
    return NOTHING_LEFT;
  },
  async community(work, id) {
    await resetCommunityFace(work, id);
    return NOTHING_LEFT;
  },
};

export function removeTarget(work: Work, type: ReportTargetType, id: number): Promise<Removal> {
  return REMOVERS[type](work, id);
}
