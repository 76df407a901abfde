import { FriendDirection, type PublicProfile } from '@orbit/contract';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import styles from './Social.module.css';
import { useFriendActions } from './useFriendActions';

/**
 * The users list's friend, unfriend and confirm buttons (docs/product/friends.md#users-list), by how the caller stands to the member:
 * a stranger can be asked (through the friend confirmation), a friend unfriended, an incoming request
 * confirmed; an outgoing one shows as pending.
 */
export function RelationButtons({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const actions = useFriendActions();
  if (profile.is_friend) {
    return (
      <Button variant="danger" disabled={actions.busy} onClick={() => void actions.unfriend(profile.user_id)}>
        {t(T.friendUnfriend)}
      </Button>
    );
  }
  if (profile.direction === FriendDirection.INCOMING) {
    return (
      <Button disabled={actions.busy} onClick={() => void actions.accept(profile.user_id)}>
        {t(T.friendConfirm)}
      </Button>
    );
  }
  if (profile.direction === FriendDirection.OUTGOING) {
    return <span className={styles.status}>{t(T.requestPending)}</span>;
  }
  return (
    <Button variant="secondary" onClick={() => open('friend-confirmation', profile)}>
      {t(T.friendFriend)}
    </Button>
  );
}
