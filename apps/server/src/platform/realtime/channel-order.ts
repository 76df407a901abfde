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

  constructor(
    private readonly pass: (message: ChannelMessage) => void,
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
    this.release(channel, Number.POSITIVE_INFINITY);
  }
}
