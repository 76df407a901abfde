import type { FeedPost } from '@orbit/contract';
import { useState } from 'react';
import { type FeedScope, useCommunityMembers, useEditPost } from '../../api/feeds';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { showError } from '../../ui/popup';
import styles from './Feeds.module.css';
import { MessageBox } from './MessageBox';
import { taggedMemberIds } from './tags';
import { sendCheck } from './writer';

export interface EditFieldProps {
  initial: string;
  /** Saves the edited message; a rejection keeps the box open. */
  save: (message: string) => Promise<unknown>;
  onDone: () => void;
  taggable?: readonly { id: number; screen_name: string }[];
}

/**
 * Edit mode (docs/product/feeds-and-comments.md#post-writer, #post-limits): the counter shows length/280; it ends after send, or when the box is emptied.
 */
export function EditField({ initial, save, onDone, taggable }: EditFieldProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(initial);
  const send = () => {
    const check = sendCheck(message, false);
    if (check === 'too_long') return showError(T.popupTitle, T.exceededLimit);
    if (check === 'ignore') return;
    save(message).then(onDone, () => {});
  };
  return (
    <div className={styles.editBox}>
      <MessageBox
        value={message}
        label={t(T.feedEdit)}
        counter="edit"
        taggable={taggable}
        autoFocus
        onChange={(value) => {
          setMessage(value);
          if (value.length === 0) onDone();
        }}
        onSend={send}
      />
      <div className={styles.row}>
        <Button variant="ghost" onClick={onDone}>
          {t(T.feedCancel)}
        </Button>
        <Button onClick={send}>{t(T.feedSend)}</Button>
      </div>
    </div>
  );
}

/** A post's edit box: its @tags are read again from the edited text. */
export function EditBox({ scope, item, onDone }: { scope: FeedScope; item: FeedPost; onDone: () => void }) {
  const edit = useEditPost(scope);
  const members = useCommunityMembers(scope.kind === 'community' ? scope.id : null).data ?? [];
  return (
    <EditField
      initial={item.message}
      taggable={members}
      onDone={onDone}
      save={(message) =>
        edit.mutateAsync({
          postId: item.id,
          input: { message, tagged_users: taggedMemberIds(message, members) },
        })
      }
    />
  );
}
