/** Every enumeration of the spec, numbered as the spec numbers it (docs/product/README.md#enumerations, docs/product/README.md#enumerations, docs/product/README.md#enumerations). */

export const StarType = {
  ME: 99,
  REQUESTS: -2,
  COMMUNITY_USER_CREATED: 1,
  COMMUNITY_SYSTEM: 2,
  COMMUNITY_GAME: 3,
  COMMUNITY_INNER_CIRCLE: 4,
  FRIEND: 5,
  PENDING_FRIEND: 6,
  INCENTIVE: 7,
  ACTIVITY: 8,
  GAME: 10,
  MOMENTS: 11,
  BG: 12,
  COMMUNITY_INVITE: 13,
  SURVEYS: 14,
  PRIVATE_MESSAGES: 15,
} as const;
export type StarType = (typeof StarType)[keyof typeof StarType];

export const NotificationType = {
  COMMUNITY_STAR: 0,
  ME_STAR: 1,
  FRIEND_STAR: 2,
  SURVEY: 3,
  COMMENTS: 4,
  SESSION: 5,
  PRIVATE_MESSAGE: 9,
  CALL_START: 10,
  CALL_END: 11,
  CALL_REJECT: 12,
  MAINTENANCE: 14,
  FRIENDLY_CHALLENGE: 15,
  /** Orbit's, not the spec's (decision 0044): what arrived during the member's quiet hours, once at their end. */
  QUIET_DIGEST: 16,
  /** Orbit's (decision 0054): the member's own mood or activity reminder, at the local time they chose. */
  REMINDER: 17,
} as const;
export type NotificationType = (typeof NotificationType)[keyof typeof NotificationType];

export const Mood = { HAPPY: 1, SAD: 2, DEPRESSED: 3, ANXIOUS: 4, EXCITED: 5 } as const;
export type Mood = (typeof Mood)[keyof typeof Mood];
export const MOOD_MIN = 1;
export const MOOD_MAX = 5;

/** Community roles (docs/product/friends.md#faces): EXPERT 1, MEMBER 4. Joining and added members use MEMBER. */
export const CommunityRole = { EXPERT: 1, MEMBER: 4 } as const;
export type CommunityRole = (typeof CommunityRole)[keyof typeof CommunityRole];

/** Organisation roles: role 2 may create communities (docs/product/communities.md#create, #experts). */
export const OrgRole = { ADMIN: 2, MEMBER: 4 } as const;
export type OrgRole = (typeof OrgRole)[keyof typeof OrgRole];

export const IdentityType = { USERNAME: 1, NAME: 2, ANONYMOUS: 3, SOCIAL_NETWORK: 4 } as const;
export type IdentityType = (typeof IdentityType)[keyof typeof IdentityType];

