import { WS_CLOSE } from '@orbit/contract';
import type { BusMessage, ChannelMessage, PersonalMessage } from './bus';
import type { ChannelIndex, Connection } from './connection';
import { channelBytes, frameFor } from './envelope';

function addTo<K>(map: Map<K, Set<Connection>>, key: K, connection: Connection): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(connection);
}

function removeFrom<K>(map: Map<K, Set<Connection>>, key: K, connection: Connection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) map.delete(key);
}

/** This instance's sockets by member (a member may have several: tabs, devices) and by followed channel. */
export class LocalSockets implements ChannelIndex {
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly byChannel = new Map<number, Set<Connection>>();

  /**
   * `onWriteFailure` hears every live write that threw. The socket is closed and its client resumes, so the
   * member loses nothing, which is also why such a bug would otherwise go unseen: it must be loud.
   */
  constructor(private readonly onWriteFailure: (err: unknown) => void) {}

  add(connection: Connection): void {
    addTo(this.byUser, connection.userId, connection);
  }

  remove(connection: Connection): void {
    removeFrom(this.byUser, connection.userId, connection);
    for (const communityId of connection.followedChannels())
      removeFrom(this.byChannel, communityId, connection);
  }

  follow(connection: Connection, communityId: number): void {
    addTo(this.byChannel, communityId, connection);
  }

  unfollow(connection: Connection, communityId: number): void {
    removeFrom(this.byChannel, communityId, connection);
  }

  deliver(message: BusMessage): void {
    if (message.kind === 'channel') this.deliverChannel(message);
    else this.deliverPersonal(message);
  }

  /** One frame per recipient, the same bytes to each of that recipient's sockets. */
  private deliverPersonal(message: PersonalMessage): void {
    for (const { userId, seq } of message.recipients) {
      const set = this.byUser.get(userId);
      if (!set) continue;
      const frame = frameFor(seq, message.rest, message.membership);
      for (const connection of set) this.write(connection, () => connection.deliver(frame));
    }
  }

  /**
   * Every local socket following the channel gets the position: the bytes of its member's group, serialised
   * once per group, or none (it only moves past a change another group sees).
   */
  private deliverChannel(message: ChannelMessage): void {
    const followers = this.byChannel.get(message.communityId);
    if (!followers) return;
    const bytesOf = new Map<number, Buffer>();
    for (const group of message.groups) {
      const bytes = channelBytes(message.communityId, message.seq, group.rest);
      for (const id of group.ids) bytesOf.set(id, bytes);
    }
    for (const connection of followers) {
      const bytes = bytesOf.get(connection.userId) ?? null;
      this.write(connection, () =>
        connection.deliverChannel(message.communityId, { seq: message.seq, bytes }),
      );
    }
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
    for (const set of this.byUser.values()) for (const connection of set) connection.resync();
  }

  /** This instance's open sockets (read at a metrics scrape, not kept on the way). */
  count(): number {
    let sockets = 0;
    for (const set of this.byUser.values()) sockets += set.size;
    return sockets;
  }

  closeAll(code: number, reason: string): void {
    for (const set of this.byUser.values()) for (const connection of set) connection.close(code, reason);
    this.byUser.clear();
    this.byChannel.clear();
  }
}
