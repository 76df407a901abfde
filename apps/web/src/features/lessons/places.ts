import type { PlaceOpeners } from '../../app/places';
import { openStreaming } from './open';

export { LESSON_ADDRESSES } from './open';

export const lessonPlaces = {
  'lesson-sessions': ({ communityId }) => openStreaming(communityId),
} satisfies Partial<PlaceOpeners>;
