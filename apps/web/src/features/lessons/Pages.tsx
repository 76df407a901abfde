import { ErrorCode, SessionMicState, type SessionRoom } from '@orbit/contract';
import { type FormEvent, useState } from 'react';
import { refusalText } from '../../api/errors';
import { moderate, usePosts, useSendPost, useViewers } from '../../api/lessons';
import { useTranslation } from '../../i18n';
import { buttonCase } from '../../i18n/casing';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { showError } from '../../ui/popup';
import styles from './Lessons.module.css';
import { postCheck } from './rules';
import { S } from './texts';

type Page = 'posts' | 'viewers';

/** The room's two pages (docs/product/calls-and-lessons.md#lesson-room): POSTS with the post writer, and VIEWERS. */
export function Pages({ room, communityId }: { room: SessionRoom; communityId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<Page>('posts');
  const tab = (id: Page, label: string) => (
    <button
      type="button"
      role="tab"
      id={`session-tab-${id}`}
      aria-selected={page === id}
      aria-controls={`session-page-${id}`}
      className={styles.tab}
      onClick={() => setPage(id)}
    >
      {buttonCase(t(label))}
    </button>
  );
  return (
    <div className={styles.pages}>
      <div role="tablist" className={styles.tabs}>
        {tab('posts', S.posts)}
        {tab('viewers', S.viewers)}
      </div>
      <div role="tabpanel" id={`session-page-${page}`} aria-labelledby={`session-tab-${page}`}>
        {page === 'posts' ? (
          <PostsPage room={room} communityId={communityId} />
        ) : (
          <ViewersPage room={room} communityId={communityId} />
        )}
      </div>
    </div>
  );
}

function PostsPage({ room, communityId }: { room: SessionRoom; communityId: number }) {
  const { t } = useTranslation();
  const posts = usePosts(communityId, room.session.id);
  const send = useSendPost(communityId, room.session.id);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = postCheck(text);
    if (check === 'empty') return;
    if (check === 'too_long') return showError(S.unableToPost, S.postMaxSize);
    send.mutate(
      { message: text.trim() },
      {
        onSuccess: () => setText(''),
        onError: (error) =>
          showError(S.unableToPost, refusalText(error, [ErrorCode.post_max_size], S.pleaseTryAgain)),
      },
    );
  };
  const list = posts.data?.posts ?? [];
  return (
    <div className={styles.posts}>
      {posts.isPending && <p className={styles.muted}>{t(S.loading)}</p>}
      {!posts.isPending && list.length === 0 && <p className={styles.muted}>{t(S.noPosts)}</p>}
      <ul className={styles.postList}>
        {list.map((post) => (
          <li key={post.id} className={post.me ? styles.ownPost : styles.post}>
            <Avatar src={post.author_image} name={post.author_screen_name} size={32} decorative />
            <div>
              <strong>{post.author_screen_name}</strong>
              <p className={styles.postText}>{post.message}</p>
            </div>
          </li>
        ))}
      </ul>
      <form className={styles.writer} onSubmit={submit}>
        <textarea
          className={styles.textarea}
          aria-label={t(S.writePost)}
          placeholder={t(S.writePost)}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={2}
        />
        <Button type="submit" disabled={send.isPending || !text.trim()} aria-busy={send.isPending}>
          {t(S.send)}
        </Button>
      </form>
    </div>
  );
}

function ViewersPage({ room, communityId }: { room: SessionRoom; communityId: number }) {
  const { t } = useTranslation();
  const lessonId = room.session.id;
  const viewers = useViewers(communityId, lessonId, true);
  const act = (action: 'grant' | 'ungrant' | 'kick', userId: number) =>
    moderate(communityId, lessonId, { action, user_id: userId }).then(
      () => viewers.refetch(),
      () => viewers.refetch(),
    );
  const list = viewers.data?.viewers ?? [];
  if (viewers.isPending) return <p className={styles.muted}>{t(S.loading)}</p>;
  if (list.length === 0) return <p className={styles.muted}>{t(S.noViewers)}</p>;
  return (
    <ul className={styles.viewerList} aria-label={t(S.viewers)}>
      {list.map((viewer) => {
        const granted = viewer.mic === SessionMicState.GRANTED;
        return (
          <li key={viewer.user_id} className={styles.viewer}>
            <Avatar src={viewer.image_url} name={viewer.name} size={36} decorative />
            <span className={styles.viewerName}>{viewer.name}</span>
            {granted && !viewer.muted && (
              <span className={styles.activeMic} role="img" aria-label={t(S.activeMic)}>
                ●
              </span>
            )}
            {room.is_host && (
              <>
                <Button
                  variant="secondary"
                  onClick={() => act(granted ? 'ungrant' : 'grant', viewer.user_id)}
                  aria-label={`${t(granted ? S.takeMic : S.grantMic)} ${viewer.name}`}
                >
                  {t(granted ? S.takeMic : S.grantMic)}
                </Button>
                <Button
                  variant="danger"
                  onClick={() => act('kick', viewer.user_id)}
                  aria-label={`${t(S.remove)} ${viewer.name}`}
                >
                  {t(S.remove)}
                </Button>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
