import { useEffect, useRef, useState } from 'react';
import { positional, useTranslation } from '../../i18n';
import { personName } from '../../i18n/names';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { PinIcon } from '../../ui/icons';
import styles from './Calls.module.css';
import { clampPage, type LayoutState, pagesOf } from './layout';

/** One person on the call screen: me or a remote feed, with what the others know of their mic and camera. */
export interface Tile {
  id: number;
  name: string;
  image: string | null;
  stream: MediaStream | null;
  video: boolean;
  muted: boolean;
  me: boolean;
}

/** A video element fed by a stream; my own is muted (no echo), the others play their audio too. */
function StreamVideo({ tile, speakerId }: { tile: Tile; speakerId: string | null }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== tile.stream) ref.current.srcObject = tile.stream;
  }, [tile.stream]);
  useEffect(() => {
    const element = ref.current as (HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (speakerId && element?.setSinkId) element.setSinkId(speakerId).catch(() => undefined);
  }, [speakerId]);
  return (
    <video
      ref={ref}
      className={tile.video ? styles.video : styles.videoHidden}
      autoPlay
      playsInline
      muted={tile.me}
      data-participant={tile.id}
      data-me={tile.me || undefined}
    />
  );
}

export function TileView({
  tile,
  speakerId,
  onPin,
  small = false,
}: {
  tile: Tile;
  speakerId: string | null;
  onPin?: (id: number) => void;
  small?: boolean;
}) {
  const { t } = useTranslation();
  const name = personName(t, { name: tile.name, isMe: tile.me });
  return (
    <figure className={small ? `${styles.tile} ${styles.small}` : styles.tile} aria-label={name}>
      {tile.stream && <StreamVideo tile={tile} speakerId={speakerId} />}
      {!tile.video && (
        <div className={styles.face}>
          <Avatar src={tile.image} name={tile.name} size={small ? 40 : 72} decorative />
        </div>
      )}
      <figcaption className={styles.caption}>
        <span>{name}</span>
        {tile.muted && <span className={styles.badge}>{t(T.callMuted)}</span>}
        {!tile.video && <span className={styles.badge}>{t(T.callVideoOff)}</span>}
      </figcaption>
      {onPin && !tile.me && (
        <button
          type="button"
          className={styles.pin}
          aria-label={t(T.callPin, positional(name))}
          title={t(T.callPin, positional(name))}
          onClick={() => onPin(tile.id)}
        >
          <PinIcon />
        </button>
      )}
    </figure>
  );
}

const SWIPE_MIN_PX = 50;

/** The grid, four per page, with swipe paging and dots (docs/product/calls-and-lessons.md#call-screen). */
export function Grid({
  tiles,
  speakerId,
  onPin,
}: {
  tiles: Tile[];
  speakerId: string | null;
  onPin: (id: number) => void;
}) {
  const { t } = useTranslation();
  const pages = pagesOf(tiles);
  const [wanted, setPage] = useState(0);
  const page = clampPage(wanted, pages.length);
  const startX = useRef<number | null>(null);
  const go = (next: number) => setPage(clampPage(next, pages.length));
  return (
    <div className={styles.gridArea}>
      <div
        className={styles.grid}
        data-count={pages[page].length}
        onPointerDown={(e) => {
          startX.current = e.clientX;
        }}
        onPointerUp={(e) => {
          if (startX.current === null) return;
          const dx = e.clientX - startX.current;
          startX.current = null;
          if (Math.abs(dx) >= SWIPE_MIN_PX) go(page + (dx < 0 ? 1 : -1));
        }}
      >
        {pages[page].map((tile) => (
          <TileView key={tile.id} tile={tile} speakerId={speakerId} onPin={onPin} />
        ))}
      </div>
      {pages.length > 1 && (
        <nav className={styles.dots} aria-label={t(T.callParticipants)}>
          {pages.map((_, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: a page is its position
              key={index}
              type="button"
              className={styles.dot}
              aria-current={index === page || undefined}
              aria-label={t(T.callPage, positional(index + 1, pages.length))}
              onClick={() => go(index)}
            />
          ))}
        </nav>
      )}
    </div>
  );
}

/** Speaker layout: the pinned participant large, me small (docs/product/calls-and-lessons.md#call-screen). */
export function Speaker({
  tiles,
  layout,
  speakerId,
}: {
  tiles: Tile[];
  layout: LayoutState;
  speakerId: string | null;
}) {
  const pinned = tiles.find((tile) => tile.id === layout.pinned);
  const me = tiles.find((tile) => tile.me);
  return (
    <div className={styles.speaker}>
      {pinned && <TileView tile={pinned} speakerId={speakerId} />}
      {me && <TileView tile={me} speakerId={speakerId} small />}
    </div>
  );
}
