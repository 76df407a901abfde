import type Janus from 'janus-gateway';
import {
  answerFor,
  FailedCapture,
  initJanus,
  type JanusJS,
  type MediaDevice,
  offerFrom,
  openSession,
  VIDEOROOM,
  webrtcSupported,
} from '../calls';
import { answerRejects } from './rules';
import { S } from './texts';

const AUDIOBRIDGE = 'janus.plugin.audiobridge';
/** Audio bridge error 485 and video room error 426: the room does not exist (docs/product/calls-and-lessons.md#call-screen). */
const BRIDGE_NO_SUCH_ROOM = 485;
const VIDEO_NO_SUCH_ROOM = 426;
/** Video room 428: no such feed, the host has not published yet; the viewer looks again shortly. */
const VIDEO_NO_SUCH_FEED = 428;
const FEED_RETRY_MS = 2000;
const REATTACH_MS = 1000;

/**
 * The chat room's connection (docs/product/calls-and-lessons.md#lesson-room chat room modes: offline, then live; a kick or a destroyed connection
 * ends it, a closed one reconnects), so the screen always shows which one it is in.
 */
export type LiveStatus = 'offline' | 'connecting' | 'live' | 'kicked' | 'ended' | 'failed';

export interface LiveSnapshot {
  status: LiveStatus;
  /** Both rooms joined: the "CONNECTING.." overlay goes away. */
  audioJoined: boolean;
  videoJoined: boolean;
  /** My stream published to the bridge: the mic button works from then on (docs/product/calls-and-lessons.md#mic-requests). */
  published: boolean;
  /** A locale key of docs/product/calls-and-lessons.md#call-screen, or the server's own message. */
  alert: string | null;
  /** The host's camera (mine when I host). */
  video: MediaStream | null;
  /** The bridge's mix: everyone else. */
  audio: MediaStream | null;
  /** The bridge reports me muted (a viewer is then forced muted). */
  roomMuted: boolean;
}

export interface LiveRoomOptions {
  url: string;
  iceServers: RTCIceServer[];
  audioRoomId: number;
  audioPin: string;
  videoRoomId: number;
  videoPin: string;
  myId: number;
  hostId: number;
  display: string;
  host: boolean;
  onChange: (snapshot: LiveSnapshot) => void;
}

/**
 * A live lesson through janus.js: the audio bridge for everyone (the host unmuted, viewers joining muted)
 * and the video room where the host publishes the camera and viewers subscribe to it.
 */
export class LiveRoom {
  private janus: Janus | null = null;
  private bridge: JanusJS.PluginHandle | null = null;
  private video: JanusJS.PluginHandle | null = null;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly localTracks: MediaStreamTrack[] = [];
  private muted: boolean;
  private state: LiveSnapshot = {
    status: 'offline',
    audioJoined: false,
    videoJoined: false,
    published: false,
    alert: null,
    video: null,
    audio: null,
    roomMuted: false,
  };

  constructor(private readonly options: LiveRoomOptions) {
    this.muted = !options.host;
  }

  get snapshot(): LiveSnapshot {
    return this.state;
  }

  async connect(): Promise<void> {
    if (!webrtcSupported()) return this.stop('failed', S.noWebrtc);
    this.update({ status: 'connecting' });
    await initJanus();
    try {
      this.janus = await openSession(this.options.url, this.options.iceServers, () =>
        this.stop('failed', S.lostConnection),
      );
    } catch {
      return this.stop('failed', S.noServer);
    }
    if (this.finished()) return void this.janus.destroy({});
    this.attachBridge();
    this.attachVideo();
  }

  /** My mic into the bridge: muted or not (the server decides whether a viewer may speak at all). */
  setMuted(muted: boolean): void {
    this.muted = muted;
    this.bridge?.send({ message: { request: 'configure', muted } });
  }

  leave(): void {
    this.stop('offline', null);
  }

