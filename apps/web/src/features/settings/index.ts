import type { PlaceOpeners } from '../../app/places';
import { openSettings } from './openSettings';

/** What other features may use of settings (docs/decisions/0059). */
export { SETTINGS_ADDRESSES } from './openSettings';
export { useSaveSetting } from './useSaveSetting';

export const settingsPlaces = { settings: () => openSettings() } satisfies Partial<PlaceOpeners>;
