import type { ReactNode } from 'react';
import { memberPicture } from '../api/account';
import { Avatar } from './Avatar';
import { ListRow } from './ListRow';

/** How a member looks in a list: a star, a search result, a request; named as the server presents them. */
export interface MemberFace {
  name: string;
  image_url: string | null;
  avatar_image: string | null;
}

/** A member as the invite, add-member and friend-picker lists show them. */
export interface PersonFace extends MemberFace {
  user_id: number;
}

/** One member in a list: their picture and name, an optional second line, then the row's own buttons. */
export function PersonRow({
  face,
  detail,
  onOpen,
  children,
}: {
  face: MemberFace;
  detail?: ReactNode;
  onOpen?: () => void;
  children?: ReactNode;
}) {
  const picture = memberPicture({ image_url: face.image_url, avatar_image: face.avatar_image ?? '' });
  return (
    <ListRow
      picture={<Avatar src={picture} name={face.name} size={44} decorative />}
      name={face.name}
      detail={detail}
      onOpen={onOpen}
    >
      {children}
    </ListRow>
  );
}
