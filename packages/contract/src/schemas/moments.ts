import { type Static, Type } from 'typebox';
import { AppId, MomentFilter, MomentOrigin, MomentStatus, MomentType } from '../enums';
import { Id, Nullable } from './common';
import { PersonaImage } from './users';

/** A moment's criterion (docs/product/moments.md#moment-fields): shown in a dare when `show` is true. */
export interface CriterionDefinition {
  name: string;
  display_name: string;
}

const criterion = (name: string, display_name: string): CriterionDefinition => ({ name, display_name });
const DURATION = criterion('duration', 'Duration');
const DISTANCE = criterion('distance', 'Distance');
const CALORIES = criterion('calories', 'Calories');
const STEPS = criterion('steps', 'Steps');
const SCORE = criterion('score', 'Score');

/** The criteria a moment of each application may carry (GET /app), Orbit's choice per app (docs/product/activities-and-leaderboards.md#activity-icons). */
export const MOMENT_CRITERIA: Record<AppId, CriterionDefinition[]> = {
  [AppId.GOJI_PLAY]: [SCORE, criterion('level', 'Level'), DURATION],
  [AppId.GOJI_MOVE]: [DURATION, DISTANCE, CALORIES, STEPS],
  [AppId.GOJI_ZEN]: [DURATION, criterion('breaths', 'Breaths')],
  [AppId.GOJI_CHOW]: [CALORIES, criterion('meals', 'Meals')],
  [AppId.CERNER]: [STEPS, DURATION],
  [AppId.FITBIT]: [STEPS, DISTANCE, CALORIES, DURATION],
  [AppId.SURVEY]: [SCORE],
};

/**
 * The criteria of a moment without an application: the general challenge metrics (docs/product/moments.md#dares: DURATION,
 * DISTANCE, CALORIES), so that an app-less dare carries its chosen criterion too (docs/product/moments.md#criteria).
 */
export const GENERAL_MOMENT_CRITERIA: CriterionDefinition[] = [DURATION, DISTANCE, CALORIES];

/** The criteria a moment may carry: its application's, or the general ones when it has none. */
export const momentCriteriaOf = (bgAppId: number | null | undefined): CriterionDefinition[] =>
  bgAppId == null ? GENERAL_MOMENT_CRITERIA : MOMENT_CRITERIA[bgAppId as AppId];

/** Which applications each moments filter (docs/product/moments.md#moments-list) matches; USERS matches moments with no application. */
export const MOMENT_FILTER_APPS: Record<number, AppId[] | null> = {
  [MomentFilter.GAMES]: [AppId.GOJI_PLAY],
  [MomentFilter.ACTIVITIES]: [AppId.GOJI_MOVE, AppId.GOJI_ZEN, AppId.GOJI_CHOW, AppId.CERNER, AppId.FITBIT],
};

/** A recipient's moment: 1 pending (new), 2 seen, 3 ignored, 4 completed. */
export const RecipientStatus = {
  PENDING: 1,
  SEEN: MomentStatus.SEEN,
  IGNORED: MomentStatus.IGNORED,
  COMPLETED: 4,
} as const;

/** A sent dare or share waits this long for its recipients; then it is listed as expired. Orbit's choice. */
export const MOMENT_LIFETIME_DAYS = 7;
/** Each list of GET /user/moments/search answers the newest this many. */
export const MOMENTS_LIST_MAX = 100;
/** The serialised session_info a moment may carry (the session post limit, docs/product/calls-and-lessons.md#lesson-posts). */
export const MOMENT_SESSION_INFO_MAX = 65536;
export const MOMENT_FRIENDS_MAX = 500;
export const MOMENT_COMMUNITIES_MAX = 100;

const AppIdField = Type.Integer({ minimum: 1, maximum: 7, description: 'application id 1..7' });
const AppNameField = Type.Optional(Type.String({ maxLength: 100, description: 'the calling application' }));

export const MomentCriterion = Type.Object({
  name: Type.String({ maxLength: 50 }),
  display_name: Type.String({ maxLength: 100 }),
  show: Type.Boolean(),
});
export type MomentCriterion = Static<typeof MomentCriterion>;

/** Without bg_app_id, the general criteria of a moment without an application. */
export const AppQuery = Type.Object({ bg_app_id: Type.Optional(AppIdField), app: AppNameField });
export const AppResponse = Type.Object({ moment: Type.Object({ criteria: Type.Array(MomentCriterion) }) });
export type AppResponse = Static<typeof AppResponse>;

export const MomentParticipants = Type.Object({
  friend_ids: Type.Array(Id, { maxItems: MOMENT_FRIENDS_MAX }),
  community_ids: Type.Array(Id, { maxItems: MOMENT_COMMUNITIES_MAX }),
});
export type MomentParticipants = Static<typeof MomentParticipants>;

const SessionInfo = Type.Record(Type.String(), Type.Unknown());

