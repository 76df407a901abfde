import type { ReactNode } from 'react';
import { memberPicture } from '../../api/account';
import { Avatar } from '../../ui/Avatar';
import { Row } from './Rows';

/** A member as the invite and add-member lists show them. */
export interface PersonFace {
  user_id: number;
  screen_name: string;
  image_url: string | null;
  avatar_image: string | null;
}

export function PersonRow({
  face,
  detail,
  onOpen,
  children,
}: {
  face: PersonFace;
  detail?: ReactNode;
  onOpen?: () => void;
  children?: ReactNode;
}) {
  const picture = memberPicture({ image_url: face.image_url, avatar_image: face.avatar_image ?? '' });
  return (
    <Row
      picture={<Avatar src={picture} name={face.screen_name} size={44} decorative />}
      name={face.screen_name}
      detail={detail}
      onOpen={onOpen}
    >
      {children}
    </Row>
  );
}
