import { CALL_MEDIA, type PrivateCallSession } from '@orbit/contract';
import type Janus from 'janus-gateway';
import { T } from '../../i18n/texts';
import { initJanus, type JanusJS, offerFrom, openSession, VIDEOROOM, webrtcSupported } from './janus';
import { FailedCapture, type MediaDevice } from './mediaError';
import { takeMicrophone as takeEarlyMicrophone } from './microphone';
import { NO_SUCH_ROOM, type Publisher, type RemoteFeed, Subscriptions } from './subscriptions';
import { VideoSlot } from './videoSlot';
import { MediaWatch } from './watch';

export type { RemoteFeed };
export { initJanus };

/** The room's connection as a state machine: the screen always shows which one it is in. */
export type RoomStatus = 'connecting' | 'online' | 'failed' | 'closed';

export interface RoomSnapshot {
  status: RoomStatus;
  /** A locale key to show (docs/product/calls-and-lessons.md#call-screen room errors), or the server's own message. */
  alert: string | null;
  /** Video and mic are enabled only once my stream is published (docs/product/calls-and-lessons.md#call-screen). */
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
}

/** Who I am in a call: my member id (my feed id) and the name the others' tiles show until the server's. */
export interface Me {
  id: number;
  name: string;
}

/** The room a call's session names, joined as me. */
export const roomOptions = (session: PrivateCallSession, me: Me): RoomOptions => ({
  url: session.janus_url,
  iceServers: session.ice_servers as RTCIceServer[],
  roomId: session.janus_room_id,
  pin: session.janus_admin_passwd,
  myId: me.id,
  display: me.name,
});

export interface Devices {
  microphone?: string;
  camera?: string;
}

/**
 * A call's Janus video room through janus.js: I publish audio and a video slot at start (video sent once I turn
 * it on), every other publisher is subscribed on its own handle. ICE failing reattaches after 1 s; a failed
 * attach retries after 5 s (docs/product/calls-and-lessons.md#call-screen).
 */
