import { type Static, Type } from 'typebox';
import { LIMITS } from '../constants';
import { Id, Nullable } from './common';

/** What a member may report (issue 14): "session" is a live lesson (docs/decisions/0037). */
export const REPORT_TARGET_TYPES = ['user', 'post', 'comment', 'message', 'community', 'session'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The six reasons, by number: 1 spam, 2 harassment, 3 hate, 4 self-harm, 5 violence, 6 other. */
export const ReportReason = {
  SPAM: 1,
  HARASSMENT: 2,
  HATE: 3,
  SELF_HARM: 4,
  VIOLENCE: 5,
  OTHER: 6,
} as const;
export const REPORT_REASONS = Object.values(ReportReason);

/** A report's state: open until a moderator dismisses it or removes what it names. */
export const ReportStatus = { OPEN: 0, DISMISSED: 1, REMOVED: 2 } as const;

export const ReportTargetTypeSchema = Type.Union([
  Type.Literal('user'),
  Type.Literal('post'),
  Type.Literal('comment'),
  Type.Literal('message'),
  Type.Literal('community'),
  Type.Literal('session'),
]);

export const CreateReportBody = Type.Object({
  target_type: ReportTargetTypeSchema,
  target_id: Id,
  reason: Type.Integer({ minimum: 1, maximum: 6 }),
  comment: Type.Optional(Type.String({ maxLength: LIMITS.reportComment })),
});
export type CreateReportBody = Static<typeof CreateReportBody>;

/**
 * The report's id; with a self-harm report, where the member finds support (the server's SUPPORT_URL), which
 * the web shows at once. The same report answers again when the member reports the same thing twice.
 */
export const CreateReportResponse = Type.Object({
  report_id: Type.Integer(),
  support_url: Type.Optional(Type.String()),
});
export type CreateReportResponse = Static<typeof CreateReportResponse>;

/** What the reported thing said when it was reported: the report stays readable once it changes or goes. */
export const ReportSnapshot = Type.Object({
  text: Type.String(),
  author_name: Type.String(),
});
export type ReportSnapshot = Static<typeof ReportSnapshot>;

export const Report = Type.Object({
  report_id: Type.Integer(),
  target_type: ReportTargetTypeSchema,
  target_id: Type.Integer(),
  community_id: Nullable(Type.Integer()),
  reason: Type.Integer(),
  comment: Type.String(),
  /** 0 open, 1 dismissed, 2 removed. */
  status: Type.Integer(),
  snapshot: ReportSnapshot,
  /** The reporter's screen name; null once their account is gone. */
  reporter_name: Nullable(Type.String()),
  created_at: Type.String(),
  resolved_at: Nullable(Type.String()),
});
export type Report = Static<typeof Report>;

/** A report gone with the account it named (decision 0048): the lists it was in drop it. */
export const ReportGone = Type.Object({
  report_id: Type.Integer(),
  community_id: Nullable(Type.Integer()),
});
export type ReportGone = Static<typeof ReportGone>;

export const ReportsQuery = Type.Object({
  /** Open reports only (the default), or every report, newest first. */
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('all')])),
});
export type ReportsQuery = Static<typeof ReportsQuery>;

export const ReportsResponse = Type.Object({ reports: Type.Array(Report) });
export type ReportsResponse = Static<typeof ReportsResponse>;

export const ReportIdParams = Type.Object({ id: Id });

export const ResolveReportBody = Type.Object({
  action: Type.Union([Type.Literal('dismiss'), Type.Literal('remove')]),
});
export type ResolveReportBody = Static<typeof ResolveReportBody>;

export const ResolveReportResponse = Type.Object({ report_id: Type.Integer(), status: Type.Integer() });
export type ResolveReportResponse = Static<typeof ResolveReportResponse>;
