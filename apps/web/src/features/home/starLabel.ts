import { BackgroundType, StarType } from '@orbit/contract';
import type { Star } from '../../api/types';
import type { TFunction } from '../../i18n';
import { capitalized } from '../../i18n/casing';
import { T } from '../../i18n/texts';
import { badgeText } from '../../ui/format';

/** What a star is, in words: en_us has one `star_kind.<star_type>` text per type of docs/product/home-and-stars.md#star-types. */
export const starKindKey = (starType: number) => `star_kind.${starType}`;

/**
 * The name a star shows: a group star's is the locale's title of what it groups (a MOMENTS star without a
 * member is the quiet one of a member with no pending moment; an INCENTIVE star names its plan when it has one
 * alone), and an activity's starts with a capital like every other name on the home ("Swimming").
 */
export function starName(
  t: TFunction,
  star: Pick<Star, 'name' | 'star_type'> & {
    type?: number | null;
    user_id?: number | null;
    incentive_plans?: Star['incentive_plans'];
  },
): string {
  switch (star.star_type) {
    case StarType.BG:
      return star.type === BackgroundType.TOURNAMENT ? t(T.tournamentTitle) : star.name;
    case StarType.MOMENTS:
      return star.user_id == null ? t(T.momentsTitle) : star.name;
    case StarType.REQUESTS:
      return t(T.requestsTitle);
    case StarType.SURVEYS:
      return t(T.surveysTitle);
    case StarType.INCENTIVE:
      return star.incentive_plans?.length === 1 ? star.name : t(T.incentivesTitle);
    case StarType.ACTIVITY:
      return capitalized(star.name);
    default:
      return star.name;
  }
}

/**
 * The name face's monogram: the first letters of the name's first two words ("Night Owls" NO, "maya.cohen"
 * MC, "Move & Earn" ME: a word of signs only is passed over).
 */
export function initialsOf(name: string): string {
  const words = name.split(/[\s._-]+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => [...word][0]!.toLocaleUpperCase())
    .join('');
}

/** "Sam Lee, friend"; a name that already says what the star is ("Requests") is not repeated. */
function nameAndKind(t: TFunction, name: string, starType: number): string {
  const kind = t(starKindKey(starType)).toLowerCase();
  // A group star named by its title says it once: "Requests", "Incentives" (the plural of "incentive").
  const saysKind = [kind, `${kind}s`].includes(name.toLowerCase());
  return saysKind ? name : t(T.starLabel, { 0: name, 1: kind });
}

/** ", feeling happy" for a star that shows a member's mood face (it takes turns with their picture). */
function feeling(t: TFunction, mood: number | null | undefined): string {
  return mood ? `, ${t(T.starFeeling, { 0: t(`mood.${mood}`) })}` : '';
}

/**
 * The accessible name of a star, with all it shows: "Sam Lee, friend, feeling happy", "Requests, 3
 * waiting", the badge in its own text.
 */
export function starLabel(
  t: TFunction,
  star: Pick<Star, 'name' | 'star_type' | 'badge_count' | 'gojimoji'> & {
    type?: number | null;
    user_id?: number | null;
  },
): string {
  const label = nameAndKind(t, starName(t, star), star.star_type) + feeling(t, star.gojimoji?.mood);
  const waiting = star.badge_count ?? 0;
  return waiting > 0 ? `${label}, ${t(T.starWaiting, { 0: badgeText(waiting) })}` : label;
}

/** The own star: "Ada Park, your star, feeling happy". */
export function ownStarLabel(t: TFunction, name: string, mood: number | null): string {
  return nameAndKind(t, name, StarType.ME) + feeling(t, mood);
}
