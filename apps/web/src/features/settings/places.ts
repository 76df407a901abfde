import type { PlaceOpeners } from '../../app/places';
import { openSettings } from './openSettings';

export { SETTINGS_ADDRESSES } from './openSettings';

export const settingsPlaces = { settings: () => openSettings() } satisfies Partial<PlaceOpeners>;
