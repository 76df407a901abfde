import { openDirectThread } from '../../api/messages';
import { useProfiles } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { PersonRow } from '../../ui/PersonRow';
import { showError } from '../../ui/popup';
import { Rows } from '../../ui/Rows';
import { friendFaces } from './friends';
import { showThreadInstead } from './open';

/** Private message (002 §2): pick a friend, and their one thread opens in the picker's place. */
export function FriendPicker() {
  const { t } = useTranslation();
  const friends = friendFaces(useProfiles().data?.stars ?? []);
  const open = async (userId: number, name: string) => {
    try {
      const { group_id } = await openDirectThread(userId);
      showThreadInstead({ groupId: group_id, title: name });
    } catch {
      showError(T.popupMessage, T.pleaseTryAgain);
    }
  };
  return (
    <Rows label={t(T.messagesPrivateMessage)} empty={t(T.inactiveEmptyFriends)}>
      {friends.map((friend) => (
        <PersonRow
          key={friend.user_id}
          face={friend}
          onOpen={() => void open(friend.user_id, friend.screen_name)}
        />
      ))}
    </Rows>
  );
}
