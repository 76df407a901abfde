import { PM_GROUP_NAME_MAX } from '@orbit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createGroup } from '../../api/messages';
import { useProfiles } from '../../api/profiles';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { listedPersonName } from '../../i18n/names';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import layoutStyles from '../../ui/Layout.module.css';
import listStyles from '../../ui/List.module.css';
import { PersonRow } from '../../ui/PersonRow';
import { showError } from '../../ui/popup';
import { Rows } from '../../ui/Rows';
import { confirmDone } from '../../ui/toast';
import { PicturePicker } from '../communities';
import { friendFaces } from './friends';
import styles from './Messages.module.css';
import { canSaveGroup, groupTitle } from './rules';

/**
 * New group (docs/product/messages.md#previews): picture, name and participants chosen among friends through the add-participant
 * modal; Save is enabled only with more than 2 participants including the member (docs/product/messages.md#message-limits).
 */
export function NewGroupView() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const profiles = useProfiles().data;
  const [name, setName] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [chosen, setChosen] = useState<readonly number[]>([]);
  const [saving, setSaving] = useState(false);
  if (!profiles) return null;
  const me = profiles.user_profile;
  const participants = friendFaces(profiles.stars).filter((friend) => chosen.includes(friend.user_id));

  const save = async () => {
    setSaving(true);
    try {
      const groupId = await createGroup(
        queryClient,
        { user_ids: [...chosen], name: name.trim() || undefined },
        image,
      );
      const title = groupTitle(
        name,
        participants.map((p) => p.name),
      );
      open('thread', { groupId, title, instead: true });
      confirmDone(T.groupCreated);
    } catch {
      setSaving(false);
      showError(T.popupMessage, T.pleaseTryAgain);
    }
  };

  return (
    <form
      className={layoutStyles.form}
      aria-label={t(T.messagesGroupMessage)}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSaveGroup(chosen, me.user_id)) void save();
      }}
    >
      <div className={styles.pictureRow}>
        <Avatar src={image} name={name || t(T.messagesGroupImage)} size={72} decorative />
        <PicturePicker label={t(T.messagesGroupImage)} onPicked={setImage} />
      </div>
      <TextField
        label={t(T.messagesGroupName)}
        value={name}
        maxLength={PM_GROUP_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
      />
      <section className={styles.participants} aria-label={t(T.messagesParticipants)}>
        <h3 className={listStyles.sectionTitle}>{t(T.messagesParticipants)}</h3>
        <Rows label={t(T.messagesParticipants)} empty="">
          {[
            <PersonRow
              key={me.user_id}
              face={{ ...me, name: listedPersonName(t, { name: me.name, isMe: true }) }}
            />,
            ...participants.map((person) => (
              <PersonRow key={person.user_id} face={person}>
                <Button
                  variant="ghost"
                  aria-label={t(T.messagesRemoveParticipant, positional(person.name))}
                  onClick={() => setChosen((ids) => ids.filter((id) => id !== person.user_id))}
                >
                  ×
                </Button>
              </PersonRow>
            )),
          ]}
        </Rows>
        <Button
          variant="secondary"
          onClick={() =>
            open('add-participant', { chosen, onAdd: (userId) => setChosen((ids) => [...ids, userId]) })
          }
        >
          {t(T.messagesAddParticipant)}
        </Button>
      </section>
      <div className={styles.buttons}>
        <Button type="submit" disabled={!canSaveGroup(chosen, me.user_id) || saving}>
          {t(T.save)}
        </Button>
      </div>
    </form>
  );
}
