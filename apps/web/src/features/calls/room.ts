import { CALL_MEDIA } from '@orbit/contract';
import type Janus from 'janus-gateway';
import { T } from '../../i18n/texts';
import {
  answerFor,
  initJanus,
  type JanusJS,
  offerFrom,
  openSession,
  sentVideoMid,
  VIDEOROOM,
  webrtcSupported,
} from './janus';
import { MediaWatch } from './watch';

/** The room's connection as a state machine (CONVENTIONS 14): the screen always shows which one it is in. */
export type RoomStatus = 'connecting' | 'online' | 'failed' | 'closed';

export interface RemoteFeed {
  id: number;
  display: string;
  stream: MediaStream;
  video: boolean;
}

export interface RoomSnapshot {
  status: RoomStatus;
  /** A locale key to show (002 §8 room errors), or the server's own message. */
  alert: string | null;
  /** Video and mic are enabled only once my stream is published (002 §4). */
  published: boolean;
  local: MediaStream | null;
  videoOn: boolean;
  muted: boolean;
  sharing: boolean;
  feeds: RemoteFeed[];
}

export interface RoomOptions {
  url: string;
  iceServers: RTCIceServer[];
  roomId: number;
  pin: string;
  /** My member id, also my feed id in the room, so that tiles and the server's events meet. */
  myId: number;
  display: string;
  onChange: (snapshot: RoomSnapshot) => void;
}

export interface Devices {
  microphone?: string;
  camera?: string;
}

interface Subscription {
  handle: JanusJS.PluginHandle | null;
  tracks: Map<string, MediaStreamTrack>;
  /** One stream for the feed's whole life: a track added or removed does not reload its video element. */
  stream: MediaStream;
  /** The publisher's enabled streams (mids) this subscription follows; a change is an update, not a new handle. */
  mids: Set<string>;
  display: string;
}

interface Publisher {
  id: number;
  display: string;
  streams?: { type: string; mid: string; disabled?: boolean }[];
}

/** Video room error 426: the room does not exist (002 §8). */
const NO_SUCH_ROOM = 426;

interface SubscribedStream {
  type: string;
  mid: string;
  active?: boolean;
  ready?: boolean;
}

/**
 * Janus asks a publisher for a keyframe when a subscriber first connects, not when an update adds a stream to
 * it: the new video would wait for the browser to notice frames it cannot decode and ask by itself. Turning
 * sending on for a subscribed stream (configure, send: true) is the subscriber's way to have Janus ask now.
 */
function requestKeyframes(handle: JanusJS.PluginHandle, message: JanusJS.Message): void {
  if (message.videoroom !== 'updated') return;
  const added = ((message.streams ?? []) as SubscribedStream[]).filter(
    (s) => s.type === 'video' && s.active !== false && s.ready === false,
  );
  if (added.length === 0) return;
  handle.send({ message: { request: 'configure', streams: added.map(({ mid }) => ({ mid, send: true })) } });
}

/**
 * A call's Janus video room through janus.js: I publish (audio at start, video when I turn it on), every other
 * publisher is subscribed on its own handle. ICE failing reattaches after 1 s; a failed attach retries
 * after 5 s (002 §4).
 */
export class CallRoom {
  private janus: Janus | null = null;
  private publisher: JanusJS.PluginHandle | null = null;
  private readonly subscriptions = new Map<number, Subscription>();
  private readonly localTracks = new Map<string, MediaStreamTrack>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly watch: MediaWatch;
  private devices: Devices = {};
  /** The microphone, asked for while the session opens and joins; taken once by the first publish. */
  private microphone: Promise<MediaStreamTrack | null> | null = null;
  private state: RoomSnapshot = {
    status: 'connecting',
    alert: null,
    published: false,
    local: null,
    videoOn: false,
    muted: false,
    sharing: false,
    feeds: [],
  };

  constructor(private readonly options: RoomOptions) {
    this.watch = new MediaWatch({
      peer: () => this.publisher,
      setBitrate: (bitrate) => this.configure({ bitrate }),
      videoOff: () => void this.setVideo(false),
    });
  }

