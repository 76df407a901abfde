/** What other features and the app may use of calls (docs/decisions/0059). */
export { CommunityCallButton, ThreadCallButton } from './CallButton';
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
export { type DeviceChoice, SettingsPanel } from './Panels';
export { RoomAlert } from './RoomAlert';
