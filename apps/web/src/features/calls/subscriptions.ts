import { CALL_MEDIA } from '@orbit/contract';
import type Janus from 'janus-gateway';
import { T } from '../../i18n/texts';
import { answerFor, type JanusJS, VIDEOROOM } from './janus';

export interface RemoteFeed {
  id: number;
  display: string;
  stream: MediaStream;
  video: boolean;
}

/** A publisher as the video room announces it (joined, event). */
export interface Publisher {
  id: number;
  display: string;
  streams?: { type: string; mid: string; disabled?: boolean }[];
}

/** Video room error 426: the room does not exist (docs/product/calls-and-lessons.md#call-screen). */
export const NO_SUCH_ROOM = 426;

interface Subscription {
  handle: JanusJS.PluginHandle | null;
  tracks: Map<string, MediaStreamTrack>;
  /** One stream for the feed's whole life: a track added or removed does not reload its video element. */
  stream: MediaStream;
  /** The publisher's enabled streams (mids) this subscription follows; a change is an update, not a new handle. */
  mids: Set<string>;
  display: string;
}

interface SubscribedStream {
  type: string;
  mid: string;
  active?: boolean;
  ready?: boolean;
}

/** What the subscriptions need of their room. */
export interface SubscriptionsHost {
  janus(): Janus | null;
  roomId: number;
  pin: string;
  myId: number;
  /** Runs later unless the room closed first (ICE reattach, attach retry). */
  later(ms: number, run: () => void): void;
  onFeeds(feeds: RemoteFeed[]): void;
  onAlert(alert: string): void;
  onRoomMissing(): void;
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

/** Every other publisher of the room, each subscribed on a handle of its own. */
export class Subscriptions {
  private readonly byFeed = new Map<number, Subscription>();

  constructor(private readonly host: SubscriptionsHost) {}

  /**
   * Subscribes to each new publisher; a publisher whose streams changed is followed on the same handle with
   * the video room's update, so its connection stays up and only the new stream negotiates. (My own video is
   * a slot negotiated with my publish, so the toggle changes no stream: see VideoSlot.)
   */
  follow(publishers: Publisher[]): void {
    for (const publisher of publishers) {
      if (publisher.id === this.host.myId) continue;
      const mids = new Set((publisher.streams ?? []).filter((s) => !s.disabled).map((s) => s.mid));
      const current = this.byFeed.get(publisher.id);
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

  unsubscribe(feedId: number): void {
    const subscription = this.byFeed.get(feedId);
    if (!subscription) return;
    this.byFeed.delete(feedId);
    subscription.handle?.detach({});
    this.publishFeeds();
  }

  private subscribe(feedId: number, display: string, mids: Set<string>): void {
    const subscription: Subscription = {
      handle: null,
      tracks: new Map(),
      stream: new MediaStream(),
      mids,
      display,
    };
    this.byFeed.set(feedId, subscription);
    this.publishFeeds();
    const { roomId, pin } = this.host;
    this.host.janus()?.attach({
      plugin: VIDEOROOM,
      success: (handle) => {
        subscription.handle = handle;
        handle.send({
          message: { request: 'join', ptype: 'subscriber', room: roomId, pin, streams: [{ feed: feedId }] },
        });
      },
      error: () => this.host.later(CALL_MEDIA.attachRetryMs, () => this.resubscribe(feedId, subscription)),
      onmessage: (message, jsep) => this.onMessage(subscription, message, jsep),
      onremotetrack: (track, mid, on) => this.onRemoteTrack(subscription, track, mid, on),
      iceState: (state) => {
        if (state === 'failed' || state === 'disconnected') {
          this.host.later(CALL_MEDIA.iceReattachMs, () => this.resubscribe(feedId, subscription));
        }
      },
    });
  }

  /** The first offer (attached) and each update's (updated) are answered the same way. */
  private onMessage(subscription: Subscription, message: JanusJS.Message, jsep?: JanusJS.JSEP): void {
    if (message.error_code === NO_SUCH_ROOM) this.host.onRoomMissing();
    const handle = subscription.handle;
    if (!jsep || !handle) return;
    answerFor(handle, jsep).then(
      (answer) => {
        handle.send({ message: { request: 'start', room: this.host.roomId }, jsep: answer });
        requestKeyframes(handle, message);
      },
      () => this.host.onAlert(T.callWebrtcError),
    );
  }

  /**
   * janus.js reports a track again when it unmutes: the stream changes only when the track does, but the
   * feed's video shows only while its track is unmuted (frames flow), as the slot is there from the start.
   */
  private onRemoteTrack(subscription: Subscription, track: MediaStreamTrack, mid: string, on: boolean): void {
    const previous = subscription.tracks.get(mid);
    if (previous && (!on || previous !== track)) {
      subscription.stream.removeTrack(previous);
      subscription.tracks.delete(mid);
    }
    if (on && previous !== track) {
      subscription.tracks.set(mid, track);
      subscription.stream.addTrack(track);
    }
    this.publishFeeds();
  }

  private resubscribe(feedId: number, subscription: Subscription): void {
    if (this.byFeed.get(feedId) !== subscription) return;
    this.unsubscribe(feedId);
    this.subscribe(feedId, subscription.display, subscription.mids);
  }

  private publishFeeds(): void {
    this.host.onFeeds(
      [...this.byFeed.entries()].map(([id, s]) => ({
        id,
        display: s.display,
        stream: s.stream,
        video: [...s.tracks.values()].some((t) => t.kind === 'video' && !t.muted),
      })),
    );
  }
}
