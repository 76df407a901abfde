import { StarType } from '@orbit/contract';
import { faceSeenBy, SELF } from '../../faces';
import { blankStar } from '../presenter';
import type { StarProvider } from './types';

/** The member's own star at the centre of the home view (docs/product/home-and-stars.md#home-view): zone 0, medium size. */
export const meStar: StarProvider = {
  stars: ({ owner }) => {
    const face = faceSeenBy(owner, SELF);
    return {
      stars: [
        {
          ...blankStar({ star_id: `${StarType.ME}:${owner.id}`, star_type: StarType.ME, name: face.name }),
          zone: 0,
          size: 2,
          image_url: face.image_url,
          avatar_image: face.avatar_image,
          screen_name: face.screen_name,
          user_id: owner.id,
          persona_image: face.persona_image,
          gojimoji: face.gojimoji,
        },
      ],
    };
  },
};
