import type { PlaceOpeners } from '../../app/places';
import { openSurvey, openSurveys } from './open';

export { SURVEY_ADDRESSES } from './open';

export const surveyPlaces = {
  surveys: () => openSurveys(),
  survey: openSurvey,
} satisfies Partial<PlaceOpeners>;
