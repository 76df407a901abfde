import { useProfiles } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { PersonRow } from '../../ui/PersonRow';
import { Rows } from '../../ui/Rows';
import { friendFaces } from './friends';
import { openPrivateThread, showThreadInstead } from './open';

/** Private message (docs/product/messages.md#previews): pick a friend, and their one thread opens in the picker's place. */
export function FriendPicker() {
  const { t } = useTranslation();
  const friends = friendFaces(useProfiles().data?.stars ?? []);
  return (
    <Rows label={t(T.messagesPrivateMessage)} empty={t(T.inactiveEmptyFriends)}>
      {friends.map((friend) => (
        <PersonRow
          key={friend.user_id}
          face={friend}
          onOpen={() => void openPrivateThread(friend.user_id, friend.name, showThreadInstead)}
        />
      ))}
    </Rows>
  );
}
