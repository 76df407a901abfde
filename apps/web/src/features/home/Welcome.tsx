import { StarType } from '@orbit/contract';
import type { Star } from '../../api/types';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import styles from './HomeView.module.css';

/** The stars a member gathers by finding people and joining communities. */
const GATHERED = new Set<number>([
  StarType.FRIEND,
  StarType.PENDING_FRIEND,
  StarType.COMMUNITY_USER_CREATED,
  StarType.COMMUNITY_SYSTEM,
  StarType.COMMUNITY_GAME,
  StarType.COMMUNITY_INNER_CIRCLE,
  StarType.COMMUNITY_INVITE,
]);

/** A newcomer's field: no friend, no community yet, so nothing the member chose orbits them. */
export function isNearlyEmpty(stars: readonly Pick<Star, 'star_type'>[]): boolean {
  return !stars.some((star) => GATHERED.has(star.star_type));
}

/** The welcome at the foot of a newcomer's field: where friends and communities come from. */
export function Welcome() {
  const { t } = useTranslation();
  return (
    <section
      className={styles.welcome}
      aria-labelledby="home-welcome-title"
      onPointerDown={(event) => event.stopPropagation()}
    >
      <h2 id="home-welcome-title">{t(T.welcomeTitle)}</h2>
      <p>{t(T.welcomeBody)}</p>
      <div className={styles.welcomeActions}>
        <Button onClick={() => open('search', { kind: 'users' })}>{t(T.welcomeFindPeople)}</Button>
        <Button variant="secondary" onClick={() => open('search', { kind: 'communities' })}>
          {t(T.welcomeDiscoverCommunities)}
        </Button>
      </div>
    </section>
  );
}
