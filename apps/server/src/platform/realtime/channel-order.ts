import type { Logger } from 'pino';
import type { ChannelMessage } from './bus';

/**
 * How long a channel's change that skipped a sequence waits for it (decision 0081). Two writers of one
 * community commit one after the other, the second waiting on the stream's row lock; their answers reach the
 * server within a fraction of a millisecond, and the second's may be read first.
 */
export const CHANNEL_ORDER_HOLD_MS = 10;

/** What the order kept: changes held for a missing sequence, and those written when it did not come. */
export interface ChannelOrderStats {
  held: number;
  gaveUp: number;
}

/** A hold given up: the channel, the first sequence that never came, and the changes that had waited for it. */
export interface GiveUp {
  communityId: number;
  missing: number;
  held: number;
}

/** Give-ups logged at most once in this time: a slow bus or instance can give up on many holds at once. */
const GIVE_UP_LOG_EVERY_MS = 1000;

/**
 * A log line for a hold given up, at most one a second, each counting the give-ups since the last line (the
 * metric `orbit_channel_order_gave_up_total` counts every one).
 */
export function logGiveUps(
  log: Pick<Logger, 'warn'>,
  now: () => number = Date.now,
): (giveUp: GiveUp) => void {
  let lastAt = Number.NEGATIVE_INFINITY;
  let since = 0;
  return (giveUp) => {
    since += 1;
    if (now() - lastAt < GIVE_UP_LOG_EVERY_MS) return;
    log.warn(
      { ...giveUp, giveUps: since },
      'a channel change never came in time: its sockets read the gap from the table',
    );
    lastAt = now();
    since = 0;
  };
}

interface Waiting {
  /** The channel's last position passed on. */
  last: number;
  /** Changes past `last + 1`, by sequence, until the missing one comes or the hold is up. */
  held: Map<number, ChannelMessage>;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * Puts each community channel's changes back in sequence order before this instance's sockets see them. A
 * socket's cursor reads a skipped sequence from the table (StreamCursor.catchUp): one change read early would
 * otherwise cost a read for every socket of the community, a thousand for the community everyone is in. A
 * change that skipped one waits here once for all of them, at most CHANNEL_ORDER_HOLD_MS; if the missing one
 * does not come (its publish was lost, or another instance's is slow), the held ones go on in order and the
 * cursors read the gap as before, so nothing is lost either way.
 */
export class ChannelOrder {
  private readonly channels = new Map<number, Waiting>();
  private readonly counts: ChannelOrderStats = { held: 0, gaveUp: 0 };

  /** `onGiveUp` hears each hold given up: the sockets then read the gap from the table, so it is worth a log line. */
  constructor(
    private readonly pass: (message: ChannelMessage) => void,
    private readonly onGiveUp: (giveUp: GiveUp) => void = () => undefined,
    private readonly holdMs = CHANNEL_ORDER_HOLD_MS,
  ) {}

  admit(message: ChannelMessage): void {
    const channel = this.channels.get(message.communityId);
    if (!channel || message.seq <= channel.last + 1) {
      this.passOn(message);
      return;
    }
    channel.held.set(message.seq, message);
    this.counts.held += 1;
    channel.timer ??= setTimeout(() => this.giveUp(message.communityId), this.holdMs);
  }

  /** Stops following a channel no local socket follows any more (its position would only go stale). */
  forget(communityId: number): void {
    const channel = this.channels.get(communityId);
    if (!channel) return;
    this.release(channel, Number.POSITIVE_INFINITY);
    this.channels.delete(communityId);
  }

  stats(): ChannelOrderStats {
    return { ...this.counts };
  }

  close(): void {
    for (const channel of this.channels.values()) if (channel.timer) clearTimeout(channel.timer);
    this.channels.clear();
  }

  private passOn(message: ChannelMessage): void {
    let channel = this.channels.get(message.communityId);
    if (!channel) {
      channel = { last: message.seq, held: new Map(), timer: null };
      this.channels.set(message.communityId, channel);
    }
    channel.last = Math.max(channel.last, message.seq);
    this.pass(message);
    this.release(channel, channel.last + 1);
  }

  /** Passes on the held changes that now follow in sequence (all of them, past `upTo`'s gaps, when given up). */
  private release(channel: Waiting, upTo: number): void {
    if (channel.held.size === 0) return;
    for (const seq of [...channel.held.keys()].sort((a, b) => a - b)) {
      if (seq > Math.max(upTo, channel.last + 1)) break;
      const next = channel.held.get(seq) as ChannelMessage;
      channel.held.delete(seq);
      channel.last = Math.max(channel.last, seq);
      this.pass(next);
    }
    if (channel.held.size === 0 && channel.timer) {
      clearTimeout(channel.timer);
      channel.timer = null;
    }
  }

  private giveUp(communityId: number): void {
    const channel = this.channels.get(communityId);
    if (!channel) return;
    channel.timer = null;
    if (channel.held.size === 0) return;
    this.counts.gaveUp += 1;
    const giveUp = { communityId, missing: channel.last + 1, held: channel.held.size };
    this.release(channel, Number.POSITIVE_INFINITY);
    this.onGiveUp(giveUp);
  }
}
