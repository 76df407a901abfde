/**
 * Activity sessions, history and leaderboards (docs/product/activities-and-leaderboards.md#activity-icons, docs/product/feeds-and-comments.md#activity-posts; docs/product/activities-and-leaderboards.md#history): the numbers written once, shared by the
 * server's rules and the web app's screens.
 */

/** Activity (session) ids run 1..122 with no 71 (docs/product/activities-and-leaderboards.md#activity-icons, #moods). */
export const ACTIVITY_TYPE_MAX = 122;
export const ACTIVITY_TYPE_MISSING = 71;

/**
 * The icon name of each activity id, index = id - 1 (71 is absent). The first thirteen are the spec's own
 * (docs/product/activities-and-leaderboards.md#activity-icons); the rest are the "many further sports and household activities", named by Orbit.
 */
export const ACTIVITY_ICON_NAMES: readonly string[] = [
  'running',
  'walking',
  'meditation',
  'cycling',
  'hiking',
  'chores',
  'tennis',
  'strength_training',
  'yoga',
  'swimming',
  'dancing',
  'cooking',
  'gardening',
  'basketball',
  'soccer',
  'baseball',
  'golf',
  'volleyball',
  'badminton',
  'table_tennis',
  'rowing',
  'kayaking',
  'canoeing',
  'surfing',
  'skiing',
  'snowboarding',
  'skating',
  'climbing',
  'boxing',
  'martial_arts',
  'pilates',
  'stretching',
  'aerobics',
  'elliptical',
  'stair_climbing',
  'jump_rope',
  'crossfit',
  'spinning',
  'treadmill',
  'nordic_walking',
  'horse_riding',
  'archery',
  'bowling',
  'cricket',
  'rugby',
  'football',
  'hockey',
  'lacrosse',
  'softball',
  'handball',
  'squash',
  'racquetball',
  'pickleball',
  'fencing',
  'gymnastics',
  'trampoline',
  'water_aerobics',
  'water_polo',
  'diving',
  'sailing',
  'paddleboarding',
  'snorkeling',
  'fishing',
  'hunting',
  'skateboarding',
  'rollerblading',
  'mountain_biking',
  'trail_running',
  'open_water_swimming',
  'breathing',
  '',
  'tai_chi',
  'qigong',
  'barre',
  'kickboxing',
  'zumba',
  'hiit',
  'circuit_training',
  'core_training',
  'weightlifting',
  'calisthenics',
  'walking_the_dog',
  'playing_with_kids',
  'housework',
  'vacuuming',
  'laundry',
  'dishes',
  'mowing',
  'raking',
  'shoveling_snow',
  'carpentry',
  'painting',
  'moving_furniture',
  'car_washing',
  'shopping',
  'commuting_by_bike',
  'commuting_on_foot',
  'wheelchair',
  'hand_cycling',
  'physical_therapy',
  'rehabilitation',
  'balance_training',
  'mobility',
  'foam_rolling',
  'cooldown',
  'warmup',
  'frisbee',
  'disc_golf',
  'curling',
  'cross_country_skiing',
  'snowshoeing',
  'ice_skating',
  'sledding',
  'orienteering',
  'geocaching',
  'parkour',
  'rock_climbing',
  'bouldering',
  'mindfulness',
  'sleep',
  'journaling',
  'other',
];

/** Is `id` one of the activity ids 1..122 without 71? */
export function isKnownActivityType(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= ACTIVITY_TYPE_MAX && id !== ACTIVITY_TYPE_MISSING;
}

/**
 * A session's activity id: a known id, or a negative one (integrations' other icon set, docs/product/activities-and-leaderboards.md#activity-icons). A member's
 * own form offers only the known ids.
 */
export function isIngestibleActivityType(id: number): boolean {
  return isKnownActivityType(id) || isKnownActivityType(-id);
}

/** The icon (and locale) name of an activity id; an unknown id gets the generic icon (docs/product/activities-and-leaderboards.md#activity-icons). */
export function activityIconName(id: number): string {
  const known = isKnownActivityType(Math.abs(id));
  return known ? (ACTIVITY_ICON_NAMES[Math.abs(id) - 1] as string) : 'generic';
}

/** A readable activity name from its icon name ("strength_training" -> "strength training"). */
export function activityName(id: number): string {
  const name = activityIconName(id);
  return name === 'generic' ? 'activity' : name.replaceAll('_', ' ');
}

export const ACTIVITY_LIMITS = {
  /** A session lasts at least a second and at most a day. */
  durationMsMin: 1000,
  durationMsMax: 24 * 60 * 60 * 1000,
  caloriesMax: 20000,
  stepsMax: 200000,
  /** Kilometres (or miles) in one session. */
  distanceMax: 1000,
  externalIdMax: 200,
  /** A session may not start more than this far in the future (clock skew of a device). */
  futureSkewMs: 5 * 60 * 1000,
} as const;

/** History (docs/product/activities-and-leaderboards.md#history): year view lists the 3 latest years, month view the 12 latest months. */
export const HISTORY = {
  years: 3,
  months: 12,
  /** MAX_ACTIVITIES of the year view (value not shown by the spec; Orbit shows as many as the balloons). */
  maxActivities: 5,
  balloonMaxRadius: 60,
  balloonMaxActivities: 5,
  balloonJitterMs: 1000,
  /** Activity bars cycle through 5 colours (docs/product/activities-and-leaderboards.md#history). */
  barColors: ['#2e86ab', '#3bb273', '#f18f01', '#c73e1d', '#8e44ad'],
} as const;

export const HistoryGroupBy = { DATE: 'date', ACTIVITY: 'activity' } as const;
export type HistoryGroupBy = (typeof HistoryGroupBy)[keyof typeof HistoryGroupBy];

export const LEADERBOARD = {
  /** The picker lists at most 10 communities plus 'all' (docs/product/activities-and-leaderboards.md#leaderboard). */
  pickerCommunities: 10,
  /** How many of the top members a board lists after the caller's own entry (Orbit's choice). */
  size: 50,
} as const;
