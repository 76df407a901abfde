import { FileType, IdentityType, IMAGE_SIZES } from '@orbit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { memberPicture } from '../../api/account';
import { uploadPostImage } from '../../api/attachments';
import { createPost, type FeedScope, upsertPost } from '../../api/feeds';
import { useMe } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { dialogBack, openDialog } from '../../ui/dialogStore';
import { showError } from '../../ui/popup';
import styles from './Feeds.module.css';
import { MessageBox } from './MessageBox';
import { sendCheck } from './writer';

export interface ComposerProps {
  scope: FeedScope;
  /** An image to post with the text, shown as a preview (its button is hidden, docs/product/feeds-and-comments.md#comments). */
  image?: File;
  tags?: readonly string[];
}

/**
 * The new post composer (docs/product/feeds-and-comments.md#composer): posting anonymously under the alias and avatar is the only visible
 * identity option; 'write post', cancel and send; an optional image and tags preview.
 */
export function Composer({ scope, image, tags = [] }: ComposerProps) {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!image) return;
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const send = async () => {
    if (sendCheck(message, Boolean(image)) === 'too_long') return showError(T.popupTitle, T.exceededLimit);
    if (sendCheck(message, Boolean(image)) !== 'send' || busy || !me) return;
    setBusy(true);
    try {
      const uploaded = image ? await uploadPostImage(scope.id, image) : null;
      const item = await createPost(scope, {
        message,
        identity_type: anonymous ? IdentityType.ANONYMOUS : IdentityType.USERNAME,
        attachments: uploaded ? [{ id: uploaded.image_id, type: FileType.IMAGE }] : undefined,
      });
      upsertPost(queryClient, item);
      void dialogBack();
    } catch {
      if (image) showError(T.unableToUploadImageLower, T.pleaseTryAgain);
    } finally {
      setBusy(false);
    }
  };

  const alias = me?.alias ?? t(T.identityAnonymous);
  return (
    <div className={styles.composer}>
      <label className={styles.identity}>
        <input type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} />
        {me && (
          <Avatar
            src={memberPicture({ image_url: null, avatar_image: me.avatar_image })}
            name={alias}
            size={36}
            decorative
          />
        )}
        <span>{alias}</span>
      </label>
      <MessageBox
        value={message}
        onChange={setMessage}
        onSend={() => void send()}
        label={t(T.writePost)}
        placeholder={t(T.writePost)}
        autoFocus
      />
      {preview && (
        <img
          className={styles.composerImage}
          src={preview}
          alt=""
          style={{ height: IMAGE_SIZES.postPreview }}
        />
      )}
      {tags.length > 0 && (
        <ul className={styles.tagList}>
          {tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      )}
      <div className={styles.row}>
        <Button variant="ghost" onClick={() => void dialogBack()}>
          {t(T.feedCancel)}
        </Button>
        <Button disabled={busy} onClick={() => void send()}>
          {t(T.feedSend)}
        </Button>
      </div>
    </div>
  );
}

export const openComposer = (props: ComposerProps) =>
  openDialog({ title: T.newPost, render: () => <Composer {...props} /> });
