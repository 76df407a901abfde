import type { PublicProfile } from '@orbit/contract';
import { useState } from 'react';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import layoutStyles from '../../ui/Layout.module.css';
import { MessageField } from './MessageField';
import { ProfileHeader } from './ProfileHeader';
import { optionalMessage } from './rules';
import { useFriendActions } from './useFriendActions';

/** Friend confirmation (docs/product/friends.md#friend-confirmation): the profile, an optional message, cancel and confirm. */
export function FriendConfirmation({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const actions = useFriendActions();
  const confirm = async () => {
    const sent = await actions.send(profile.user_id, optionalMessage(message, t(T.messagePlaceholder)));
    if (sent) open('member', { userId: profile.user_id, name: profile.name, instead: true });
  };
  return (
    <div className={layoutStyles.stack}>
      <ProfileHeader profile={profile} />
      <MessageField value={message} onChange={setMessage} />
      <div className={layoutStyles.buttons}>
        <Button variant="secondary" onClick={() => void dialogBack()}>
          {t(T.friendCancel)}
        </Button>
        <Button disabled={actions.busy} onClick={() => void confirm()}>
          {t(T.friendConfirm)}
        </Button>
      </div>
    </div>
  );
}