  get snapshot(): RoomSnapshot {
    return this.state;
  }

  async connect(): Promise<void> {
    if (!webrtcSupported()) return this.fail(T.callNoWebrtc);
    // Capturing the microphone takes as long as opening the session and joining: both run at once.
    this.microphone = navigator.mediaDevices
      .getUserMedia({ audio: this.microphoneConstraints() })
      .then((stream) => stream.getAudioTracks()[0] ?? null)
      // A refusal is met again by the publish's own capture, which alerts as it always did.
      .catch(() => null);
    await initJanus();
    try {
      this.janus = await openSession(this.options.url, this.options.iceServers, () =>
        this.fail(T.callLostConnection),
      );
    } catch {
      return this.fail(T.callNoServer);
    }
    if (this.state.status === 'closed') return this.janus.destroy({});
    this.attachPublisher();
  }

  /** The video toggle adds or removes my camera (renegotiated with Janus). */
  async setVideo(on: boolean): Promise<void> {
    const handle = this.publisher;
    if (!handle || on === this.state.videoOn) return;
    const mid = sentVideoMid(handle);
    const tracks: JanusJS.TrackOption[] = on
      ? [
          {
            type: 'video',
            capture: this.cameraConstraints(),
            recv: false,
            add: !mid,
            replace: !!mid,
            mid: mid ?? undefined,
          },
        ]
      : [{ type: 'video', mid: mid ?? undefined, remove: true, capture: false }];
    try {
      const jsep = await offerFrom(handle, tracks);
      handle.send({ message: { request: 'configure' }, jsep });
      this.update({ videoOn: on, sharing: on ? false : this.state.sharing });
    } catch {
      this.update({ alert: T.callNoWebcam });
    }
  }

  setMuted(muted: boolean): void {
    if (!this.publisher) return;
    if (muted) this.publisher.muteAudio();
    else this.publisher.unmuteAudio();
    this.update({ muted });
  }

  /** Screen share takes the video's place; stopping it goes back to the camera. */
  async setSharing(on: boolean): Promise<void> {
    const handle = this.publisher;
    if (!handle) return;
    const mid = sentVideoMid(handle) ?? undefined;
    const track: JanusJS.TrackOption = on
      ? { type: 'screen', capture: true, recv: false, mid, replace: !!mid, add: !mid }
      : { type: 'video', capture: this.cameraConstraints(), recv: false, mid, replace: true };
    try {
      const jsep = await offerFrom(handle, [track]);
      handle.send({ message: { request: 'configure' }, jsep });
      this.update({ sharing: on, videoOn: true });
    } catch {
      this.update({ alert: T.callWebrtcError });
    }
  }

  /** Settings: a chosen microphone or camera replaces the track being sent. */
  chooseDevices(devices: Devices): void {
    this.devices = { ...this.devices, ...devices };
    const handle = this.publisher;
    if (!handle || !this.state.published) return;
    const tracks: JanusJS.TrackOption[] = [];
    if (devices.microphone)
      tracks.push({ type: 'audio', capture: { deviceId: { exact: devices.microphone } } });
    if (devices.camera && this.state.videoOn && !this.state.sharing) {
      tracks.push({ type: 'video', capture: this.cameraConstraints() });
    }
    if (tracks.length > 0)
      handle.replaceTracks({ tracks, error: () => this.update({ alert: T.callWebrtcError }) });
  }

  /** Leaves the room and closes the session; nothing reconnects afterwards. */
  leave(): void {
    if (this.state.status === 'closed') return;
    this.update({ status: 'closed' });
    this.watch.stop();
    for (const timer of this.timers) clearTimeout(timer);
    this.publisher?.send({ message: { request: 'leave' } });
    this.janus?.destroy({});
    for (const track of this.localTracks.values()) track.stop();
    // A microphone captured for a publish that never came must not stay open.
    void this.takeMicrophone().then((track) => track?.stop());
  }

  private microphoneConstraints(): MediaTrackConstraints | true {
    return this.devices.microphone ? { deviceId: { exact: this.devices.microphone } } : true;
  }

