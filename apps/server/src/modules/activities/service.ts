import {
  ACTIVITY_LIMITS,
  type ActivitySession,
  activityName,
  ErrorCode,
  EventSubtype,
  EventType,
  type IngestSessionBody,
  isIngestibleActivityType,
  isKnownActivityType,
  type LoggedSessionResponse,
  type LogSessionBody,
  PostType,
} from '@orbit/contract';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { writeWithNextStatement } from '../../db/begin-with-first';
import { placeholdersFor, preparedForAny } from '../../db/prepared';
import { activityLogPosts, activityLogs } from '../../db/schema';
import type { PostActivity } from '../../db/schema/feeds';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest } from '../../platform/errors';
import { inTransaction, type Work } from '../../platform/tx';
import { findUser } from '../faces';
import { publishNewPost, writePost } from '../feeds';
import {
  type AnsweredMoment,
  answeredMomentsSql,
  appsAnsweredBy,
  completeMomentsByActivity,
} from '../moments';
import { type ActivityLogRow, metresOf, presentActivityLog } from './presenter';

/** What a session says, from the member's form or from an integration. */
interface ActivityLogInput {
  activity_type: number;
  session_type?: number;
  session_kind?: number;
  start: string;
  duration_ms: number;
  calories?: number;
  steps?: number;
  distance?: number;
  distance_unit?: 'km' | 'mile';
  app_id?: number;
  external_id?: string;
}

/** The start must be a real time, not in the future beyond a device's clock skew. */
function startOf(input: ActivityLogInput, now: Date): Date {
  const start = new Date(input.start);
  if (Number.isNaN(start.getTime())) throw badRequest(ErrorCode.invalid_session, 'start is not a time');
  if (start.getTime() > now.getTime() + ACTIVITY_LIMITS.futureSkewMs) {
    throw badRequest(ErrorCode.invalid_session, 'A session cannot start in the future');
  }
  return start;
}

/** The SYSTEM_ACTIVITY post's summary, kept with the post so the feed shows it as it was logged. */
function postActivityOf(row: ActivityLogRow, input: ActivityLogInput): PostActivity {
  return {
    activity_name: activityName(row.activityType),
    activity_type: row.activityType,
    activity_session_type: row.sessionType,
    session_kind: row.sessionKind,
    activity_time: row.startedAt.toISOString(),
    duration: row.durationMs,
    // Figures the session did not give stay off the card rather than reading 0.
    calories: input.calories ?? null,
    steps: input.steps ?? null,
    distance: input.distance ?? null,
    distance_unit: input.distance_unit ?? 'km',
    bg_app_id: row.appId,
  };
}

/** A session's post, linked to it: nothing reads the answer, so it goes with the next statement (0088). */
const linkPost = preparedForAny('activity_post_link', (db) =>
  db.insert(activityLogPosts).values(placeholdersFor(['activityLogId', 'postId'])),
);

/**
 * A new session, all in the caller's transaction: its row, the SYSTEM_ACTIVITY post on the member's feed
 * (through the feeds module, so readers get USER_POST/NEW), the moments it completes, and SESSION_ACTIVITY/NEW
 * to the member. History, summary, leaderboards, incentive progress, tournament battles and the activity
 * stars read the row itself, so they move in the same commit.
 */
async function recordNew(
  deps: AppDeps,
  work: Work,
  userId: number,
  row: ActivityLogRow,
  input: ActivityLogInput,
  /** The moments the session answers, when its insert read them. */
  answered?: AnsweredMoment[],
) {
  const written = await writePost(
    work,
    userId,
    { kind: 'user', ownerId: userId },
    { message: '' },
    { type: PostType.SYSTEM_ACTIVITY, activity: postActivityOf(row, input) },
  );
  const postId = written.post.id;
  await writeWithNextStatement(work.tx, linkPost(work.tx), { activityLogId: row.id, postId });
  await completeMomentsByActivity(work, row, answered);
  await publishNewPost(deps, work, written);
  // The member reads their own feed, so the post's audience has their units already.
  const unit =
    written.audience.settings?.get(userId)?.unit ?? (await findUser(work.tx, userId)).unitPreference;
  const session = presentActivityLog(row, unit, postId);
  await work.emit([userId], EventType.SESSION_ACTIVITY, EventSubtype.NEW, { kind: 'activity', ...session });
  return session;
}

