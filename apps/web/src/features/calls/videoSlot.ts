import { type JanusJS, peerOf } from './janus';

/**
 * A track that never yields a frame. janus.js adds a send-only video m-line to an offer only for a track, so
 * the publish offers this one and the slot drops it at once: the video m-line is negotiated, nothing is sent.
 */
function silentVideoTrack(): MediaStreamTrack {
  const canvas = document.createElement('canvas');
  canvas.width = 2;
  canvas.height = 2;
  // A frame rate of 0 captures a frame only on requestFrame(), which nobody calls.
  return canvas.captureStream(0).getVideoTracks()[0];
}

/**
 * My video in a call: a send-only video m-line negotiated with the publish, whatever the toggle says, so that
 * turning the camera (or a screen) on or off only swaps the track it sends (replaceTrack). No renegotiation,
 * no `configure`, and no subscription update on the other side lie between the toggle and the first frame:
 * the subscribers took the m-line with the publish, and a new track's first frame is a keyframe.
 */
export class VideoSlot {
  private placeholder: MediaStreamTrack | null = null;
  private transceiver: RTCRtpTransceiver | null = null;
  /** What the slot sends (camera or screen), kept across a reattach: janus.js never holds it. */
  private sending: MediaStreamTrack | null = null;

  constructor(private readonly onLocalTrack: (track: MediaStreamTrack, on: boolean) => void) {}

  get track(): MediaStreamTrack | null {
    return this.sending;
  }

  /** The publish's video: a silent track to negotiate the m-line with (janus.js reports it; ignore it). */
  offerTrack(): JanusJS.TrackOption {
    this.placeholder = silentVideoTrack();
    return { type: 'video', capture: this.placeholder, recv: false };
  }

  isPlaceholder(track: MediaStreamTrack): boolean {
    return track === this.placeholder;
  }

  /** Once the publish is offered: the m-line stays, the silent track goes, and what was sent before resumes. */
  async offered(handle: JanusJS.PluginHandle): Promise<void> {
    const placeholder = this.placeholder;
    this.placeholder = null;
    this.transceiver =
      peerOf(handle)
        ?.getTransceivers()
        .find((t) => placeholder !== null && t.sender.track === placeholder) ?? null;
    await this.transceiver?.sender.replaceTrack(this.sending?.readyState === 'live' ? this.sending : null);
    placeholder?.stop();
  }

  /** Sends this track (null: nothing) in place of the one sent so far, which stops. */
  async send(track: MediaStreamTrack | null): Promise<void> {
    if (!this.transceiver) throw new Error('no video slot negotiated');
    await this.transceiver.sender.replaceTrack(track);
    const previous = this.sending;
    this.sending = track;
    if (previous && previous !== track) {
      previous.stop();
      this.onLocalTrack(previous, false);
    }
    if (track) this.onLocalTrack(track, true);
  }

  /** A new publisher handle negotiates its own slot. */
  detached(): void {
    this.transceiver = null;
  }

  stop(): void {
    this.sending?.stop();
    this.sending = null;
    this.transceiver = null;
  }
}
