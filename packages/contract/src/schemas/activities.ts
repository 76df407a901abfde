import { type Static, Type } from 'typebox';
import { ACTIVITY_LIMITS, ACTIVITY_TYPE_MAX, HistoryGroupBy } from '../activities';
import { AppId } from '../enums';
import { DisplayName, Id, Nullable } from './common';
import { PersonaImage } from './users';

const IsoTime = Type.String({ format: 'date-time', description: 'ISO 8601 time of the session start' });
const DayField = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a day, YYYY-MM-DD' });

/** The figures of a session, whoever logs it. */
const SessionFigures = {
  session_type: Type.Optional(
    Type.Integer({
      minimum: -ACTIVITY_TYPE_MAX,
      maximum: ACTIVITY_TYPE_MAX,
      description: '69 counts strokes',
    }),
  ),
  start: IsoTime,
  duration_ms: Type.Integer({
    minimum: ACTIVITY_LIMITS.durationMsMin,
    maximum: ACTIVITY_LIMITS.durationMsMax,
  }),
  calories: Type.Optional(Type.Integer({ minimum: 0, maximum: ACTIVITY_LIMITS.caloriesMax })),
  steps: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: ACTIVITY_LIMITS.stepsMax,
      description: 'strokes when session_type is 69',
    }),
  ),
  distance: Type.Optional(Type.Number({ minimum: 0, maximum: ACTIVITY_LIMITS.distanceMax })),
  distance_unit: Type.Optional(Type.Union([Type.Literal('km'), Type.Literal('mile')])),
};

/** POST /user/activity/sessions: a member logs a session by hand (activity ids 1..122 without 71). */
export const LogSessionBody = Type.Object({
  activity_type: Type.Integer({ minimum: 1, maximum: ACTIVITY_TYPE_MAX, description: '1..122, not 71' }),
  ...SessionFigures,
});
export type LogSessionBody = Static<typeof LogSessionBody>;

/** POST /integrations/activity/sessions: an application (1..7) sends a member's session; resends are recognised. */
export const IngestSessionBody = Type.Object({
  app_id: Type.Integer({
    minimum: AppId.GOJI_PLAY,
    maximum: AppId.SURVEY,
    description: 'application id 1..7',
  }),
  external_id: Type.String({ minLength: 1, maxLength: ACTIVITY_LIMITS.externalIdMax }),
  activity_type: Type.Integer({
    minimum: -ACTIVITY_TYPE_MAX,
    maximum: ACTIVITY_TYPE_MAX,
    description: '1..122 without 71, or negative for the other icon set',
  }),
  session_kind: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  ...SessionFigures,
});
export type IngestSessionBody = Static<typeof IngestSessionBody>;

/** A logged session, as its member sees it (distance in their unit). */
export const ActivitySession = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  activity_type: Type.Integer(),
  activity_name: Type.String(),
  session_type: Type.Integer(),
  session_kind: Type.Integer(),
  app_id: Nullable(Type.Integer()),
  external_id: Nullable(Type.String()),
  start: Type.String(),
  duration_ms: Type.Integer(),
  calories: Type.Integer(),
  steps: Nullable(Type.Integer()),
  strokes: Nullable(Type.Integer()),
  distance: Type.Number(),
  distance_unit: Type.Union([Type.Literal('km'), Type.Literal('mile')]),
  feed_id: Nullable(Type.Integer({ description: 'the SYSTEM_ACTIVITY post on the member feed' })),
});
export type ActivitySession = Static<typeof ActivitySession>;

export const LoggedSessionResponse = Type.Object({
  session: ActivitySession,
  created: Type.Boolean({ description: 'false when this external id was already received' }),
});
export type LoggedSessionResponse = Static<typeof LoggedSessionResponse>;

/** GET /user/activity/summary (docs/product/activities-and-leaderboards.md#summary): default the current week, Monday start, in the member's time zone. */
export const ActivitySummaryQuery = Type.Object({
  user_id: Type.Optional(Id),
  start_date: Type.Optional(DayField),
  end_date: Type.Optional(DayField),
  bg_app_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })),
  activity_type: Type.Optional(Type.Integer()),
  session_type: Type.Optional(Type.Integer()),
});
export type ActivitySummaryQuery = Static<typeof ActivitySummaryQuery>;

/** One activity of the THIS WEEK summary (docs/product/activities-and-leaderboards.md#summary): its time, calories, steps and distance. */
export const ActivitySummaryItem = Type.Object({
  type: Type.Integer(),
  session_type: Type.Integer(),
  activity_name: Type.String(),
  duration_millis: Type.Integer(),
  calories: Type.Integer(),
  steps: Type.Integer({ description: 'steps, or strokes for session type 69' }),
  distance: Type.Number({ description: 'in the caller unit, two decimals' }),
  sessions: Type.Integer(),
});
export type ActivitySummaryItem = Static<typeof ActivitySummaryItem>;

