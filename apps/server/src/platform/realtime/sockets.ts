import type { BusMessage } from './bus';
import type { Connection } from './connection';
import { frameFor } from './envelope';

/** This instance's sockets by member: a member may have several (tabs, devices). */
export class LocalSockets {
  private readonly byUser = new Map<number, Set<Connection>>();

  add(connection: Connection): void {
    let set = this.byUser.get(connection.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(connection.userId, set);
    }
    set.add(connection);
  }

  remove(connection: Connection): void {
    const set = this.byUser.get(connection.userId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.byUser.delete(connection.userId);
  }

  /** Fans a bus message out to local sockets: one frame per recipient, the same bytes to each of its sockets. */
  deliver(message: BusMessage): void {
    for (const { userId, seq } of message.recipients) {
      const set = this.byUser.get(userId);
      if (!set) continue;
      const frame = frameFor(seq, message.rest);
      for (const connection of set) connection.deliver(frame);
    }
  }

  /** After the bus lost messages: every socket reads what it missed (Connection.resync). */
  resyncAll(): void {
    for (const set of this.byUser.values()) for (const connection of set) connection.resync();
  }

  closeAll(code: number, reason: string): void {
    for (const set of this.byUser.values()) for (const connection of set) connection.close(code, reason);
    this.byUser.clear();
  }
}
