import { type ChatEventData, UI_TIMINGS } from '@orbit/contract';
import { useEffect, useState } from 'react';
import { onChatPost } from '../../api/lessons';
import { useTranslation } from '../../i18n';
import { Avatar } from '../../ui/Avatar';
import { playSound } from '../../ui/sounds';
import styles from './Lessons.module.css';
import { S } from './texts';

/**
 * The chat notification toast of a live room (docs/product/calls-and-lessons.md#lesson-posts): the newest post of this lesson's chat, with a beep;
 * it clears itself after 5 s (docs/product/calls-and-lessons.md#lesson-posts), and a newer post replaces it and starts the 5 s again.
 */
export function ChatToast({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation();
  const [post, setPost] = useState<ChatEventData | null>(null);
  useEffect(
    () =>
      onChatPost((arrived) => {
        if (arrived.session_id !== lessonId) return;
        setPost(arrived);
        playSound('beep');
      }),
    [lessonId],
  );
  useEffect(() => {
    if (!post) return;
    const timer = setTimeout(() => setPost(null), UI_TIMINGS.chatToastMs);
    return () => clearTimeout(timer);
  }, [post]);
  if (!post) return null;
  return (
    <div className={styles.chatToast} role="status" aria-label={t(S.chatToast)}>
      <Avatar src={post.author_image} name={post.author_screen_name} size={28} decorative />
      <p className={styles.chatToastText}>
        <strong>{post.author_screen_name}</strong> {post.message}
      </p>
    </div>
  );
}
