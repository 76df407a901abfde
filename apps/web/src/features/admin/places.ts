import type { PlaceOpeners } from '../../app/places';
import { openAdmin, openPlanEditor, openSurveyEditor } from './open';

export { ADMIN_ADDRESSES } from './open';

export const adminPlaces = {
  admin: () => openAdmin(),
  'survey-editor': ({ survey, organizationId }) => openSurveyEditor(survey, organizationId),
  'plan-editor': ({ plan, scope, organizationId }) => openPlanEditor(plan, scope, organizationId),
} satisfies Partial<PlaceOpeners>;
