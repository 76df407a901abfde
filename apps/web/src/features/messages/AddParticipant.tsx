import { useProfiles } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { dialogBack } from '../../ui/dialogStore';
import { PersonRow } from '../../ui/PersonRow';
import { Rows } from '../../ui/Rows';
import { friendFaces } from './friends';

/** The add-participant modal (docs/product/messages.md#previews): friends not in the group yet; choosing one adds them and goes back. */
export function AddParticipant({
  chosen,
  onAdd,
}: {
  chosen: readonly number[];
  onAdd: (userId: number) => void;
}) {
  const { t } = useTranslation();
  const candidates = friendFaces(useProfiles().data?.stars ?? []).filter(
    (friend) => !chosen.includes(friend.user_id),
  );
  return (
    <Rows label={t(T.messagesAddParticipant)} empty={t(T.inactiveEmptyFriends)}>
      {candidates.map((friend) => (
        <PersonRow
          key={friend.user_id}
          face={friend}
          onOpen={async () => {
            onAdd(friend.user_id);
            await dialogBack();
          }}
        />
      ))}
    </Rows>
  );
}
