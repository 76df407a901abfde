import type { Report, ReportTargetType } from '@orbit/contract';
import type { Queryable } from '../../db/client';
import { faceSeenBy, facesFor, findUser, relationsOf, stanceIn } from '../faces';
import type { ReportRow } from './queries';

/** One report as a moderator reads it, the reporter named as that moderator sees them (null: gone). */
function presentReport(row: ReportRow, reporterName: string | null): Report {
  return {
    report_id: row.id,
    target_type: row.targetType as ReportTargetType,
    target_id: row.targetId,
    community_id: row.communityId,
    reason: row.reason,
    comment: row.comment,
    status: row.status,
    snapshot: { text: row.snapshot.text, author_name: row.snapshot.authorName },
    reporter_name: reporterName,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

/** Reports as a moderator reads them: the reporter by the face the moderator sees of them. */
export async function presentReports(db: Queryable, viewerId: number, rows: ReportRow[]): Promise<Report[]> {
  const reporters = await facesFor(
    db,
    viewerId,
    rows.flatMap((r) => (r.reporterId === null ? [] : [r.reporterId])),
  );
  return rows.map((row) =>
    presentReport(row, row.reporterId === null ? null : (reporters.get(row.reporterId)?.name ?? null)),
  );
}

/**
 * One report as each of `viewerIds` reads it in their list (presentReports for each), grouped by what they
 * see: the reporter's persona (their friends, everyone when public) or their avatar identity. At most two
 * payloads, whatever the number of moderators.
 */
export async function presentReportTo(
  db: Queryable,
  row: ReportRow,
  viewerIds: number[],
): Promise<{ ids: number[]; data: Report }[]> {
  const reporterId = row.reporterId;
  if (viewerIds.length === 0) return [];
  if (reporterId === null) return [{ ids: viewerIds, data: presentReport(row, null) }];
  const reporter = await findUser(db, reporterId);
  const relations = await relationsOf(db, reporterId, viewerIds);
  const groups = new Map<string, { ids: number[]; data: Report }>();
  for (const id of viewerIds) {
    const name = faceSeenBy(reporter, stanceIn(relations, reporterId, id)).name;
    const group = groups.get(name) ?? { ids: [], data: presentReport(row, name) };
    group.ids.push(id);
    groups.set(name, group);
  }
  return [...groups.values()];
}
