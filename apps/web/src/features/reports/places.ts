import type { PlaceOpeners } from '../../app/places';
import { openCommunityReports, openReport, openSupport } from './open';

export const reportPlaces = {
  report: openReport,
  support: ({ url }) => openSupport(url),
  'community-reports': ({ communityId }) => openCommunityReports(communityId),
} satisfies Partial<PlaceOpeners>;