  /** Settings: a chosen microphone (into the bridge) or camera (the host's video) replaces the one sent. */
  chooseDevices(devices: { microphone?: string | null; camera?: string | null }): void {
    const capture = (id: string | null) => (id ? { deviceId: { exact: id } } : true);
    const alert = () => this.update({ alert: S.webrtcError });
    if (devices.microphone !== undefined && this.bridge && this.state.published) {
      this.bridge.replaceTracks({
        tracks: [{ type: 'audio', capture: capture(devices.microphone) }],
        error: alert,
      });
    }
    if (devices.camera !== undefined && this.video && this.options.host) {
      this.video.replaceTracks({
        tracks: [{ type: 'video', capture: capture(devices.camera) }],
        error: alert,
      });
    }
  }

  /** Told by the server (SESSION_ACTIVITY) or by the bridge itself. */
  kicked(): void {
    this.stop('kicked', S.kicked);
  }

  private finished() {
    return ['kicked', 'ended', 'failed'].includes(this.state.status) || this.closed;
  }

  private closed = false;
  private readonly failedCapture = new FailedCapture();

  private stop(status: LiveStatus, alert: string | null): void {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.bridge?.send({ message: { request: 'leave' } });
    this.video?.send({ message: { request: 'leave' } });
    this.janus?.destroy({});
    for (const track of this.localTracks) track.stop();
    this.update({ status, alert, video: null, audio: null, published: false });
  }

