import type { PlaceOpeners } from '../../app/places';
import { openBlockedList, openDevices, openPush, openSettings } from './openSettings';

export { SETTINGS_ADDRESSES } from './openSettings';

export const settingsPlaces = {
  settings: () => openSettings(),
  devices: () => openDevices(),
  'push-settings': () => openPush(),
  'blocked-members': () => openBlockedList(),
} satisfies Partial<PlaceOpeners>;
