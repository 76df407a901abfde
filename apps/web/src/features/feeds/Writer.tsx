import { IdentityType, PostPrivacy } from '@orbit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { uploadPostWithFiles } from '../../api/attachments';
import {
  createPost,
  type FeedScope,
  type PostInput,
  type Recipient,
  upsertPost,
  useCommunityMembers,
  useFeed,
  useFriendPeople,
} from '../../api/feeds';
import { useMe } from '../../api/profiles';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { Menu, MenuCheckItem } from '../../ui/Menu';
import { showError } from '../../ui/popup';
import styles from './Feeds.module.css';
import { MessageBox } from './MessageBox';
import { PollCreator } from './PollCreator';
import { RecipientSearch } from './RecipientSearch';
import { latestAuthors } from './recipients';
import { taggedMemberIds } from './tags';
import { UploadWidget, useUploads } from './UploadWidget';
import { sendCheck, toggleStatus, type WriterStatus } from './writer';

/** The post writer (docs/product/feeds-and-comments.md#post-writer, #post-limits): message box, the add menu, private recipient, files and polls. */
export function Writer({ scope }: { scope: FeedScope }) {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<WriterStatus>('regular');
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [pollOpen, setPollOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const backToRegular = useCallback(() => setStatus('regular'), []);
  const uploads = useUploads(backToRegular);
  const community = scope.kind === 'community';
  const members = useCommunityMembers(community ? scope.id : null).data ?? [];
  const friends = useFriendPeople(!community && status === 'searching').data ?? [];
  const posts = useFeed(scope).data?.pages.flatMap((page) => page.posts) ?? [];

  const toggle = (wanted: WriterStatus) => {
    setMenuOpen(false);
    const next = toggleStatus(status, wanted);
    if (next !== 'private') setRecipient(null);
    if (next !== 'sendImage') uploads.reset();
    setStatus(next);
  };

  const reset = () => {
    setMessage('');
    setRecipient(null);
    uploads.reset();
    setStatus('regular');
  };

  const send = async () => {
    const files = status === 'sendImage' ? uploads.files.map((entry) => entry.file) : [];
    const check = sendCheck(message, files.length > 0, uploads.hasError);
    if (check === 'too_long') return showError(T.popupTitle, T.exceededLimit);
    if (check === 'ignore' || busy) return;
    const input: PostInput = {
      message,
      identity_type: status === 'anonymous' ? IdentityType.ANONYMOUS : IdentityType.USERNAME,
      privacy: recipient ? PostPrivacy.PRIVATE : PostPrivacy.PUBLIC,
      target_user_id: recipient?.id ?? null,
      tagged_users: community ? taggedMemberIds(message, members) : [],
    };
    setBusy(true);
    try {
      // Either reply carries the post as the author sees it: the feed shows it without another request.
      const created =
        files.length > 0
          ? (await uploadPostWithFiles(scope, input, files)).post
          : await createPost(scope, input);
      upsertPost(queryClient, created);
      reset();
    } catch {
      // docs/product/feeds-and-comments.md#upload-limits: a post with files that fails says 'Unable to upload file', try again; one without files
      // fails silently. Either way the text and the files stay in the box to try again.
      if (files.length > 0) showError(T.unableToUploadFile, T.pleaseTryAgain);
    } finally {
      setBusy(false);
    }
  };

  const anonymousName = me?.alias ?? t(T.identityAnonymous);
  return (
    <section className={styles.writer} aria-label={t(T.writePost)}>
      <MessageBox
        value={message}
        onChange={setMessage}
        onSend={() => void send()}
        label={t(T.writePost)}
        placeholder={t(T.writePost)}
        taggable={community ? members : []}
        onPasteFiles={(files) => {
          setStatus('sendImage');
          uploads.add(files);
        }}
      />
      {status === 'anonymous' && (
        <StatusChip text={t(T.postingAs, positional(anonymousName))} onClear={() => toggle('anonymous')} />
      )}
      {status === 'private' && recipient && (
        <StatusChip text={t(T.privateTo, positional(recipient.name))} onClear={() => toggle('searching')} />
      )}
      {status === 'searching' && me && (
        <RecipientSearch
          latest={latestAuthors(posts)}
          everyone={community ? members : friends}
          selfId={me.user_id}
          onChoose={(person) => {
            setRecipient(person);
            setStatus('private');
          }}
        />
      )}
      {status === 'sendImage' && (
        <div className={styles.row}>
          <UploadWidget.PickButton uploads={uploads} label={t(T.attachFiles)} />
          <UploadWidget uploads={uploads} />
        </div>
      )}
      <div className={styles.writerBar}>
        <Menu
          open={menuOpen}
          onOpenChange={setMenuOpen}
          side="top"
          align="start"
          trigger={
            <button type="button" className={styles.addButton} aria-label={t(T.addMenu)}>
              <span aria-hidden="true">+</span>
            </button>
          }
        >
          <MenuCheckItem checked={status === 'anonymous'} onSelect={() => toggle('anonymous')}>
            {t(T.postAsAnonymous)}
          </MenuCheckItem>
          <MenuCheckItem checked={pollOpen} onSelect={() => setPollOpen(!pollOpen)}>
            {t(T.createAPoll)}
          </MenuCheckItem>
          <MenuCheckItem checked={status === 'sendImage'} onSelect={() => toggle('sendImage')}>
            {t(T.attachFiles)}
          </MenuCheckItem>
        </Menu>
        <button
          type="button"
          className={`${styles.chip} ${status === 'searching' || status === 'private' ? styles.chipOn : ''}`}
          aria-pressed={status === 'searching' || status === 'private'}
          onClick={() => toggle('searching')}
        >
          {t(T.privatePost)}
        </button>
        <Button className={styles.sendButton} disabled={busy} onClick={() => void send()}>
          {t(T.feedSend)}
        </Button>
      </div>
      {pollOpen && <PollCreator scope={scope} onDone={() => setPollOpen(false)} />}
    </section>
  );
}

function StatusChip({ text, onClear }: { text: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <p className={styles.status}>
      <span>{text}</span>
      <button type="button" className={styles.removeFile} aria-label={t(T.close)} onClick={onClear}>
        <span aria-hidden="true">×</span>
      </button>
    </p>
  );
}
