import type { PlaceOpeners } from '../../app/places';
import { openSurveys } from './open';

export { SURVEY_ADDRESSES } from './open';

export const surveyPlaces = { surveys: () => openSurveys() } satisfies Partial<PlaceOpeners>;
