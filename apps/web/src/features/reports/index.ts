import type { PlaceOpeners } from '../../app/places';
import { openCommunityReports, openReport } from './open';

/** What other features may use of reports (docs/decisions/0059). */
export { ReportButton } from './ReportButton';
export { AdminReports } from './ReportsList';

export const reportPlaces = {
  report: openReport,
  'community-reports': ({ communityId }) => openCommunityReports(communityId),
} satisfies Partial<PlaceOpeners>;
