import type { PlaceOpeners } from '../../app/places';
import { openSurveys } from './open';

/** What other features may use of surveys (docs/decisions/0059). */
export { SURVEY_ADDRESSES } from './open';
export { formatTime } from './rules';

export const surveyPlaces = { surveys: () => openSurveys() } satisfies Partial<PlaceOpeners>;
