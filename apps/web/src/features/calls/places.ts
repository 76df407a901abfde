import type { PlaceOpeners } from '../../app/places';
import { openCall } from './open';

export { IncomingCall } from './IncomingCall';
export { CALL_ADDRESSES } from './open';

export const callPlaces = { call: openCall } satisfies Partial<PlaceOpeners>;
