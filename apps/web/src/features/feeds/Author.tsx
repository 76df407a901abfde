import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { personName } from '../../i18n/names';
import { Avatar } from '../../ui/Avatar';
import { TimeAgo } from '../../ui/TimeAgo';
import styles from './Feeds.module.css';

interface AuthorItem {
  author_user_id: number | null;
  author_screen_name: string;
  author_avatar_image_url: string | null;
  author_profile_available: boolean;
  is_own: boolean;
  time: string;
}

/** Author and date of a post or comment: own items read 'You'; other members' faces open their profile. */
export function Author({ item, size = 40 }: { item: AuthorItem; size?: number }) {
  const { t } = useTranslation();
  const name = personName(t, { name: item.author_screen_name, isMe: item.is_own });
  const otherId = !item.is_own && item.author_profile_available ? item.author_user_id : null;
  const face = (
    <>
      <Avatar src={item.author_avatar_image_url} name={name} size={size} decorative />
      <span className={styles.authorName}>{name}</span>
    </>
  );
  return (
    <div className={styles.author}>
      {otherId === null ? (
        <span className={styles.authorFace}>{face}</span>
      ) : (
        <button
          type="button"
          className={styles.authorFace}
          onClick={() => open('member', { userId: otherId, name: item.author_screen_name })}
        >
          {face}
        </button>
      )}
      <TimeAgo iso={item.time} className={styles.time} />
    </div>
  );
}
