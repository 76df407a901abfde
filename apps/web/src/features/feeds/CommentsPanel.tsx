import type { FeedComment, FeedPost } from '@orbit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { addFilesToComment } from '../../api/attachments';
import {
  commentHighlightKey,
  createComment,
  type FeedScope,
  upsertComment,
  useComments,
  useCommunityMembers,
  useDeleteComment,
  useEditComment,
  useHighlights,
  useIsExpert,
} from '../../api/feeds';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { buttonCase } from '../../i18n/casing';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { confirmYesNo } from '../../ui/confirm';
import { excerpt } from '../../ui/format';
import { ItemMenu } from '../../ui/ItemMenu';
import { showError } from '../../ui/popup';
import { useLongPress } from '../../ui/useLongPress';
import { Attachments } from './Attachments';
import { Author } from './Author';
import { EditField } from './EditBox';
import styles from './Feeds.module.css';
import { LinkPreviewCard } from './LinkPreviewCard';
import { MessageBox } from './MessageBox';
import { taggedMemberIds } from './tags';
import { UploadWidget, useUploads } from './UploadWidget';
import { defaultUrgency, nextUrgency } from './urgency';
import { URGENCY_CLASSES } from './urgencyClasses';
import { sendCheck } from './writer';

const URGENCY_KEYS = [T.urgency0, T.urgency1, T.urgency2, T.urgency3];

/** The comments panel under an expanded post (docs/product/feeds-and-comments.md#comments): list, input with counter, files, expert urgency. */
export function CommentsPanel({ scope, post }: { scope: FeedScope; post: FeedPost }) {
  const { t } = useTranslation();
  const comments = useComments(scope, post.id);
  const expert = useIsExpert(scope);
  const members = useCommunityMembers(scope.kind === 'community' ? scope.id : null).data ?? [];

  useEffect(() => {
    if (comments.isError) showError(T.unableToGetComments, T.pleaseTryAgain);
  }, [comments.isError]);

  return (
    <section className={styles.comments} aria-label={t(T.commentsTitle)}>
      <ul className={styles.commentList}>
        {(comments.data ?? []).map((comment) => (
          <CommentItem key={comment.id} comment={comment} scope={scope} members={members} expert={expert} />
        ))}
      </ul>
      {comments.data && (
        <CommentInput
          scope={scope}
          post={post}
          expert={expert}
          members={members}
          initialUrgency={expert ? defaultUrgency(comments.data) : 0}
        />
      )}
    </section>
  );
}

/** Urgency none, low, medium, high: an expert's button cycles it (docs/product/feeds-and-comments.md#urgency). */
function UrgencyButton({ urgency, onCycle }: { urgency: number; onCycle: () => void }) {
  const { t } = useTranslation();
  const name = buttonCase(t(URGENCY_KEYS[urgency] ?? T.urgency0));
  return (
    <button
      type="button"
      className={`${styles.urgencyButton} ${URGENCY_CLASSES[urgency] ?? ''}`}
      aria-label={t(T.urgencyLabel, { 0: name })}
      onClick={onCycle}
    >
      <span aria-hidden="true">!</span> {name}
    </button>
  );
}

