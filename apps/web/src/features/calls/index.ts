import type { PlaceOpeners } from '../../app/places';
import { openCall } from './open';

/** What other features and the app may use of calls (docs/decisions/0059). */
export { CommunityCallButton, ThreadCallButton } from './CallButton';
export { IncomingCall } from './IncomingCall';
export {
  answerFor,
  initJanus,
  type JanusJS,
  offerFrom,
  openSession,
  VIDEOROOM,
  webrtcSupported,
} from './janus';
export { FailedCapture, type MediaDevice } from './mediaError';
export { CALL_ADDRESSES } from './open';
export { type DeviceChoice, SettingsPanel } from './Panels';
export { RoomAlert } from './RoomAlert';

export const callPlaces = { call: openCall } satisfies Partial<PlaceOpeners>;
