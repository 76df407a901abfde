import type { PrivateMessage } from '@orbit/contract';
import { useEffect, useState } from 'react';
import { useEditMessage, useSendMessage } from '../../api/messages';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { Layer } from '../../ui/Layer';
import { MessageBox, UploadWidget, useUploads } from '../feeds';
import styles from './Messages.module.css';
import { composerMode, sendable } from './rules';

interface ComposerProps {
  groupId: number;
  /** The own message being edited, or null to write a new one. */
  editing: PrivateMessage | null;
  onStopEditing: () => void;
}

/**
 * The composer (docs/product/messages.md#conversation): Enter sends on desktop and Shift+Enter breaks the line, an empty message is
 * not sent, the box grows up to about 129 px; in edit mode it saves the chosen message instead. Picked
 * files put it in sendImage mode (an oversized one in uploadErr, which blocks sending). A failed send gives
 * the text and the files back (message errors are silent, docs/product/calls-and-lessons.md#call-screen).
 */
export function Composer({ groupId, editing, onStopEditing }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = useSendMessage();
  const edit = useEditMessage();
  const uploads = useUploads();
  const state = {
    text,
    editing: editing !== null,
    files: uploads.files.length,
    uploadError: uploads.hasError,
  };
  const mode = composerMode(state);

  useEffect(() => {
    setText(editing ? editing.message : '');
  }, [editing]);

  const restore =
    (message: string, files: File[] = []) =>
    (error: Error) => {
      console.warn('[orbit] message not saved', error);
      setText(message);
      if (files.length > 0) uploads.add(files);
    };
  const submit = () => {
    if (!sendable(state)) return;
    const message = text.trim();
    if (editing) {
      edit.mutate({ groupId, pmId: editing.pm_id, message }, { onError: restore(message) });
      onStopEditing();
    } else {
      const files = uploads.files.map((entry) => entry.file);
      send.mutate({ groupId, message, files }, { onError: restore(message, files) });
      uploads.reset();
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
    >
      {editing && (
        // An edit in progress is a layer of its own: Escape cancels it before it closes the thread.
        <Layer className={styles.editBar} modal={false} onEscape={onStopEditing}>
          <span>{t(T.messagesEditing)}</span>
          <Button variant="ghost" onClick={onStopEditing}>
            {t(T.feedCancel)}
          </Button>
        </Layer>
      )}
      {!editing && <UploadWidget uploads={uploads} />}
      <div className={styles.composerRow}>
        <MessageBox
          value={text}
          onChange={setText}
          onSend={submit}
          label={t(T.messagesWrite)}
          placeholder={t(T.messagesWrite)}
          autoFocus
        />
        {!editing && <UploadWidget.PickButton uploads={uploads} label={t(T.attachFiles)} compact />}
        <Button type="submit" disabled={!sendable(state)}>
          {t(T.feedSend)}
        </Button>
      </div>
    </form>
  );
}
