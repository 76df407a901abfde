import type { ChatSession } from '@orbit/contract';
import { useEffect, useRef, useState } from 'react';
import { mediaFileUrl } from '../../api/lessons';
import { useTranslation } from '../../i18n';
import styles from './Lessons.module.css';
import { S } from './texts';

/** A replay-ready lesson (docs/product/calls-and-lessons.md#lesson-room): "LOADING MEDIA", then the player and a download named after it. */
export function Replay({ lesson }: { lesson: ChatSession }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const url = mediaFileUrl(lesson.community_id, lesson.id);
  const player = useRef<HTMLVideoElement>(null);
  // The player shows once the file's length and size are known: a hidden element's frames may wait for it to
  // be shown, so waiting for them could keep "LOADING MEDIA" up. A file the browser had already (the same
  // lesson open below, a cache) can be loaded before React listens: what the element holds counts too.
  useEffect(() => {
    if ((player.current?.readyState ?? 0) >= HTMLMediaElement.HAVE_METADATA) setReady(true);
  }, []);
  return (
    <div className={styles.replay}>
      {!ready && !failed && (
        <p className={styles.overlayText} role="status">
          {t(S.loadingMedia)}
        </p>
      )}
      {failed && (
        <p className={styles.muted} role="alert">
          {t(S.processingFailed)}
        </p>
      )}
      {/* Streams with range requests, so playback starts before the whole file arrived. */}
      {/* biome-ignore lint/a11y/useMediaCaption: a recorded live lesson has no caption track to offer */}
      <video
        ref={player}
        className={styles.player}
        src={url}
        controls
        playsInline
        preload="auto"
        hidden={!ready}
        aria-label={t(S.videoOf, { 0: lesson.name })}
        onLoadedMetadata={() => setReady(true)}
        onError={() => setFailed(true)}
      />
      {ready && (
        <a className={styles.download} href={url} download={`${lesson.name}.mp4`}>
          {t(S.download)} {lesson.name}.mp4
        </a>
      )}
    </div>
  );
}
