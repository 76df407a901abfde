import type { PlaceOpeners } from '../../app/places';
import { openAdmin } from './open';

export { ADMIN_ADDRESSES } from './open';

export const adminPlaces = { admin: () => openAdmin() } satisfies Partial<PlaceOpeners>;