  /** The early capture, once: a reattach captures anew (janus.js stopped the first track with its handle). */
  private async takeMicrophone(): Promise<MediaStreamTrack | null> {
    const early = this.microphone;
    this.microphone = null;
    const track = early ? await early : null;
    return track?.readyState === 'live' ? track : null;
  }

  private cameraConstraints(): MediaTrackConstraints {
    const { width, height, maxFps } = CALL_MEDIA.video;
    return {
      width: { ideal: width },
      height: { ideal: height },
      frameRate: { max: maxFps },
      ...(this.devices.camera ? { deviceId: { exact: this.devices.camera } } : {}),
    };
  }

  private later(ms: number, run: () => void) {
    if (this.state.status === 'closed') return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.state.status !== 'closed') run();
    }, ms);
    this.timers.add(timer);
  }

  private attachPublisher(): void {
    this.janus?.attach({
      plugin: VIDEOROOM,
      success: (handle) => {
        this.publisher = handle;
        const { roomId, pin, myId, display } = this.options;
        handle.send({
          message: { request: 'join', ptype: 'publisher', room: roomId, pin, id: myId, display },
        });
      },
      error: () => {
        this.update({ alert: T.callAttachError });
        this.later(CALL_MEDIA.attachRetryMs, () => this.attachPublisher());
      },
      onmessage: (message, jsep) => this.onPublisherMessage(message, jsep),
      onlocaltrack: (track, on) => this.onLocalTrack(track, on),
      webrtcState: (up) => {
        this.update({ published: up });
        if (up) this.watch.start();
      },
      iceState: (state) => {
        if (state === 'failed' || state === 'disconnected') this.reattachPublisher();
      },
    });
  }

  /** ICE failed or disconnected: detach, then attach again after 1 s (002 §4). */
  private reattachPublisher(): void {
    const handle = this.publisher;
    this.publisher = null;
    this.update({ published: false });
    handle?.detach({});
    this.later(CALL_MEDIA.iceReattachMs, () => this.attachPublisher());
  }

  private onPublisherMessage(message: JanusJS.Message, jsep?: JanusJS.JSEP): void {
    if (jsep) this.publisher?.handleRemoteJsep({ jsep });
    if (message.error_code === NO_SUCH_ROOM) {
      this.fail(T.callRoomMissing);
      return;
    }
    if (message.error) {
      this.update({ alert: String(message.error) });
      return;
    }
    if (message.videoroom === 'joined') {
      this.update({ status: 'online' });
      void this.publish();
    }
    if (Array.isArray(message.publishers)) this.follow(message.publishers as Publisher[]);
    for (const key of ['leaving', 'unpublished'] as const) {
      const id = message[key];
      if (typeof id === 'number') this.unsubscribe(id);
    }
  }

  /** At start audio is on and video off; after a reattach, what I was sending. */
  private async publish(): Promise<void> {
    const handle = this.publisher;
    if (!handle) return;
    const tracks: JanusJS.TrackOption[] = [
      { type: 'audio', capture: (await this.takeMicrophone()) ?? this.microphoneConstraints(), recv: false },
    ];
    if (this.state.videoOn) tracks.push({ type: 'video', capture: this.cameraConstraints(), recv: false });
    try {
      const jsep = await offerFrom(handle, tracks);
      handle.send({ message: { request: 'publish', bitrate: CALL_MEDIA.bitrates[0] }, jsep });
      if (this.state.muted) handle.muteAudio();
    } catch {
      this.update({ alert: T.callWebrtcError });
    }
  }

  private configure(fields: Record<string, unknown>): void {
    this.publisher?.send({ message: { request: 'configure', ...fields } });
  }

  private onLocalTrack(track: MediaStreamTrack, on: boolean): void {
    if (on) this.localTracks.set(track.id, track);
    else this.localTracks.delete(track.id);
    const video = [...this.localTracks.values()].filter((t) => t.kind === 'video' && t.readyState === 'live');
    this.update({ local: video.length > 0 ? new MediaStream(video) : null });
  }

  /**
   * Subscribes to each new publisher; a publisher whose streams changed (video on or off) is followed on the
   * same handle with the video room's update, so its connection stays up and only the new stream negotiates.
   */
  private follow(publishers: Publisher[]): void {
    for (const publisher of publishers) {
      if (publisher.id === this.options.myId) continue;
      const mids = new Set((publisher.streams ?? []).filter((s) => !s.disabled).map((s) => s.mid));
      const current = this.subscriptions.get(publisher.id);
      if (!current) {
        this.subscribe(publisher.id, publisher.display, mids);
        continue;
      }
      const added = [...mids].filter((mid) => !current.mids.has(mid));
      const removed = [...current.mids].filter((mid) => !mids.has(mid));
      current.mids = mids;
      // Not joined yet: the join subscribes to the publisher's streams as they are by then.
      if (!current.handle || (added.length === 0 && removed.length === 0)) continue;
      const feed = (mid: string) => ({ feed: publisher.id, mid });
      current.handle.send({
        message: {
          request: 'update',
          ...(added.length > 0 ? { subscribe: added.map(feed) } : {}),
          ...(removed.length > 0 ? { unsubscribe: removed.map(feed) } : {}),
        },
      });
    }
  }

  private subscribe(feedId: number, display: string, mids: Set<string>): void {
    const subscription: Subscription = {
      handle: null,
      tracks: new Map(),
      stream: new MediaStream(),
      mids,
      display,
    };
    this.subscriptions.set(feedId, subscription);
    this.publishFeeds();
    const { roomId, pin } = this.options;
    this.janus?.attach({
      plugin: VIDEOROOM,
      success: (handle) => {
        subscription.handle = handle;
        handle.send({
          message: {
            request: 'join',
            ptype: 'subscriber',
            room: roomId,
            pin,
            streams: [{ feed: feedId }],
          },
        });
      },
      error: () => this.later(CALL_MEDIA.attachRetryMs, () => this.resubscribe(feedId, subscription)),
      // The first offer (attached) and each update's (updated) are answered the same way.
      onmessage: (message, jsep) => {
        if (!jsep || !subscription.handle) return;
        const handle = subscription.handle;
        answerFor(handle, jsep).then(
          (answer) => {
            handle.send({ message: { request: 'start', room: roomId }, jsep: answer });
            requestKeyframes(handle, message);
          },
          () => this.update({ alert: T.callWebrtcError }),
        );
        if (message.error_code === NO_SUCH_ROOM) this.fail(T.callRoomMissing);
      },
      // janus.js reports a track again when it unmutes: the stream changes only when the track does.
      onremotetrack: (track, mid, on) => {
        const previous = subscription.tracks.get(mid);
        if (on && previous === track) return;
        if (previous) {
          subscription.stream.removeTrack(previous);
          subscription.tracks.delete(mid);
        }
        if (on) {
          subscription.tracks.set(mid, track);
          subscription.stream.addTrack(track);
        }
        this.publishFeeds();
      },
      iceState: (state) => {
        if (state === 'failed' || state === 'disconnected') {
          this.later(CALL_MEDIA.iceReattachMs, () => this.resubscribe(feedId, subscription));
        }
      },
    });
  }

  private resubscribe(feedId: number, subscription: Subscription): void {
    if (this.subscriptions.get(feedId) !== subscription) return;
    this.unsubscribe(feedId);
    this.subscribe(feedId, subscription.display, subscription.mids);
  }

  private unsubscribe(feedId: number): void {
    const subscription = this.subscriptions.get(feedId);
    if (!subscription) return;
    this.subscriptions.delete(feedId);
    subscription.handle?.detach({});
    this.publishFeeds();
  }

  private publishFeeds(): void {
    const feeds = [...this.subscriptions.entries()].map(([id, s]) => ({
      id,
      display: s.display,
      stream: s.stream,
      video: [...s.tracks.values()].some((t) => t.kind === 'video'),
    }));
    this.update({ feeds });
  }

  private fail(alert: string): void {
    if (this.state.status === 'closed') return;
    this.update({ status: 'failed', alert });
  }

  private update(change: Partial<RoomSnapshot>): void {
    this.state = { ...this.state, ...change };
    this.options.onChange(this.state);
  }
}
