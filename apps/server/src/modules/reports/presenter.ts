import type { Report, ReportTargetType } from '@orbit/contract';
import type { Queryable } from '../../db/client';
import { facesFor } from '../faces';
import type { ReportRow } from './queries';

/** Reports as a moderator reads them: the reporter by the face the moderator sees of them. */
export async function presentReports(db: Queryable, viewerId: number, rows: ReportRow[]): Promise<Report[]> {
  const reporters = await facesFor(
    db,
    viewerId,
    rows.flatMap((r) => (r.reporterId === null ? [] : [r.reporterId])),
  );
  return rows.map((row) => ({
    report_id: row.id,
    target_type: row.targetType as ReportTargetType,
    target_id: row.targetId,
    community_id: row.communityId,
    reason: row.reason,
    comment: row.comment,
    status: row.status,
    snapshot: { text: row.snapshot.text, author_name: row.snapshot.authorName },
    reporter_name: row.reporterId === null ? null : (reporters.get(row.reporterId)?.screen_name ?? null),
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  }));
}