function rowOf(userId: number, input: ActivityLogInput, now: Date) {
  return {
    userId,
    activityType: input.activity_type,
    sessionType: input.session_type ?? input.activity_type,
    sessionKind: input.session_kind ?? 0,
    appId: input.app_id ?? null,
    externalId: input.external_id ?? null,
    startedAt: startOf(input, now),
    durationMs: input.duration_ms,
    calories: input.calories ?? 0,
    steps: input.steps ?? 0,
    distanceM: metresOf(input.distance, input.distance_unit),
  };
}

/** A session logged by hand, with the moments it answers (a statement less, decision 0096). */
const insertSession = preparedForAny('activity_session_insert', (db) =>
  db
    .insert(activityLogs)
    .values(
      placeholdersFor([
        'userId',
        'activityType',
        'sessionType',
        'sessionKind',
        'appId',
        'externalId',
        'startedAt',
        'durationMs',
        'calories',
        'steps',
        'distanceM',
      ]),
    )
    .returning({
      ...getTableColumns(activityLogs),
      answeredMoments: answeredMomentsSql(activityLogs, sql.placeholder('apps')),
    }),
);

/** POST /user/activity/sessions: the member logs a session by hand (activity ids 1..122 without 71). */
export async function logActivity(
  deps: AppDeps,
  userId: number,
  body: LogSessionBody,
  now = new Date(),
): Promise<LoggedSessionResponse> {
  if (!isKnownActivityType(body.activity_type)) {
    throw badRequest(ErrorCode.invalid_activity_type, 'Activity ids are 1 to 122, without 71');
  }
  const values = rowOf(userId, body, now);
  const logged = await inTransaction(unitOfWork(deps), async (work) => {
    const [{ answeredMoments, ...row }] = await insertSession(work.tx).execute({
      ...values,
      apps: appsAnsweredBy(values.appId),
    });
    return { session: await recordNew(deps, work, userId, row, body, answeredMoments), created: true };
  });
  forgetKeptReads(deps, [userId]);
  return logged;
}

/** The session already received under this external id, as its member sees it now. */
async function existing(
  work: Work,
  userId: number,
  appId: number,
  externalId: string,
): Promise<ActivitySession> {
  const [found] = await work.tx
    .select({ session: activityLogs, postId: activityLogPosts.postId })
    .from(activityLogs)
    .leftJoin(activityLogPosts, eq(activityLogPosts.activityLogId, activityLogs.id))
    .where(
      and(
        eq(activityLogs.userId, userId),
        eq(activityLogs.appId, appId),
        eq(activityLogs.externalId, externalId),
      ),
    );
  if (!found) throw new Error('an external id that conflicted is gone');
  const user = await findUser(work.tx, userId);
  return presentActivityLog(found.session, user.unitPreference, found.postId);
}

/**
 * POST /integrations/activity/sessions: an application (1..7) sends the member's session. The external id
 * makes it idempotent: a resend (or two at once) records one session, one post and one event; the later
 * calls answer the first session with created false.
 */
export async function ingestActivity(
  deps: AppDeps,
  userId: number,
  body: IngestSessionBody,
  now = new Date(),
): Promise<LoggedSessionResponse> {
  if (!isIngestibleActivityType(body.activity_type)) {
    throw badRequest(ErrorCode.invalid_activity_type, 'Activity ids are 1 to 122 without 71, or negative');
  }
  const values = rowOf(userId, body, now);
  const ingested = await inTransaction(unitOfWork(deps), async (work) => {
    const [row] = await work.tx.insert(activityLogs).values(values).onConflictDoNothing().returning();
    if (!row) return { session: await existing(work, userId, body.app_id, body.external_id), created: false };
    return { session: await recordNew(deps, work, userId, row, body), created: true };
  });
  if (ingested.created) forgetKeptReads(deps, [userId]);
  return ingested;
}

/**
 * These members' sessions or zone changed through this instance and have committed: their kept histories and
 * every kept board go now, so that the writer's next read here sees it whatever the notification's delay
 * (decisions 0075, 0077).
 */
export function forgetKeptReads(deps: AppDeps, userIds: number[]): void {
  deps.histories.forget(userIds);
  deps.leaderboards.forget();
}