  private later(ms: number, run: () => void) {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) run();
    }, ms);
    this.timers.add(timer);
  }

  private update(patch: Partial<LiveSnapshot>) {
    this.state = { ...this.state, ...patch };
    if (this.state.status === 'connecting' && this.state.audioJoined && this.state.videoJoined) {
      this.state = { ...this.state, status: 'live' };
    }
    this.options.onChange(this.state);
  }

  private attachBridge(): void {
    this.janus?.attach({
      plugin: AUDIOBRIDGE,
      success: (handle) => {
        this.bridge = handle;
        const { audioRoomId, audioPin, myId, display } = this.options;
        handle.send({
          message: {
            request: 'join',
            room: audioRoomId,
            pin: audioPin,
            id: myId,
            display,
            muted: this.muted,
          },
        });
      },
      error: () => this.update({ alert: S.errorAttachingPlugin }),
      onmessage: (message, jsep) => this.onBridgeMessage(message, jsep),
      onlocaltrack: (track, on) => {
        if (on) this.localTracks.push(track);
      },
      onremotetrack: (track, _mid, on) => {
        if (track.kind === 'audio') this.update({ audio: on ? new MediaStream([track]) : null });
      },
      webrtcState: (up) => this.update({ published: up }),
      iceState: (state) => {
        if (state === 'failed') this.update({ alert: S.webrtcError });
      },
    });
  }

  private async onBridgeMessage(message: JanusJS.Message, jsep?: JanusJS.JSEP) {
    if (jsep) this.bridge?.handleRemoteJsep({ jsep });
    const event = message.audiobridge;
    if (message.error_code === BRIDGE_NO_SUCH_ROOM) return this.stop('ended', S.roomMissing);
    if (message.error) return this.update({ alert: String(message.error) });
    if (event === 'destroyed') return this.stop('ended', S.connectionEnded);
    if (message.kicked === this.options.myId || event === 'kicked') return this.kicked();
    if (event === 'joined' && message.id === this.options.myId) {
      this.update({ audioJoined: true });
      await this.publishAudio();
    }
    const me = (message.participants as { id: number; muted?: boolean }[] | undefined)?.find(
      (p) => p.id === this.options.myId,
    );
    if (me) this.update({ roomMuted: me.muted === true });
  }

  private async publishAudio() {
    const handle = this.bridge;
    if (!handle) return;
    try {
      const jsep = await offerFrom(handle, [{ type: 'audio', capture: true, recv: true }]);
      handle.send({ message: { request: 'configure', muted: this.muted }, jsep });
    } catch (error) {
      this.mediaFailed(error, 'microphone', S.audioRejected);
    }
  }

  /** The member's retry after the camera or microphone failed: the capture is asked for again. */
  retryMedia(): void {
    const device = this.failedCapture.take();
    this.update({ alert: null });
    if (device === 'microphone') void this.publishAudio();
    else if (device === 'camera' && this.video) void this.publishVideo(this.video);
  }

  /** Says which device failed and why (none, blocked, in use); the lesson goes on without it. */
  private mediaFailed(error: unknown, device: MediaDevice, otherwise: string): void {
    this.update({ alert: this.failedCapture.alertFor(error, device, otherwise) });
  }

  private attachVideo(): void {
    let mine: JanusJS.PluginHandle | null = null;
    this.janus?.attach({
      plugin: VIDEOROOM,
      success: (handle) => {
        mine = handle;
        this.video = handle;
        this.joinVideo();
      },
      error: () => this.update({ alert: S.errorAttachingPlugin }),
      onmessage: (message, jsep) => void this.onVideoMessage(message, jsep),
      onlocaltrack: (track, on) => {
        if (!on || track.kind !== 'video') return;
        this.localTracks.push(track);
        this.update({ video: new MediaStream([track]) });
      },
      onremotetrack: (track, _mid, on) => {
        if (track.kind === 'video') this.update({ video: on ? new MediaStream([track]) : null });
      },
      iceState: (state) => {
        if (state === 'failed' && !this.options.host && mine === this.video) this.resubscribe(REATTACH_MS);
      },
      // A viewer's subscription hangs up when the host leaves: look for the host's feed again.
      webrtcState: (up) => {
        if (!up && !this.options.host && mine === this.video) this.resubscribe(FEED_RETRY_MS);
      },
    });
  }

  private joinVideo(): void {
    const { videoRoomId, videoPin, myId, display, hostId, host } = this.options;
    const message = host
      ? { request: 'join', ptype: 'publisher', room: videoRoomId, pin: videoPin, id: myId, display }
      : {
          request: 'join',
          ptype: 'subscriber',
          room: videoRoomId,
          pin: videoPin,
          streams: [{ feed: hostId }],
        };
    this.video?.send({ message });
  }

  /** The host left or unpublished, or ICE failed: detach and look for the host's feed again. */
  private resubscribe(ms: number): void {
    const handle = this.video;
    this.video = null;
    handle?.detach({});
    this.update({ video: null });
    this.later(ms, () => this.attachVideo());
  }

  private async onVideoMessage(message: JanusJS.Message, jsep?: JanusJS.JSEP) {
    const handle = this.video;
    if (!handle) return;
    if (message.error_code === VIDEO_NO_SUCH_ROOM) return this.stop('ended', S.roomMissing);
    if (message.error_code === VIDEO_NO_SUCH_FEED) {
      // The room is there, the host's camera not yet: joined as far as the overlay goes.
      this.update({ videoJoined: true });
      return this.later(FEED_RETRY_MS, () => this.joinVideo());
    }
    if (message.error) return this.update({ alert: String(message.error) });
    if (this.options.host) {
      if (jsep) handle.handleRemoteJsep({ jsep });
      // The room accepted the publish but not our video: viewers would see nothing, so the host is told.
      if (jsep && answerRejects(jsep.sdp, 'video')) this.update({ alert: S.videoRejected });
      if (message.videoroom === 'joined') {
        this.update({ videoJoined: true });
        await this.publishVideo(handle);
      }
      return;
    }
    if (message.videoroom === 'attached') this.update({ videoJoined: true });
    if (jsep) {
      try {
        const answer = await answerFor(handle, jsep);
        handle.send({ message: { request: 'start', room: this.options.videoRoomId }, jsep: answer });
      } catch {
        this.update({ alert: S.webrtcError });
      }
    }
    const gone = message.unpublished ?? message.leaving;
    if (gone === this.options.hostId) this.resubscribe(FEED_RETRY_MS);
  }

  private async publishVideo(handle: JanusJS.PluginHandle) {
    try {
      const jsep = await offerFrom(handle, [{ type: 'video', capture: true, recv: false }]);
      handle.send({ message: { request: 'publish' }, jsep });
    } catch (error) {
      this.mediaFailed(error, 'camera', S.noWebcam);
    }
  }
}
