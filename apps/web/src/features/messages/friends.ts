import { StarType } from '@orbit/contract';
import type { Star } from '../../api/types';
import type { PersonFace } from '../../ui/PersonRow';

/** The member's friends, from their friend stars, by name: who a thread or a group may be opened with. */
export function friendFaces(stars: readonly Star[]): PersonFace[] {
  return stars
    .filter((star) => star.star_type === StarType.FRIEND && star.user_id !== null)
    .map((star) => ({
      user_id: star.user_id as number,
      name: star.name,
      image_url: star.image_url,
      avatar_image: star.avatar_image,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