export class CallRoom {
  private janus: Janus | null = null;
  private publisher: JanusJS.PluginHandle | null = null;
  private readonly subscriptions: Subscriptions;
  private readonly localTracks = new Map<string, MediaStreamTrack>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly watch: MediaWatch;
  private readonly video = new VideoSlot((track, on) => this.onLocalTrack(track, on));
  private devices: Devices = {};
  private readonly failedCapture = new FailedCapture();
  /** The microphone, asked for while the session opens and joins; taken once by the first publish. */
  private microphone: Promise<MediaStreamTrack | null> | null = null;
  /** The session opened and the publisher handle attached, not yet joined (see open()). */
  private opening: Promise<boolean> | null = null;
  /** The room's news of publishers, handled in order after my publish offer (see onPublisherMessage). */
  private roomEvents: Promise<void> = Promise.resolve();
  /** Once: the room may be joined before its screen takes it (see prepared.ts). */
  private connecting: Promise<void> | null = null;
  /** My publish offer, made while the join goes; taken by the publish once joined. */
  private offer: { handle: JanusJS.PluginHandle; jsep: Promise<JanusJS.JSEP | null> } | null = null;
  private onChange: (snapshot: RoomSnapshot) => void = () => undefined;
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
    const { roomId, pin, myId } = options;
    this.subscriptions = new Subscriptions({
      janus: () => this.janus,
      roomId,
      pin,
      myId,
      later: (ms, run) => this.later(ms, run),
      onFeeds: (feeds) => this.update({ feeds }),
      onAlert: (alert) => this.update({ alert }),
      onRoomMissing: () => this.fail(T.callRoomMissing),
    });
    this.watch = new MediaWatch({
      peer: () => this.publisher,
      setBitrate: (bitrate) => this.configure({ bitrate }),
      videoOff: () => void this.setVideo(false),
    });
  }

  get snapshot(): RoomSnapshot {
    return this.state;
  }

  /** The room's name on its gateway: a session naming another room or gateway needs another CallRoom. */
  serves(options: Pick<RoomOptions, 'url' | 'roomId'>): boolean {
    return options.url === this.options.url && options.roomId === this.options.roomId;
  }

  /** Whoever shows the room hears of its changes (the call screen; nobody while the call rings). */
  listen(onChange: (snapshot: RoomSnapshot) => void): void {
    this.onChange = onChange;
    onChange(this.state);
  }

  /**
   * Opens the Janus session and attaches my publisher handle without joining: nothing shows in the room and
   * no device is captured, so a call can do this while it rings (docs/decisions/0032). Once; false when the
   * room failed.
   */
  open(): Promise<boolean> {
    this.opening ??= this.openOnce();
    return this.opening;
  }

  /**
   * Joins the room and publishes: the microphone the member's click asked for, or one captured now while the
   * session opens.
   */
  connect(): Promise<void> {
    this.connecting ??= this.connectOnce();
    return this.connecting;
  }

  private async connectOnce(): Promise<void> {
    if (!webrtcSupported()) return this.fail(T.callNoWebrtc);
    this.microphone =
      takeEarlyMicrophone() ??
      navigator.mediaDevices
        .getUserMedia({ audio: this.microphoneConstraints() })
        .then((stream) => stream.getAudioTracks()[0] ?? null)
        // A refusal is met again by the publish's own capture, which alerts as it always did.
        .catch(() => null);
    if (!(await this.open()) || !this.publisher) return;
    this.join();
    // The offer needs no answer from the join: made while it goes, it is sent as soon as the room admits me.
    const jsep = this.publishOffer(this.publisher);
    this.offer = { handle: this.publisher, jsep };
    this.roomEvents = jsep.then(() => undefined);
  }

  private async openOnce(): Promise<boolean> {
    if (!webrtcSupported()) {
      this.fail(T.callNoWebrtc);
      return false;
    }
    await initJanus();
    try {
      this.janus = await openSession(this.options.url, this.options.iceServers, () =>
        this.fail(T.callLostConnection),
      );
    } catch {
      this.fail(T.callNoServer);
      return false;
    }
    if (this.state.status === 'closed') {
      this.janus.destroy({});
      return false;
    }
    await this.attachPublisher();
    // Left while the handle attached: leave() destroyed the session with it.
    return (this.state.status as RoomStatus) !== 'closed';
  }

  /** The video toggle sends my camera in the video slot, or nothing (no renegotiation: see VideoSlot). */
  async setVideo(on: boolean): Promise<void> {
    if (!this.state.published || on === this.state.videoOn) return;
    try {
      await this.video.send(on ? await this.camera() : null);
      this.update({ videoOn: on, sharing: false });
    } catch (error) {
      this.mediaFailed(error, 'camera', T.callNoWebcam);
    }
  }

  /** The member's retry after a camera or microphone failed: the capture is asked for again. */
  retryMedia(): void {
    const device = this.failedCapture.take();
    this.update({ alert: null });
    if (device === 'camera') void this.setVideo(true);
    else if (device === 'microphone' && !this.state.published) void this.publish();
  }

  setMuted(muted: boolean): void {
    if (!this.publisher) return;
    if (muted) this.publisher.muteAudio();
    else this.publisher.unmuteAudio();
    this.update({ muted });
  }

  /** Screen share takes the video's place in the slot; stopping it goes back to the camera. */
  async setSharing(on: boolean): Promise<void> {
    if (!this.state.published) return;
    try {
      const track = on
        ? (await navigator.mediaDevices.getDisplayMedia({ video: true })).getVideoTracks()[0]
        : await this.camera();
      await this.video.send(track);
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
    if (devices.microphone) {
      handle.replaceTracks({
        tracks: [{ type: 'audio', capture: { deviceId: { exact: devices.microphone } } }],
        error: () => this.update({ alert: T.callWebrtcError }),
      });
    }
    if (devices.camera && this.state.videoOn && !this.state.sharing) {
      this.camera()
        .then((track) => this.video.send(track))
        .catch((error) => this.mediaFailed(error, 'camera', T.callNoWebcam));
    }
  }

  /** Leaves the room and closes the session; nothing reconnects afterwards. */
  leave(): void {
    if (this.state.status === 'closed') return;
    this.update({ status: 'closed' });
    this.watch.stop();
    for (const timer of this.timers) clearTimeout(timer);
    this.publisher?.send({ message: { request: 'leave' } });
    // Closing the handles' peer connections too: left open, each lingers until its ICE times out.
    this.janus?.destroy({ cleanupHandles: true });
    this.video.stop();
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

  private async camera(): Promise<MediaStreamTrack> {
    const { width, height, maxFps } = CALL_MEDIA.video;
    const stream = await navigator.mediaDevices.getUserMedia({
      video: {
        width: { ideal: width },
        height: { ideal: height },
        frameRate: { max: maxFps },
        ...(this.devices.camera ? { deviceId: { exact: this.devices.camera } } : {}),
      },
    });
    return stream.getVideoTracks()[0];
  }

  private later(ms: number, run: () => void) {
    if (this.state.status === 'closed') return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.state.status !== 'closed') run();
    }, ms);
    this.timers.add(timer);
  }

  /** Resolves once a publisher handle is attached, after as many retries as that takes. */
  private attachPublisher(): Promise<void> {
    return new Promise((resolve) => {
      this.janus?.attach({
        plugin: VIDEOROOM,
        success: (handle) => {
          this.publisher = handle;
          resolve();
        },
        error: () => {
          this.update({ alert: T.callAttachError });
          this.later(CALL_MEDIA.attachRetryMs, () => void this.attachPublisher().then(resolve));
        },
        ...this.publisherCallbacks(),
      });
    });
  }

  private join(): void {
    if (this.state.status === 'closed') return;
    const { roomId, pin, myId, display } = this.options;
    this.publisher?.send({
      message: { request: 'join', ptype: 'publisher', room: roomId, pin, id: myId, display },
    });
  }

  private publisherCallbacks(): Partial<JanusJS.PluginOptions> {
    return {
      onmessage: (message, jsep) => this.onPublisherMessage(message, jsep),
      onlocaltrack: (track, on) => this.onLocalTrack(track, on),
      webrtcState: (up) => {
        this.update({ published: up });
        if (!up) return;
        this.watch.start();
        // Janus ramps a new publisher's bitrate up over its first video packets (a quarter, a third, a half),
        // which paced the first keyframe out slowly; the bitrate set again once media is up ends that ramp
        // (decision 0068).
        this.configure({ bitrate: this.watch.currentBitrate });
      },
      iceState: (state) => {
        if (state === 'failed' || state === 'disconnected') this.reattachPublisher();
      },
    };
  }

  /** ICE failed or disconnected: detach, then attach again after 1 s (docs/product/calls-and-lessons.md#call-screen). */
  private reattachPublisher(): void {
    const handle = this.publisher;
    this.publisher = null;
    this.update({ published: false });
    this.video.detached();
    handle?.detach({});
    this.later(CALL_MEDIA.iceReattachMs, () => void this.attachPublisher().then(() => this.join()));
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
    const publishers = Array.isArray(message.publishers) ? (message.publishers as Publisher[]) : [];
    const gone = [message.leaving, message.unpublished].filter((id): id is number => typeof id === 'number');
    if (publishers.length === 0 && gone.length === 0) return;
    // In their order, once my publish offer is made: the browser negotiates one peer connection at a time, and
    // the others can subscribe to me only once my publish is up, so it goes first.
    this.roomEvents = this.roomEvents.then(() => {
      this.subscriptions.follow(publishers);
      for (const id of gone) this.subscriptions.unsubscribe(id);
    });
  }

  /** Publishes once joined, with the offer made while the join went (or one made now, after a reattach). */
  private async publish(): Promise<void> {
    const handle = this.publisher;
    if (!handle) return;
    const offer = this.offer?.handle === handle ? this.offer.jsep : this.publishOffer(handle);
    this.offer = null;
    const jsep = await offer;
    if (!jsep || this.publisher !== handle) return;
    handle.send({ message: { request: 'publish', bitrate: this.watch.currentBitrate }, jsep });
    if (this.state.muted) handle.muteAudio();
  }

  /** Audio on and the video slot empty at start; after a reattach, the slot resumes what I was sending. */
  private async publishOffer(handle: JanusJS.PluginHandle): Promise<JanusJS.JSEP | null> {
    const tracks: JanusJS.TrackOption[] = [
      { type: 'audio', capture: (await this.takeMicrophone()) ?? this.microphoneConstraints(), recv: false },
      this.video.offerTrack(),
    ];
    try {
      const jsep = await offerFrom(handle, tracks);
      await this.video.offered(handle);
      return jsep;
    } catch (error) {
      this.mediaFailed(error, 'microphone', T.callWebrtcError);
      return null;
    }
  }

  /** Says which device failed and why (none, blocked, in use); the call goes on without it. */
  private mediaFailed(error: unknown, device: MediaDevice, otherwise: string): void {
    this.update({ alert: this.failedCapture.alertFor(error, device, otherwise) });
  }

  private configure(fields: Record<string, unknown>): void {
    this.publisher?.send({ message: { request: 'configure', ...fields } });
  }

  private onLocalTrack(track: MediaStreamTrack, on: boolean): void {
    if (this.video.isPlaceholder(track)) return;
    if (on) this.localTracks.set(track.id, track);
    else this.localTracks.delete(track.id);
    const video = [...this.localTracks.values()].filter((t) => t.kind === 'video' && t.readyState === 'live');
    this.update({ local: video.length > 0 ? new MediaStream(video) : null });
  }

  private fail(alert: string): void {
    if (this.state.status === 'closed') return;
    this.update({ status: 'failed', alert });
  }

  private update(change: Partial<RoomSnapshot>): void {
    this.state = { ...this.state, ...change };
    this.onChange(this.state);
  }
}
