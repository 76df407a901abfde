import { useProfiles } from '../../api/profiles';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { PersonRow } from '../../ui/PersonRow';
import { Rows } from '../../ui/Rows';
import { friendFaces } from './friends';

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
          onOpen={() => open('private-thread', { userId: friend.user_id, name: friend.name, instead: true })}
        />
      ))}
    </Rows>
  );
}
