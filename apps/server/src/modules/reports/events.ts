import { EventSubtype, EventType } from '@orbit/contract';
import type { Work } from '../../platform/tx';
import { organizationAdminIds } from '../admin';
import { communityExpertIds } from '../communities';
import { presentReportTo } from './presenter';
import type { ReportRow } from './queries';

/**
 * REPORT NEW (a report made) or UPDATE (reports settled) to the moderators' lists (decision 0052): to every
 * member who may read the report by decision 0047, as their list answers it, the organisation admins and,
 * for a report of what lives in a community, its experts; never to its reporter. Written despite blocks, as
 * the lists show every report whoever blocked whom. Run only when a report is made or settled: the
 * recipients are read here, on that rare path, and nowhere else.
 */
export async function announceReports(
  work: Work,
  rows: ReportRow[],
  subtype: typeof EventSubtype.NEW | typeof EventSubtype.UPDATE,
) {
  for (const { row, readers } of await readersOf(work, rows)) {
    for (const group of await presentReportTo(work.tx, row, readers)) {
      await work.emit(group.ids, EventType.REPORT, subtype, group.data, { despiteBlocks: true });
    }
  }
}

/** REPORT DELETE: reports gone with the erased account they named leave the lists they were in. */
export async function announceGoneReports(work: Work, rows: ReportRow[]) {
  for (const { row, readers } of await readersOf(work, rows)) {
    const data = { report_id: row.id, community_id: row.communityId };
    await work.emit(readers, EventType.REPORT, EventSubtype.DELETE, data, { despiteBlocks: true });
  }
}

/** Each report with the members whose lists show it. */
async function readersOf(work: Work, rows: ReportRow[]) {
  if (rows.length === 0) return [];
  const admins = await organizationAdminIds(work.tx);
  const experts = new Map<number, number[]>();
  const readers = [];
  for (const row of rows) {
    const ofReport = new Set(admins);
    if (row.communityId !== null) {
      const ofCommunity =
        experts.get(row.communityId) ?? (await communityExpertIds(work.tx, row.communityId));
      experts.set(row.communityId, ofCommunity);
      for (const id of ofCommunity) ofReport.add(id);
    }
    if (row.reporterId !== null) ofReport.delete(row.reporterId);
    readers.push({ row, readers: [...ofReport] });
  }
  return readers;
}
