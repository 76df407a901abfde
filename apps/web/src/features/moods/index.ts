/** What other features may use of moods (docs/decisions/0059). */
export { MoodInsights } from './MoodInsights';
