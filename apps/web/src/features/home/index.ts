/** What the app may use of home (docs/decisions/0059). */
export { HomeView } from './HomeView';
