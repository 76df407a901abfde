import type { Queryable } from '../../db/client';
import { notFound } from '../../platform/errors';
import { adminOrganizations } from '../admin';
import { standingIn } from '../communities';
import type { ReportRow } from './queries';

export const noSuchReport = () => notFound('No such report');

/**
 * Who may read a report, and so dismiss it or remove what it names: the organisation admins (role 2) every
 * report, a community's experts the reports of what lives in their community. Anyone else: 404.
 */
export async function assertMayModerate(db: Queryable, callerId: number, report: ReportRow) {
  if (report.communityId !== null) {
    if ((await standingIn(db, report.communityId, callerId)).isExpert) return;
  }
  if ((await adminOrganizations(db, callerId)).length === 0) throw noSuchReport();
}
