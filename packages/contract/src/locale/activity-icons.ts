import { ACTIVITY_ICON_NAMES } from '../activities';

/**
 * The name of every activity icon (docs/product/activities-and-leaderboards.md#activity-icons) as `activity_icon.<name>`, from the one list of names in
 * activities.ts: the spec's thirteen are also written out in en_us.ts with the spec's wording.
 */
export const ACTIVITY_ICON_TEXTS = Object.fromEntries(
  [...ACTIVITY_ICON_NAMES.filter((name) => name !== ''), 'generic'].map((name) => [
    `activity_icon.${name}`,
    name === 'generic' ? 'activity' : name.replaceAll('_', ' '),
  ]),
) as Record<`activity_icon.${string}`, string>;
