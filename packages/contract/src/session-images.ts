import { ACTIVITY_TYPE_MAX, isKnownActivityType } from './activities';

/** Families of activities by a word in the icon name, each with its colour; the rest share the last. */
const FAMILIES: [RegExp, string][] = [
  [/swim|water|snorkel|paddle|diving|surf|row|kayak|canoe|sail|fishing/, '#2e86ab'],
  [/run|jog|walk|hik|foot|orienteering|geocaching|dog/, '#3bb273'],
  [/bik|cycl|spinning|wheelchair/, '#f18f01'],
  [
    /medita|mindful|breath|yoga|tai_chi|qigong|stretch|mobility|balance|foam|cooldown|warmup|pilates|barre|sleep|journal/,
    '#8e44ad',
  ],
  [
    /house|chores|vacuum|laundry|dishes|mow|rak|shovel|carpentry|furniture|car_washing|cooking|garden|painting|shopping/,
    '#c73e1d',
  ],
];
const OTHER_COLOR = '#5c6f9e';

/** The colour of an activity icon: its family's. */
export const activityColorOf = (name: string) =>
  FAMILIES.find(([pattern]) => pattern.test(name))?.[1] ?? OTHER_COLOR;

/** Two letters that tell activities apart: the initials of a two-word name, else its first two letters. */
export function monogramOf(name: string): string {
  if (name === 'generic') return '•';
  const words = name.split('_');
  const letters = words.length > 1 ? `${words[0]?.[0]}${words[1]?.[0]}` : name.slice(0, 2);
  return letters.charAt(0).toUpperCase() + letters.slice(1);
}

/**
 * The style class of a session (activity) icon (docs/product/account-and-safety.md#persona; docs/product/activities-and-leaderboards.md#activity-icons): `session-<id>` for the ids 1..122, and
 * `session-o<id>` for the other set negative ids use; `session-generic` for an unknown id.
 */
export function sessionImageClass(activityType: number): string {
  if (isKnownActivityType(activityType)) return `session-${activityType}`;
  if (isKnownActivityType(-activityType)) return `session-o${-activityType}`;
  return 'session-generic';
}

const KNOWN_IDS = Array.from({ length: ACTIVITY_TYPE_MAX }, (_, i) => i + 1).filter(isKnownActivityType);

/** Every session image: its class, the activity id it draws, and whether it is the other (outlined) set. */
export const SESSION_IMAGES: readonly { className: string; activityType: number; outlined: boolean }[] = [
  ...KNOWN_IDS.map((id) => ({ className: sessionImageClass(id), activityType: id, outlined: false })),
  ...KNOWN_IDS.map((id) => ({ className: sessionImageClass(-id), activityType: -id, outlined: true })),
  { className: 'session-generic', activityType: 0, outlined: false },
];

/** Where a session image is served (GET /v3/session_images answers the map of class to this URL). */
export const sessionImageUrl = (className: string) => `/api/v3/session_images/${className}.webp`;
