import { IdentityType, PrivacySetting } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import type { FaceRow } from '../faces';
import { type CommentBundle, commentViewerClassOf, presentComment, type Viewer } from './presenter';

const AUTHOR = 7;
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
function viewers(): Viewer[] {
  const all: Viewer[] = [];
  for (const userId of [AUTHOR, 8, 9])
    for (const isModerator of [false, true])
      for (const friend of [false, true])
        for (const wellbeing of [false, true])
          all.push({
            userId,
            isModerator,
            seesUrgent: isModerator,
            unitPreference: wellbeing ? 1 : 2,
            isFriendOf: () => friend,
            wellbeing,
          });
  return all;
}

describe('a comment presented once per class of viewer', () => {
  it.each([IdentityType.USERNAME, IdentityType.ANONYMOUS])(
    'viewers of one class see the same comment, of different classes a different one (identity %i)',
    (identity) => {
      const shown = bundle(identity);
      const classOf = commentViewerClassOf(shown);
      const byClass = new Map<string, string>();
      for (const viewer of viewers()) {
        const view = JSON.stringify(presentComment(shown, viewer));
        const key = classOf(viewer);
        // A class presented once must be what each of its viewers would have been shown.
        expect(view).toBe(byClass.get(key) ?? view);
        byClass.set(key, view);
      }
      expect(byClass.size).toBeGreaterThan(2);
    },
  );
});
