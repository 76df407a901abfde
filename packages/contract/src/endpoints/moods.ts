import { MoodInsightsQuery, MoodInsightsResponse } from '../schemas';
import { endpoints } from './define';
import { MOOD_ROUTES } from './routes';

export const MOOD_ENDPOINTS = endpoints('moods', MOOD_ROUTES, {
  /** The caller's own moods only: there is no member to name, so nothing to refuse beyond bad input. */
  moodInsights: { query: MoodInsightsQuery, response: MoodInsightsResponse, errors: [] },
});