export const Gender = { MALE: 1, FEMALE: 2, OTHER: 3 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

export const DateOrder = { DMY: 1, MDY: 2, YMD: 3 } as const;
export type DateOrder = (typeof DateOrder)[keyof typeof DateOrder];

export const Device = { NONE: 0, GP1: 1, GP2: 2 } as const;
export type Device = (typeof Device)[keyof typeof Device];

/** Application ids 1..7 (docs/product/README.md#enumerations, docs/product/feeds-and-comments.md#attachments). */
export const AppId = {
  GOJI_PLAY: 1,
  GOJI_MOVE: 2,
  GOJI_ZEN: 3,
  GOJI_CHOW: 4,
  CERNER: 5,
  FITBIT: 6,
  SURVEY: 7,
} as const;
export type AppId = (typeof AppId)[keyof typeof AppId];
export const APP_NAMES: Record<AppId, string> = {
  1: 'GojiPlay',
  2: 'GojiMove',
  3: 'GojiZen',
  4: 'GojiChow',
  5: 'Cerner',
  6: 'Fitbit',
  7: 'Survey',
};

/** Community types of a community entity (docs/product/communities.md#community-fields). */
export const CommunityType = {
  GAME: 1,
  ACTIVITY: 2,
  GOJI_MADNESS: 3,
  GENERAL: 4,
  VETERAN: 5,
  BMI: 6,
  SENIORS: 7,
  GOJI_PLAY: 8,
  MOVE: 9,
  ZEN: 10,
  CHOW: 11,
} as const;
export type CommunityType = (typeof CommunityType)[keyof typeof CommunityType];

export const AccessType = { PUBLIC: 1, PRIVATE: 2 } as const;
export type AccessType = (typeof AccessType)[keyof typeof AccessType];

export const TermsKind = { MADNESS: 1, GENERIC: 2 } as const;
export type TermsKind = (typeof TermsKind)[keyof typeof TermsKind];

/** GojiWise chat session states (docs/product/calls-and-lessons.md#lesson-states). State 3 is live; every other state is saved. */
export const SessionState = {
  RUNNING: 3,
  ENDED: 9,
  PROCESSING: 12,
  PROCESSING_FAILED: 13,
  REPLAYREADY: 19,
} as const;
export type SessionState = (typeof SessionState)[keyof typeof SessionState];

export const FileType = {
  IMAGE: 1,
  VIDEO: 2,
  DOCUMENT: 3,
  SPREADSHEET: 4,
  FILE: 5,
  PDF: 6,
  AUDIO: 7,
} as const;
export type FileType = (typeof FileType)[keyof typeof FileType];

export const TagContext = {
  ACTIVITY: 1,
  GOJIMOJI: 2,
  COMMUNITY_POST: 3,
  USER_POST: 4,
  COMMUNITY: 5,
  GOJIMOMENT: 6,
} as const;
export type TagContext = (typeof TagContext)[keyof typeof TagContext];

export const PrivacySetting = { PUBLIC: 1, PRIVATE: 2 } as const;
export type PrivacySetting = (typeof PrivacySetting)[keyof typeof PrivacySetting];

export const PostPrivacy = { PUBLIC: 1, PRIVATE: 2 } as const;

/** unit_preference and measurement_unit: 1 imperial (miles), 2 metric (km). */
export const UnitPreference = { IMPERIAL: 1, METRIC: 2 } as const;
export type UnitPreference = (typeof UnitPreference)[keyof typeof UnitPreference];

export const NotificationLevel = { OFF: 0, PARTIAL: 1, FULL: 2 } as const;
export type NotificationLevel = (typeof NotificationLevel)[keyof typeof NotificationLevel];

export const MomentType = { DARE: 1, SHARE: 2, TREASURE: 3 } as const;
export type MomentType = (typeof MomentType)[keyof typeof MomentType];

/** Moment status codes sent by the client: 2 seen, 3 ignored. */
export const MomentStatus = { SEEN: 2, IGNORED: 3 } as const;

export const MomentOrigin = { INCOMING: 1, OUTGOING: 2 } as const;
export const MomentFilter = { ALL: 0, GAMES: 1, ACTIVITIES: 2, USERS: 3 } as const;

export const InviteAnswer = { ACCEPT: 2, REJECT: 3 } as const;

export const PostType = { USER: 1, SYSTEM_ACTIVITY: 2, ALL: 3, GAME: 4, POLL: 5 } as const;
export type PostType = (typeof PostType)[keyof typeof PostType];

export const Urgency = { NONE: 0, LOW: 1, MEDIUM: 2, HIGH: 3 } as const;
export type Urgency = (typeof Urgency)[keyof typeof Urgency];

export const RewardKind = { TICKETS: 1, COINS: 2 } as const;
export type RewardKind = (typeof RewardKind)[keyof typeof RewardKind];

export const BackgroundType = { PROMO: 1, TOURNAMENT: 2 } as const;

/** Persona image types (docs/product/account-and-safety.md#persona): 1 own star image, 2 uploaded image id, 3 and 4 an image URL. */
export const PersonaType = { STAR: 1, UPLOADED: 2, URL: 3, URL_ALT: 4 } as const;
export type PersonaType = (typeof PersonaType)[keyof typeof PersonaType];
export const PERSONA_GENDER_STYLES = ['male', 'female', 'other'] as const;

/** Session type 69 counts strokes instead of steps. */
export const STROKES_SESSION_TYPE = 69;

/** Realtime event types and subtypes (docs/product/realtime.md#event-types, #delivery). */
export const EventType = {
  COMMUNITY_POST: 'COMMUNITY_POST',
  COMMUNITY_COMMENT: 'COMMUNITY_COMMENT',
  USER_POST: 'USER_POST',
  PM: 'PM',
  USER_PROFILES: 'USER_PROFILES',
  CALL: 'CALL',
  CHAT: 'CHAT',
  FRIEND_REQUEST: 'FRIEND_REQUEST',
  SESSION_ACTIVITY: 'SESSION_ACTIVITY',
  MAINTENANCE_NOTIFICATION: 'MAINTENANCE_NOTIFICATION',
  NOTIFICATION: 'NOTIFICATION',
  /**
   * Not in the spec: the member's sockets start (NEW) or stop (DELETE) following a community's channel, with
   * `{ community_id, from }`. Clients only keep its `id` for resume (docs/decisions/0004).
   */
  CHANNEL: 'CHANNEL',
  /**
   * Not in the spec: a report reached a moderator's list (NEW) or was settled (UPDATE), with the report as
   * the lists answer it, or went with the erased account it named (DELETE, `{ report_id, community_id }`).
   * Only the moderators who may read it receive it, never its reporter (0052).
   */
  REPORT: 'REPORT',
} as const;
export type EventType = (typeof EventType)[keyof typeof EventType];

export const EventSubtype = {
  NEW: 'NEW',
  UPDATE: 'UPDATE',
  DELETE: 'DELETE',
  INVITE: 'INVITE',
  START: 'START',
  END: 'END',
  ACCEPT: 'ACCEPT',
  REJECT: 'REJECT',
  SENT: 'SENT',
} as const;
export type EventSubtype = (typeof EventSubtype)[keyof typeof EventSubtype];

export const ChallengeMetric = { DURATION: 'DURATION', DISTANCE: 'DISTANCE', CALORIES: 'CALORIES' } as const;
