import { PushType, pushTag } from '@orbit/contract';
import type { Work } from '../../platform/tx';
import { standingIn } from '../communities';
import { findUser, presentMemberFace } from '../faces';
import { queueCommunityPush } from '../push';
import type { LessonRow } from './queries';

/**
 * A COMMUNITY push to the community's members when its expert starts a live session (issue 26, decision 0053),
 * queued as one row in the session's transaction like an expert's post, the expert left out. It
 * opens the community's sessions, where the live one is first; one that has ended by then is simply not there.
 */
export async function pushLessonStarted(work: Work, lesson: LessonRow) {
  const { communityId } = lesson;
  const { community } = await standingIn(work.tx, communityId, lesson.instructorId);
  const expert = presentMemberFace(await findUser(work.tx, lesson.instructorId), false).name;
  await queueCommunityPush(work, {
    communityId,
    cause: {
      type: PushType.COMMUNITY,
      from: expert,
      title: community.name,
      body: `${expert} is live: ${lesson.name}`,
      privateBody: `${expert} started a live session`,
      url: `/community/${communityId}/sessions/${communityId}`,
      tag: pushTag.lesson(lesson.id),
    },
    except: [],
    actor: lesson.instructorId,
  });
}
