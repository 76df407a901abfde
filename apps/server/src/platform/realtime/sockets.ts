import { WS_CLOSE } from '@orbit/contract';
import type { BusMessage, ChannelMessage, PersonalMessage } from './bus';
import { ChannelOrder, type ChannelOrderStats, type GiveUp } from './channel-order';
import type { ChannelIndex, Connection } from './connection';
import { ConnectionIndex } from './connection-index';
import { channelBytes, frameFor } from './envelope';

/** This instance's sockets by member (a member may have several: tabs, devices) and by followed channel. */
export class LocalSockets implements ChannelIndex {
  private readonly byUser = new ConnectionIndex<number, Connection>();
  private readonly byChannel = new ConnectionIndex<number, Connection>();
  private readonly order: ChannelOrder;

  /**
   * `onWriteFailure` hears every live write that threw. The socket is closed and its client resumes, so the
   * member loses nothing, which is also why such a bug would otherwise go unseen: it must be loud.
   * `onGiveUp` hears each channel change that never came in time (ChannelOrder).
   */
  constructor(
    private readonly onWriteFailure: (err: unknown) => void,
    onGiveUp?: (giveUp: GiveUp) => void,
  ) {
    this.order = new ChannelOrder((message) => this.deliverChannel(message), onGiveUp);
  }

  add(connection: Connection): void {
    this.byUser.add(connection.userId, connection);
  }

  remove(connection: Connection): void {
    this.byUser.remove(connection.userId, connection);
    for (const communityId of connection.followedChannels()) this.byChannel.remove(communityId, connection);
  }

  follow(connection: Connection, communityId: number): void {
    this.byChannel.add(communityId, connection);
  }

  unfollow(connection: Connection, communityId: number): void {
    this.byChannel.remove(communityId, connection);
  }

  /** A channel's changes reach its sockets in sequence order (ChannelOrder); a member's as they come. */
  deliver(message: BusMessage): void {
    if (message.kind !== 'channel') this.deliverPersonal(message);
    else if (this.byChannel.has(message.communityId)) this.order.admit(message);
    else this.order.forget(message.communityId);
  }

  /** Changes held for a skipped sequence, and holds given up on (decision 0081). */
  orderStats(): ChannelOrderStats {
    return this.order.stats();
  }

  /** One frame per recipient, the same bytes to each of that recipient's sockets. */
  private deliverPersonal(message: PersonalMessage): void {
    for (const { userId, seq } of message.recipients) {
      if (!this.byUser.has(userId)) continue;
      const frame = frameFor(seq, message.rest, message.membership);
      this.byUser.each(userId, (connection) => this.write(connection, () => connection.deliver(frame)));
    }
  }

  /**
   * Every local socket following the channel gets the position: the bytes of its member's group, serialised
   * once per group, or none (it only moves past a change another group sees).
   */
  private deliverChannel(message: ChannelMessage): void {
    const bytesOf = new Map<number, Buffer>();
    for (const group of message.groups) {
      const bytes = channelBytes(message.communityId, message.seq, group.rest);
      for (const id of group.ids) bytesOf.set(id, bytes);
    }
    this.byChannel.each(message.communityId, (connection) => {
      const bytes = bytesOf.get(connection.userId) ?? null;
      this.write(connection, () =>
        connection.deliverChannel(message.communityId, { seq: message.seq, bytes }),
      );
    });
  }

  /** One socket's failure stays its own: the others of the message still get theirs. */
  private write(connection: Connection, deliver: () => void): void {
    try {
      deliver();
    } catch (err) {
      this.onWriteFailure(err);
      connection.close(WS_CLOSE.internal, 'live write failed');
    }
  }

  /** After the bus lost messages: every socket reads what it missed (Connection.resync). */
  resyncAll(): void {
    for (const connection of this.byUser.all()) connection.resync();
  }

  /** Channels followed but not watched, over this instance's sockets (read at a metrics scrape). */
  quietChannels(): number {
    let quiet = 0;
    for (const connection of this.byUser.all()) quiet += connection.quietChannels();
    return quiet;
  }

  /** This instance's open sockets (read at a metrics scrape, not kept on the way). */
  count(): number {
    return this.byUser.size();
  }

  closeAll(code: number, reason: string): void {
    for (const connection of this.byUser.all()) connection.close(code, reason);
    this.byUser.clear();
    this.byChannel.clear();
    this.order.close();
  }
}
