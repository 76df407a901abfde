import type { PlaceOpeners } from '../../app/places';
import { openCommunityReports, openReport } from './open';

export const reportPlaces = {
  report: openReport,
  'community-reports': ({ communityId }) => openCommunityReports(communityId),
} satisfies Partial<PlaceOpeners>;
