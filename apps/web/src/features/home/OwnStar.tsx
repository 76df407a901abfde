import { PersonaType, STARFIELD } from '@orbit/contract';
import { type CSSProperties, useId } from 'react';
import { memberPicture } from '../../api/account';
import type { Star, UserProfile } from '../../api/types';
import { useTranslation } from '../../i18n';
import { MoodFace } from '../../ui/MoodFace';
import { GenderStar } from './GenderStar';
import { GoalRing, useGoalRing } from './GoalRing';
import styles from './HomeView.module.css';
import type { StarOpener } from './openStar';
import { ownStarLabel } from './starLabel';

const DIAMETER = STARFIELD.radius.own * 2;
/** The pulse repeats a few times, so that a member who looks a moment later still sees it. */
const PULSES = 3;

function OwnPicture({ profile, name }: { profile: UserProfile; name: string }) {
  if (profile.persona_image.type === PersonaType.STAR) {
    return <GenderStar style={profile.persona_image.value} size={DIAMETER} />;
  }
  const picture = memberPicture(profile);
  return picture ? <img src={picture} alt="" draggable={false} /> : <span>{name.slice(0, 1)}</span>;
}

/**
 * The member's star in the centre (docs/product/home-and-stars.md#home-view): the persona image (or the avatar, or the gender-style star of a
 * type-1 persona) and the grey emoticon of the current mood; it pulses when something new arrived.
 */
export function OwnStar({
  profile,
  meStar,
  pulse,
  open,
  scale,
}: {
  profile: UserProfile;
  /** How much of its size the field is drawn at (fit.ts). */
  scale: number;
  /** The ME star of the set, which the ME opener is given. */
  meStar: Star | undefined;
  pulse: boolean;
  open: StarOpener | undefined;
}) {
  const opensWith = meStar && open;
  const { t } = useTranslation();
  const name = profile.name;
  const mood = profile.gojimoji.mood;
  const style = { '--r': `${STARFIELD.radius.own * scale}px`, '--pulses': PULSES } as CSSProperties;
  const ringWords = useId();
  const ring = useGoalRing(profile.wellbeing_mode ?? false);
  return (
    <button
      type="button"
      className={`${styles.star} ${styles.own}`}
      style={style}
      data-testid="own-star"
      aria-label={ownStarLabel(t, name, mood)}
      aria-describedby={ring ? ringWords : undefined}
      aria-disabled={opensWith ? undefined : true}
      onClick={() => meStar && open?.(meStar)}
    >
      {pulse && <span className={styles.effect} data-effect="pulse" aria-hidden="true" />}
      {ring && <GoalRing ring={ring} describedBy={ringWords} />}
      <span className={styles.disc}>
        <OwnPicture profile={profile} name={name} />
      </span>
      {mood && (
        <span className={styles.mood} aria-hidden="true">
          <MoodFace mood={mood} size={Math.round(20 * scale)} />
        </span>
      )}
    </button>
  );
}
