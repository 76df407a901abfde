import { IdentityType, PrivacySetting } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import type { FaceRow } from '../faces';
import type { PostBundle, Reactions } from './loader';
import { pairKey } from './loader';
import {
  type CommentBundle,
  commentViewerClassOf,
  presentComment,
  presentPost,
  type Viewer,
  viewerClassOf,
} from './presenter';

const AUTHOR = 7;
const TARGET = 11;
const author: FaceRow = {
  id: AUTHOR,
  username: 'sam',
  alias: 'Quiet Fox',
  firstName: 'Sam',
  lastName: 'Lee',
  avatarImage: 'fox',
  personaType: 1,
  personaValue: 'Sam',
  mood: 2,
  moodTags: [],
  privacySetting: PrivacySetting.PRIVATE,
};

function bundle(identityType: number): CommentBundle {
  const at = new Date('2026-12-01T10:00:00Z');
  return {
    comment: {
      id: 90,
      postId: 40,
      authorId: AUTHOR,
      message: 'well done',
      identityType,
      urgency: 0,
      taggedUsers: [],
      createdAt: at,
      updatedAt: at,
    },
    author,
    communityId: 3,
    attachments: [],
  };
}

/** Every kind of viewer a community has: each setting of a Viewer varied on its own. */
function viewers(userIds = [AUTHOR, 8, 9]): Viewer[] {
  const all: Viewer[] = [];
  for (const userId of userIds)
    for (const isModerator of [false, true])
      for (const seesUrgent of [false, true])
        for (const unitPreference of [1, 2])
          for (const friends of [[], [AUTHOR], [TARGET], [AUTHOR, TARGET]])
            for (const wellbeing of [false, true])
              all.push({
                userId,
                isModerator,
                seesUrgent,
                unitPreference,
                isFriendOf: (id) => friends.includes(id),
                wellbeing,
              });
  return all;
}

/** Holds `classOf` to the presenter: viewers of one class were shown the same, and there are several classes. */
function expectClassesHold<T>(
  all: Viewer[],
  classOf: (viewer: Viewer) => string,
  present: (viewer: Viewer) => T,
) {
  const byClass = new Map<string, string>();
  for (const viewer of all) {
    const view = JSON.stringify(present(viewer));
    const key = classOf(viewer);
    // A class presented once must be what each of its viewers would have been shown.
    expect(view).toBe(byClass.get(key) ?? view);
    byClass.set(key, view);
  }
  expect(byClass.size).toBeGreaterThan(2);
}

describe('a comment presented once per class of viewer', () => {
  it.each([IdentityType.USERNAME, IdentityType.ANONYMOUS])(
    'viewers of one class see the same comment, of different classes a different one (identity %i)',
    (identity) => {
      const shown = bundle(identity);
      expectClassesHold(viewers(), commentViewerClassOf(shown), (viewer) => presentComment(shown, viewer));
    },
  );
});

/** A post to a member, with a poll, an activity in kilometres and an urgent comment: every setting shows. */
function postBundle(identityType: number): PostBundle {
  const at = new Date('2026-12-01T10:00:00Z');
  return {
    post: {
      id: 40,
      communityId: 3,
      ownerUserId: null,
      authorId: AUTHOR,
      type: 1,
      message: 'a run',
      identityType,
      privacy: 1,
      targetUserId: TARGET,
      taggedUsers: [],
      tags: [],
      pollQuestion: 'again?',
      pollOptions: ['yes', 'no'],
      pollExpiresAt: new Date('2027-01-01T00:00:00Z'),
      activity: {
        activity_name: 'Running',
        activity_type: 1,
        activity_session_type: null,
        activity_time: '2026-12-01T09:00:00Z',
        duration: 1_800_000,
        calories: 300,
        steps: 4000,
        distance: 5,
        distance_unit: 'km',
        bg_app_id: null,
      },
      externalId: null,
      createdAt: at,
      updatedAt: at,
    },
    author,
    target: { ...author, id: TARGET, username: 'kim', alias: 'Calm Owl' },
    stats: { all: 3, plain: 2, highestUrgency: 2 },
    rating: 4,
    highFives: 2,
    votes: [{ userId: 12, optionIndex: 0 }],
    attachments: [],
  };
}

describe('a post presented once per class of viewer', () => {
  it.each([IdentityType.USERNAME, IdentityType.ANONYMOUS])(
    'viewers of one class see the same post, of different classes a different one (identity %i)',
    (identity) => {
      const shown = postBundle(identity);
      // 13 rated it, 14 high-fived it, 12 voted: each sees their own mark.
      const reactions: Reactions = {
        ratings: new Map([[pairKey(40, 13), 5]]),
        highFives: new Set([pairKey(40, 14)]),
      };
      const now = new Date('2026-12-02T00:00:00Z');
      expectClassesHold(
        viewers([AUTHOR, TARGET, 8, 9, 12, 13, 14]),
        viewerClassOf(shown, reactions),
        (viewer) => presentPost(shown, viewer, reactions, now),
      );
    },
  );
});
