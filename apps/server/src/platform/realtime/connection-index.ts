/**
 * Connections by a key (a member, a session, a channel). Most keys have one connection (one tab, one
 * device), so a key holds that connection itself and becomes a set only at a second one: an empty `Set`
 * costs about 250 bytes of table, which at 10000 sockets and two indexes was a tenth of a socket's memory
 * (decision 0063).
 */
export class ConnectionIndex<K, C extends object> {
  private readonly byKey = new Map<K, C | Set<C>>();

  add(key: K, connection: C): void {
    const held = this.byKey.get(key);
    if (held === undefined) this.byKey.set(key, connection);
    else if (held instanceof Set) held.add(connection);
    else if (held !== connection) this.byKey.set(key, new Set([held, connection]));
  }

  remove(key: K, connection: C): void {
    const held = this.byKey.get(key);
    if (held === connection) this.byKey.delete(key);
    else if (held instanceof Set) {
      held.delete(connection);
      if (held.size === 1) this.byKey.set(key, held.values().next().value as C);
    }
  }

  has(key: K): boolean {
    return this.byKey.has(key);
  }

  /** Runs `visit` on each of the key's connections (none for an unknown key). */
  each(key: K, visit: (connection: C) => void): void {
    const held = this.byKey.get(key);
    if (held instanceof Set) for (const connection of held) visit(connection);
    else if (held !== undefined) visit(held);
  }

  /** Takes the key's connections out of the index and returns them. */
  take(key: K): C[] {
    const taken: C[] = [];
    this.each(key, (connection) => taken.push(connection));
    this.byKey.delete(key);
    return taken;
  }

  keys(): K[] {
    return [...this.byKey.keys()];
  }

  all(): C[] {
    const all: C[] = [];
    for (const key of this.byKey.keys()) this.each(key, (connection) => all.push(connection));
    return all;
  }

  size(): number {
    let count = 0;
    for (const held of this.byKey.values()) count += held instanceof Set ? held.size : 1;
    return count;
  }

  clear(): void {
    this.byKey.clear();
  }
}
