import { type CSSProperties, memo } from 'react';
import { useTranslation } from '../../i18n';
import type { Effect, StarDisplay } from '../../starfield/display';
import { labelFontPx, twoLinesOf } from '../../starfield/labels';
import { badgeText } from '../../ui/format';
import { MoodFace } from '../../ui/MoodFace';
import styles from './HomeView.module.css';
import type { StarOpener } from './openStar';
import { colorsOf } from './starColors';
import { initialsOf, starLabel, starName } from './starLabel';

export interface OrbitingStarProps {
  display: StarDisplay;
  /** How much of its size the field is drawn at (fit.ts). */
  scale: number;
  /** Registers the element the animation loop moves; null on unmount. */
  register: (key: string, element: HTMLElement | null) => void;
  open: StarOpener | undefined;
  /** A one-off effect of the last refresh (radiate on arrival, reverse pulse on update), replayed per cue. */
  cue: { effect: Effect; at: number } | null;
  /**
   * Fading out: no longer in the member's star set (an invite answered, a friend gone). It is drawn while it
   * fades but is inert: a click, the keyboard and a screen reader reach only the stars that are there.
   */
  leaving?: boolean;
}

/**
 * One orbiting star: a button at the field's centre that the animation loop moves with transforms. Its three
 * faces are stacked in the disc (the name face shows the name's initials); `data-face` shows one, and the loop
 * cross-fades them (`data-face-of`) when it changes, so no face change or frame re-renders React. The name
 * itself is always shown, in a label the loop keeps on a free side of the disc (labels.ts); the accessible
 * name starts with it (WCAG 2.5.3).
 */
export const OrbitingStar = memo(function OrbitingStar({
  display,
  scale,
  register,
  open,
  cue,
  leaving = false,
}: OrbitingStarProps) {
  const { t } = useTranslation();
  const { star, picture, mood, badge, face, effect } = display;
  const radius = display.radius * scale;
  const name = starName(t, star);
  const colors = colorsOf(star);
  const style = {
    '--r': `${radius}px`,
    '--ring': colors.ring,
    '--fill': colors.fill,
    '--label-size': `${labelFontPx(star.size)}px`,
  } as CSSProperties;
  return (
    <button
      ref={(element) => register(display.key, element)}
      type="button"
      className={styles.star}
      style={style}
      data-face={face}
      data-star-type={star.star_type}
      aria-label={starLabel(t, star)}
      aria-disabled={open ? undefined : true}
      inert={leaving}
      aria-hidden={leaving || undefined}
      tabIndex={leaving ? -1 : undefined}
      data-leaving={leaving || undefined}
      onClick={() => {
        if (!leaving) open?.(star);
      }}
    >
      {effect && <span className={styles.effect} data-effect={effect} data-loop="" aria-hidden="true" />}
      {cue && <span key={cue.at} className={styles.effect} data-effect={cue.effect} aria-hidden="true" />}
      <span className={styles.disc} aria-hidden="true">
        {picture && (
          <img
            className={`${styles.face} ${styles.avatarFace}`}
            data-face-of="avatar"
            src={picture}
            alt=""
            draggable={false}
          />
        )}
        {mood && (
          <span className={`${styles.face} ${styles.emoticonFace}`} data-face-of="emoticon">
            <MoodFace mood={mood} size={Math.round(radius * 1.3)} />
          </span>
        )}
      </span>
      <span
        className={`${styles.face} ${styles.nameFace}`}
        data-face-of="name"
        data-initials={initialsOf(name)}
        aria-hidden="true"
      />
      <span className={styles.label} data-star-label="">
        <LabelText name={name} />
      </span>
      {/* The count is drawn from an attribute, not text: the button's text is then its label alone, which its
          accessible name starts with (the name says "3 waiting"), and not "surveys3" (WCAG 2.5.3). */}
      {badge > 0 && <span className={styles.badge} data-badge={badgeText(badge)} aria-hidden="true" />}
    </button>
  );
});

/**
 * The name, as the two lines a hemmed-in label shows (`data-wrap`) when it has several words: each line a span
 * that the stylesheet sets on its own line only then, so the label is as wide as its longer line.
 */
function LabelText({ name }: { name: string }) {
  const lines = twoLinesOf(name);
  if (!lines) return name;
  return (
    <>
      <span className={styles.line}>{lines[0]}</span> <span className={styles.line}>{lines[1]}</span>
    </>
  );
}
