import { activityPlaces } from '../features/activities';
import { adminPlaces } from '../features/admin';
import { callPlaces } from '../features/calls';
import { communityPlaces } from '../features/communities';
import { incentivePlaces } from '../features/incentives';
import { messagePlaces } from '../features/messages';
import { momentPlaces } from '../features/moments';
import { notificationPlaces } from '../features/notifications';
import { reportPlaces } from '../features/reports';
import { settingsPlaces } from '../features/settings';
import { socialPlaces } from '../features/social';
import { surveyPlaces } from '../features/surveys';
import { tournamentPlaces } from '../features/tournament';
import { type PlaceOpeners, registerPlaces } from './places';

/** Every place with its opener: the one spot that wires the features' places together (decision 0059). */
export const ALL_PLACES: PlaceOpeners = {
  ...activityPlaces,
  ...adminPlaces,
  ...callPlaces,
  ...communityPlaces,
  ...incentivePlaces,
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
