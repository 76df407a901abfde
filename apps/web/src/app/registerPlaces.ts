import { activityPlaces } from '../features/activities/places';
import { adminPlaces } from '../features/admin/places';
import { callPlaces } from '../features/calls/places';
import { communityPlaces } from '../features/communities/places';
import { incentivePlaces } from '../features/incentives/places';
import { lessonPlaces } from '../features/lessons/places';
import { messagePlaces } from '../features/messages/places';
import { momentPlaces } from '../features/moments/places';
import { notificationPlaces } from '../features/notifications/places';
import { reportPlaces } from '../features/reports/places';
import { settingsPlaces } from '../features/settings/places';
import { socialPlaces } from '../features/social/places';
import { surveyPlaces } from '../features/surveys/places';
import { tournamentPlaces } from '../features/tournament/places';
import { type PlaceOpeners, registerPlaces } from './places';

/** Every place with its opener: the one spot that wires the features' places together (decision 0059). */
export const ALL_PLACES: PlaceOpeners = {
  ...activityPlaces,
  ...adminPlaces,
  ...callPlaces,
  ...communityPlaces,
  ...incentivePlaces,
  ...lessonPlaces,
  ...messagePlaces,
  ...momentPlaces,
  ...notificationPlaces,
  ...reportPlaces,
  ...settingsPlaces,
  ...socialPlaces,
  ...surveyPlaces,
  ...tournamentPlaces,
};

/** Called once by main.tsx before the app renders. */
export const registerAllPlaces = () => registerPlaces(ALL_PLACES);
