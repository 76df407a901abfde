import { LIMITS, MicButton, MicRequestButton, SessionMicState, SessionState } from '@orbit/contract';
import { S } from './texts';

/** What the room shows for a state (docs/product/calls-and-lessons.md#lesson-room): ENDED the ended message, REPLAYREADY the recording, else live. */
export type RoomMode = 'live' | 'ended' | 'replay';

export function roomMode(state: number): RoomMode {
  if (state === SessionState.REPLAYREADY) return 'replay';
  // Orbit reads PROCESSING and PROCESSING_FAILED as ended too: their rooms are gone (docs/decisions/0020).
  return state === SessionState.RUNNING ? 'live' : 'ended';
}

/** State 3 is listed as live; all others as saved (docs/product/calls-and-lessons.md#call-join). */
export const isLiveState = (state: number) => state === SessionState.RUNNING;

/** The REQUEST MIC button (docs/product/calls-and-lessons.md#mic-requests): GRANTED once the host grants my mic, else DISABLED while Q&A is off. */
export function requestButton(myMic: number, requestsEnabled: boolean): MicRequestButton {
  if (myMic === SessionMicState.GRANTED) return MicRequestButton.GRANTED;
  if (!requestsEnabled) return MicRequestButton.DISABLED;
  return myMic === SessionMicState.REQUESTED ? MicRequestButton.REQUESTED : MicRequestButton.ENABLED;
}

/** ENABLED → request, REQUESTED → cancel, GRANTED → return the mic; DISABLED does nothing. */
export function requestAction(button: MicRequestButton): 'request' | 'cancel' | 'return' | null {
  if (button === MicRequestButton.ENABLED) return 'request';
  if (button === MicRequestButton.REQUESTED) return 'cancel';
  if (button === MicRequestButton.GRANTED) return 'return';
  return null;
}

export const REQUEST_BUTTON_TEXT: Record<MicRequestButton, string> = {
  ENABLED: S.requestMic,
  REQUESTED: S.cancel,
  GRANTED: S.micGranted,
  DISABLED: S.requestMic,
};

/** The mic button (docs/product/calls-and-lessons.md#mic-requests): OPEN ↔ MUTED on click; CLOSED remembers the state before it. */
export interface MicToggle {
  state: MicButton;
  previous: MicButton;
}

export function clickMic(mic: MicToggle): MicToggle {
  if (mic.state === MicButton.CLOSED) return mic;
  return { state: mic.state === MicButton.OPEN ? MicButton.MUTED : MicButton.OPEN, previous: mic.previous };
}

export function closeMic(mic: MicToggle): MicToggle {
  if (mic.state === MicButton.CLOSED) return mic;
  return { state: MicButton.CLOSED, previous: mic.state };
}

export function reopenMic(mic: MicToggle): MicToggle {
  if (mic.state !== MicButton.CLOSED) return mic;
  return { state: mic.previous, previous: mic.previous };
}

/** The room reports me muted: a viewer is forced muted (docs/product/calls-and-lessons.md#mic-requests), a closed mic stays closed. */
export function forceMuted(mic: MicToggle): MicToggle {
  return mic.state === MicButton.OPEN ? { state: MicButton.MUTED, previous: mic.previous } : mic;
}

/** A viewer starts closed (no mic until granted) and opens on the grant; the host starts open. */
export const initialMic = (host: boolean): MicToggle =>
  host
    ? { state: MicButton.OPEN, previous: MicButton.OPEN }
    : { state: MicButton.CLOSED, previous: MicButton.OPEN };

export const sendsAudio = (mic: MicToggle) => mic.state === MicButton.OPEN;

/** The grant queue's labels (docs/product/calls-and-lessons.md#mic-requests): "Next:", "2nd:", "3rd:", then "{n}th:". */
export function queueLabel(index: number): { key: string; params?: Record<string, string> } {
  if (index === 0) return { key: S.queueNext };
  if (index === 1) return { key: S.queueSecond };
  if (index === 2) return { key: S.queueThird };
  return { key: S.queueNth, params: { 0: String(index + 1) } };
}

/** The lesson post writer (docs/product/calls-and-lessons.md#lesson-posts): a trimmed message, none is nothing to send, over 65536 is refused. */
export function postCheck(text: string): 'empty' | 'too_long' | 'ok' {
  const trimmed = text.trim();
  if (!trimmed) return 'empty';
  return trimmed.length > LIMITS.sessionPost ? 'too_long' : 'ok';
}

/** The display the audio bridge shows for a participant: JSON with s (screen name) and i (image). */
export const bridgeDisplay = (screenName: string, image: string | null) =>
  JSON.stringify({ s: screenName, i: image ?? '' });

/** Whether the media server's answer turned down our `kind` of stream: its m-line carries port 0 (RFC 3264). */
export function answerRejects(sdp: string | undefined, kind: 'audio' | 'video'): boolean {
  return new RegExp(`^m=${kind} 0 `, 'm').test(sdp ?? '');
}
