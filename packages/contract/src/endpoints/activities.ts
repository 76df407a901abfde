import {
  ActivityHistoryQuery,
  ActivityHistoryResponse,
  ActivitySummaryQuery,
  ActivitySummaryResponse,
  IngestSessionBody,
  LeaderboardQuery,
  LeaderboardResponse,
  LoggedSessionResponse,
  LogSessionBody,
} from '../schemas';
import { endpoints, perMinute } from './define';
import { ACTIVITY_ROUTES } from './routes';

/** A session starts at a real time, not in the future, and names a known activity type. */
const SESSION = ['invalid_session', 'invalid_activity_type'] as const;
/** Another member's activity is for their friends only. */
const WHOSE = ['not_found', 'not_friends'] as const;

export const ACTIVITY_ENDPOINTS = endpoints('activity', ACTIVITY_ROUTES, {
  logActivity: {
    rateLimit: perMinute(60),
    status: 201,
    body: LogSessionBody,
    response: LoggedSessionResponse,
    errors: SESSION,
  },
  /** Idempotent by (app_id, external_id): 201 when it records the session, 200 on a resend. */
  ingestActivity: {
    rateLimit: perMinute(600),
    statuses: [200, 201],
    body: IngestSessionBody,
    response: LoggedSessionResponse,
    errors: SESSION,
  },
  activitySummary: { query: ActivitySummaryQuery, response: ActivitySummaryResponse, errors: WHOSE },
  /** The history covers the current and two previous years, or the last 12 months. */
  activityHistory: {
    query: ActivityHistoryQuery,
    response: ActivityHistoryResponse,
    errors: [...WHOSE, 'history_out_of_range'],
  },
  /** A board is a community's (a private one only for its members) or everyone's: the query must say which. */
  leaderboard: {
    query: LeaderboardQuery,
    response: LeaderboardResponse,
    errors: ['not_found', 'leaderboard_needs_scope'],
  },
});