export const CreateMomentBody = Type.Object(
  {
    participants: Type.Optional(
      Type.Object({
        friend_ids: Type.Optional(MomentParticipants.properties.friend_ids),
        community_ids: Type.Optional(MomentParticipants.properties.community_ids),
      }),
    ),
    type: Type.Optional(
      Type.Union(
        [Type.Literal(MomentType.DARE), Type.Literal(MomentType.SHARE), Type.Literal(MomentType.TREASURE)],
        {
          description:
            'the type the client chose (docs/product/moments.md#moment-type): 1 dare, 2 share (both need participants), 3 treasure (none); without it, participants and factor decide',
        },
      ),
    ),
    factor: Type.Optional(
      Type.Boolean({ description: 'the Show Factor: On makes a dare with participants' }),
    ),
    criteria: Type.Optional(
      Type.Array(
        Type.Object({
          name: Type.String({ maxLength: 50 }),
          display_name: Type.Optional(Type.String({ maxLength: 100 })),
          show: Type.Optional(Type.Boolean()),
        }),
        { maxItems: 20, description: 'a dare carries the one criterion whose show is true' },
      ),
    ),
    message: Type.Optional(Type.String({ maxLength: 10000, description: 'at most 280 characters' })),
    bg_app_id: Type.Optional(Nullable(AppIdField)),
    app: AppNameField,
    session_info: Type.Optional(Nullable(SessionInfo)),
    activity_type: Type.Optional(Nullable(Type.Integer())),
    session_type: Type.Optional(Nullable(Type.Integer())),
    original_moment_id: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);
export type CreateMomentBody = Static<typeof CreateMomentBody>;

const Connection = Type.Object({ id: Type.Integer(), display_name: Type.String() });

/**
 * The moment of docs/product/moments.md#moment-type (1 dare, 2 share, 3 treasure), with the caller's own status when they received it.
 */
export const Moment = Type.Object({
  moment_id: Type.Integer(),
  id: Type.Integer(),
  type: Type.Integer({ description: '1 dare, 2 share, 3 treasure' }),
  bg_app_id: Nullable(Type.Integer()),
  criteria: Type.Array(MomentCriterion),
  session_info: Nullable(SessionInfo),
  challenge_id: Nullable(Type.Integer({ description: 'a dare is a friendly challenge of the same id' })),
  is_training: Type.Boolean(),
  activity_type: Nullable(Type.Integer()),
  session_type: Nullable(Type.Integer()),
  original_moment_id: Nullable(Type.Integer()),
  message: Type.String(),
  participants: MomentParticipants,
  producer: Type.Object({
    user_id: Type.Integer(),
    persona_image: Nullable(PersonaImage),
    image_url: Nullable(Type.String()),
    display_name: Type.String(),
  }),
  created_date: Type.String(),
  completed_date: Nullable(Type.String()),
  app: Nullable(Type.Object({ icon: Type.String(), name: Type.String() })),
  tournament_name: Nullable(Type.String()),
  friends: Type.Array(Connection, { description: 'outgoing: the friends it was sent to' }),
  communities: Type.Array(Connection, { description: 'outgoing: the communities it was sent to' }),
  status: Nullable(Type.Integer({ description: 'incoming: 1 pending, 2 seen, 3 ignored, 4 completed' })),
});
export type Moment = Static<typeof Moment>;

export const MomentSearchQuery = Type.Object({
  bg_app_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 })),
  app: AppNameField,
  origin: Type.Union([Type.Literal(MomentOrigin.INCOMING), Type.Literal(MomentOrigin.OUTGOING)]),
  filter: Type.Optional(
    Type.Union(
      [
        Type.Literal(MomentFilter.ALL),
        Type.Literal(MomentFilter.GAMES),
        Type.Literal(MomentFilter.ACTIVITIES),
        Type.Literal(MomentFilter.USERS),
      ],
      { description: 'all 0, games 1, activities 2, users 3 (no application)' },
    ),
  ),
});
export type MomentSearchQuery = Static<typeof MomentSearchQuery>;

export const MomentSearchResponse = Type.Object({
  incoming: Type.Object({
    pending: Type.Array(Moment),
    completed: Type.Array(Moment),
    ignored: Type.Array(Moment, { description: 'ignored or expired' }),
  }),
  outgoing: Type.Array(Moment),
  user_data: Type.Object({
    user_id: Type.Integer(),
    display_name: Type.String(),
    image_url: Nullable(Type.String()),
    persona_image: Nullable(PersonaImage),
  }),
});
export type MomentSearchResponse = Static<typeof MomentSearchResponse>;

export const MomentsStatusBody = Type.Object(
  {
    moments: Type.Array(Type.Object({ id: Id, action: Type.Literal(MomentStatus.SEEN) }), {
      minItems: 1,
      maxItems: MOMENTS_LIST_MAX,
    }),
  },
  { additionalProperties: false },
);
export type MomentsStatusBody = Static<typeof MomentsStatusBody>;

export const IgnoreMomentBody = Type.Object({
  moment_id: Id,
  bg_app_id: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 7 }))),
  app: AppNameField,
  status: Type.Literal(MomentStatus.IGNORED),
});
export type IgnoreMomentBody = Static<typeof IgnoreMomentBody>;

export const MomentIdQuery = Type.Object({
  moment_id: Id,
  bg_app_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 })),
  app: AppNameField,
});

export const ReplayedSessionResponse = Type.Object({ replayed_session: Nullable(SessionInfo) });
export type ReplayedSessionResponse = Static<typeof ReplayedSessionResponse>;

export const MomentLeaderboardResponse = Type.Object({
  leaderboard: Type.Array(
    Type.Object({
      user_id: Type.Integer(),
      identity: Type.String(),
      score: Nullable(Type.Number()),
    }),
    { description: 'the caller first, then by score' },
  ),
});
export type MomentLeaderboardResponse = Static<typeof MomentLeaderboardResponse>;