export const ActivitySummaryResponse = Type.Object({
  activities: Type.Array(ActivitySummaryItem),
  start_date: DayField,
  end_date: DayField,
  total_duration_millis: Type.Integer(),
  distance_unit: Type.Union([Type.Literal('km'), Type.Literal('mile')]),
});
export type ActivitySummaryResponse = Static<typeof ActivitySummaryResponse>;

/** GET /user/activity/history (docs/product/activities-and-leaderboards.md#summary): a month (month given) or a year, grouped by date or by activity. */
export const ActivityHistoryQuery = Type.Object({
  friend_id: Type.Optional(Id),
  group_by: Type.Optional(
    Type.Union([Type.Literal(HistoryGroupBy.DATE), Type.Literal(HistoryGroupBy.ACTIVITY)]),
  ),
  year: Type.Integer({ minimum: 1970, maximum: 9999 }),
  month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12, description: 'absent: the year view' })),
  type: Type.Optional(Type.Integer({ description: 'only this activity type' })),
  session_type: Type.Optional(Type.Integer()),
  bg_app_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })),
});
export type ActivityHistoryQuery = Static<typeof ActivityHistoryQuery>;

/** One history row (docs/product/feeds-and-comments.md#activity-posts History): a day's activity (by date) or a period's activity (by activity). */
export const HistoryActivity = Type.Object({
  day: Nullable(DayField),
  type: Type.Integer(),
  session_type: Type.Integer(),
  session_kind: Type.Integer(),
  name: Type.String(),
  duration_millis: Type.Integer(),
  total_duration_millis: Type.Integer({
    description: 'the day total (by date) or the period total (by activity)',
  }),
  sessions: Type.Integer(),
});
export type HistoryActivity = Static<typeof HistoryActivity>;

export const HistoryMonth = Type.Object({
  month: Type.Integer(),
  year: Type.Integer(),
  total_duration_millis: Type.Integer(),
  activities: Type.Array(HistoryActivity, {
    description: 'the month top activities (at most MAX_ACTIVITIES)',
  }),
});
export type HistoryMonth = Static<typeof HistoryMonth>;

export const ActivityHistoryResponse = Type.Object({
  year: Type.Integer(),
  month: Nullable(Type.Integer()),
  group_by: Type.String(),
  total_duration_millis: Type.Integer(),
  activities: Type.Array(HistoryActivity),
  activities_by_month: Type.Array(HistoryMonth),
});
export type ActivityHistoryResponse = Static<typeof ActivityHistoryResponse>;

/** GET /user/community/leaderboard (docs/product/communities.md#members): a community board, or global=true for every member. */
export const LeaderboardQuery = Type.Object({
  community_id: Type.Optional(Id),
  global: Type.Optional(Type.Boolean()),
  leaderboard_community_id: Type.Optional(Id),
});
export type LeaderboardQuery = Static<typeof LeaderboardQuery>;

/**
 * Leaderboard score (docs/product/activities-and-leaderboards.md#leaderboard): the first entry is the caller. score is this week activity time in ms. In
 * wellbeing mode the others' rank and score are left out and they come by name (decision 0044).
 */
export const LeaderboardScore = Type.Object({
  user_id: Type.Integer(),
  rank: Type.Optional(
    Nullable(Type.Integer({ description: 'null when the caller has no activity this week' })),
  ),
  identity: Type.Object({
    name: DisplayName,
    screen_name: Type.String(),
    image_url: Nullable(Type.String()),
    persona_image: Nullable(PersonaImage),
  }),
  score: Type.Optional(Type.Integer({ description: 'milliseconds of activity this week' })),
  is_me: Type.Boolean(),
});
export type LeaderboardScore = Static<typeof LeaderboardScore>;

export const LeaderboardResponse = Type.Object({
  scores: Type.Array(LeaderboardScore),
  community_id: Nullable(Type.Integer({ description: 'the board community; null for the global board' })),
  start_date: DayField,
  end_date: DayField,
});
export type LeaderboardResponse = Static<typeof LeaderboardResponse>;

/**
 * SESSION_ACTIVITY NEW of the activities feature: the member's new activity session, tagged `kind: 'activity'`
 * so that the event's payload is one union on `kind` with the live sessions' (SessionActivity).
 */
export const ActivityLogged = Type.Object({ kind: Type.Literal('activity'), ...ActivitySession.properties });
export type ActivityLogged = Static<typeof ActivityLogged>;
