import type { PrivateMessage } from '@orbit/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditMessage, useSendMessage } from '../../api/messages';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { MessageBox } from '../feeds/MessageBox';
import styles from './Messages.module.css';
import { composerMode, sendable } from './rules';

interface ComposerProps {
  groupId: number;
  /** The own message being edited, or null to write a new one. */
  editing: PrivateMessage | null;
  onStopEditing: () => void;
}

/**
 * The composer (002 §4, §5): Enter sends on desktop and Shift+Enter breaks the line, an empty message is
 * not sent, the box grows up to about 129 px; in edit mode it saves the chosen message instead. A failed
 * send gives the text back (message errors are silent, 002 §8).
 */
export function Composer({ groupId, editing, onStopEditing }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = useSendMessage();
  const edit = useEditMessage();
  const mode = composerMode(text, editing !== null);

  useEffect(() => {
    setText(editing ? editing.message : '');
  }, [editing]);

  const restore = (message: string) => (error: Error) => {
    console.warn('[orbit] message not saved', error);
    setText(message);
  };
  const submit = () => {
    if (!sendable(text)) return;
    const message = text.trim();
    if (editing) {
      edit.mutate({ groupId, pmId: editing.pm_id, message }, { onError: restore(message) });
      onStopEditing();
    } else {
      send.mutate({ groupId, message }, { onError: restore(message) });
    }
    setText('');
  };

  return (
    <form
      className={styles.composer}
      data-mode={mode}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !editing) return;
        event.stopPropagation();
        onStopEditing();
      }}
    >
      {editing && (
        <div className={styles.editBar}>
          <span>{t(T.messagesEditing)}</span>
          <Button variant="ghost" onClick={onStopEditing}>
            {t(T.feedCancel)}
          </Button>
        </div>
      )}
      <div className={styles.composerRow}>
        <MessageBox
          value={text}
          onChange={setText}
          onSend={submit}
          label={t(T.messagesWrite)}
          placeholder={t(T.messagesWrite)}
          autoFocus
        />
        <Button type="submit" disabled={!sendable(text)}>
          {t(T.feedSend)}
        </Button>
      </div>
    </form>
  );
}
