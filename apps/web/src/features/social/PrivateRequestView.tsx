import { useState } from 'react';
import { findPersona } from '../../api/social';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import layoutStyles from '../../ui/Layout.module.css';
import { showError } from '../../ui/popup';
import { MessageField } from './MessageField';
import { optionalMessage } from './rules';
import { useFriendActions } from './useFriendActions';

/**
 * Private request (docs/product/friends.md#private-request): a friend request to a member found by exact persona name, with an optional
 * message; "persona does not exist" when the lookup finds nobody (docs/product/friends.md#request-message).
 */
export function PrivateRequestView() {
  const { t } = useTranslation();
  const [persona, setPersona] = useState('');
  const [message, setMessage] = useState('');
  const actions = useFriendActions();

  const submit = async () => {
    let member: Awaited<ReturnType<typeof findPersona>>;
    try {
      member = await findPersona(persona.trim());
    } catch {
      showError(T.unableToSendFriendRequest, T.pleaseTryAgain);
      return;
    }
    if (!member) {
      showError(T.personaDoesNotExist);
      return;
    }
    const sent = await actions.send(member.user_id, optionalMessage(message, t(T.messagePlaceholder)));
    if (sent) open('member', { userId: member.user_id, name: member.name, instead: true });
  };

  return (
    <form
      className={layoutStyles.stack}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t(T.personaName)}
        value={persona}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => setPersona(event.target.value)}
      />
      <MessageField value={message} onChange={setMessage} />
      <Button type="submit" block disabled={!persona.trim() || actions.busy}>
        {t(T.sendRequest)}
      </Button>
    </form>
  );
}
