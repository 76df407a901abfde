/** What other features may use of settings (docs/decisions/0059). */
export { useSaveSetting } from './useSaveSetting';