/** A comment; experts set the urgency of anyone's, the words stay the author's to edit (docs/product/feeds-and-comments.md#urgency). */
function CommentItem({
  comment,
  scope,
  members,
  expert,
}: {
  comment: FeedComment;
  scope: FeedScope;
  members: readonly { id: number; screen_name: string }[];
  expert: boolean;
}) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const highlighted = useHighlights((s) => Boolean(s.ids[commentHighlightKey(comment.id)]));
  const edit = useEditComment(scope, comment.feed_id);
  const remove = useDeleteComment(scope, comment.feed_id);
  const longPress = useLongPress(() => setMenuOpen(true));
  const failed = () => showError(T.unableToUpdateComment, T.pleaseTryAgain);
  const classes = [styles.comment, comment.is_own ? styles.own : '', highlighted ? styles.highlight : ''];
  return (
    <li className={classes.join(' ')} {...longPress}>
      <div className={styles.cardHead}>
        <Author item={comment} size={28} />
        {expert ? (
          <UrgencyButton
            urgency={comment.urgency}
            onCycle={() =>
              edit.mutate(
                { commentId: comment.id, input: { urgency: nextUrgency(comment.urgency) } },
                { onError: failed },
              )
            }
          />
        ) : (
          comment.urgency > 0 && (
            <span className={`${styles.urgencyTag} ${URGENCY_CLASSES[comment.urgency] ?? ''}`}>
              {t(URGENCY_KEYS[comment.urgency] ?? T.urgency0)}
            </span>
          )
        )}
        <ItemMenu
          open={menuOpen}
          onOpenChange={setMenuOpen}
          label={t(T.commentOptions)}
          onEdit={comment.may_edit ? () => setEditing(true) : undefined}
          onDelete={
            comment.may_delete
              ? () =>
                  confirmYesNo(
                    t(T.commentDeleteQuestion),
                    () => remove.mutate(comment.id, { onError: failed }),
                    excerpt(comment.message),
                  )
              : undefined
          }
          onReport={comment.is_own ? undefined : () => open('report', { type: 'comment', id: comment.id })}
        />
      </div>
      {editing ? (
        <EditField
          initial={comment.message}
          taggable={members}
          onDone={() => setEditing(false)}
          save={(message) =>
            edit
              .mutateAsync({
                commentId: comment.id,
                input: { message, tagged_users: taggedMemberIds(message, members) },
              })
              .catch((error: unknown) => {
                failed();
                throw error;
              })
          }
        />
      ) : (
        <>
          <p className={styles.message}>{comment.message}</p>
          <LinkPreviewCard message={comment.message} />
        </>
      )}
      <Attachments items={comment.attachments} />
    </li>
  );
}

function CommentInput({
  scope,
  post,
  expert,
  members,
  initialUrgency,
}: {
  scope: FeedScope;
  post: FeedPost;
  expert: boolean;
  members: readonly { id: number; screen_name: string }[];
  initialUrgency: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [urgency, setUrgency] = useState(initialUrgency);
  const [busy, setBusy] = useState(false);
  const uploads = useUploads();

  const send = async () => {
    const check = sendCheck(message, uploads.files.length > 0, uploads.hasError);
    if (check === 'too_long') return showError(T.popupTitle, T.exceededLimit);
    if (check === 'ignore' || busy) return;
    setBusy(true);
    try {
      const comment = await createComment(scope, post.id, {
        message,
        urgency: expert ? urgency : undefined,
        tagged_users: scope.kind === 'community' ? taggedMemberIds(message, members) : [],
      });
      upsertComment(queryClient, scope, comment);
      if (uploads.files.length > 0) {
        const added = await addFilesToComment(
          scope,
          comment.id,
          uploads.files.map((entry) => entry.file),
        );
        upsertComment(queryClient, scope, { ...comment, attachments: added.attachments });
      }
      setMessage('');
      uploads.reset();
    } catch {
      showError(T.unableToPostComment, T.pleaseTryAgain);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.commentInput}>
      <MessageBox
        value={message}
        onChange={setMessage}
        onSend={() => void send()}
        label={t(T.writeComment)}
        placeholder={t(T.writeComment)}
        counter="regular"
        taggable={scope.kind === 'community' ? members : []}
        onPasteFiles={uploads.add}
      />
      <UploadWidget uploads={uploads} />
      <div className={styles.row}>
        <UploadWidget.PickButton uploads={uploads} label={t(T.attachFiles)} />
        {expert && <UrgencyButton urgency={urgency} onCycle={() => setUrgency(nextUrgency(urgency))} />}
        <Button className={styles.sendButton} disabled={busy} onClick={() => void send()}>
          {t(T.feedSend)}
        </Button>
      </div>
    </div>
  );
}
