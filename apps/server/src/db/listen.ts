import pg from 'pg';

/** What a listening connection tells its owner. */
export interface ListenHandlers {
  /** A notification's payload on the channel. */
  message(payload: string): void;
  /** Listening (again): notifications from now on reach `message`. */
  up(): void;
  /** The connection is lost or could not be opened: notifications sent meanwhile are lost. */
  down(err: Error): void;
}

/** Waits before opening the connection again, by failures in a row: quick after one drop, calm in an outage. */
const RETRY_MS = [100, 500, 1_000, 2_000, 5_000];

/**
 * One PostgreSQL connection of its own that LISTENs on every channel asked of it (identifiers Orbit names,
 * never input), opened at the first and again whenever it drops, until the last listener stops. Outside the
 * pool: a LISTEN holds its connection for the process's life, and one connection serves every channel, so an
 * instance holds one whatever hears through it (the ended sessions, decision 0064; the activity sessions
 * changed, 0075).
 */
export class SharedListener {
  private readonly listeners = new Map<string, Set<ListenHandlers>>();
  private current: pg.Client | null = null;
  /** The channels the current connection LISTENs on: their listeners have been told `up`. */
  private listened = new Set<string>();
  /** The current connection is open and its LISTENs are being sent (one loop at a time). */
  private connected = false;
  private looping = false;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly url: string) {}

  /** Listens on `channel` until the returned function is called. */
  listen(channel: string, handlers: ListenHandlers): () => Promise<void> {
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(channel, listeners);
    }
    listeners.add(handlers);
    const client = this.current;
    if (!client && !this.retry) void this.open();
    else if (client && this.listened.has(channel)) handlers.up();
    else if (client && this.connected) void this.listenAll(client).catch((err) => this.lost(client, err));
    return async () => this.stop(channel, handlers);
  }

  private async stop(channel: string, handlers: ListenHandlers): Promise<void> {
    const listeners = this.listeners.get(channel);
    listeners?.delete(handlers);
    if (listeners?.size === 0) this.listeners.delete(channel);
    if (this.listeners.size > 0) return;
    clearTimeout(this.retry);
    this.retry = undefined;
    const client = this.current;
    this.current = null;
    this.connected = false;
    this.listened = new Set();
    await client?.end().catch(() => {});
  }

  private async open(): Promise<void> {
    this.retry = undefined;
    if (this.listeners.size === 0) return;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'orbit-listen',
      // A path cut without a reset is noticed by the kernel's probes, not only at the next write.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.current = client;
    this.connected = false;
    this.listened = new Set();
    client.on('notification', (note) => {
      if (this.current !== client) return;
      for (const handlers of this.listeners.get(note.channel) ?? []) handlers.message(note.payload ?? '');
    });
    // Kept for the client's life: an 'error' with no listener would end the process.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      this.connected = true;
      await this.listenAll(client);
      if (this.current === client) this.failures = 0;
    } catch (err) {
      this.lost(client, err as Error);
    }
  }

  /**
   * LISTENs on every channel asked for and not yet listened to, each in turn, then tells its listeners `up`;
   * a channel asked for meanwhile is taken by the same loop.
   */
  private async listenAll(client: pg.Client): Promise<void> {
    if (this.looping) return;
    this.looping = true;
    try {
      for (;;) {
        const missing = [...this.listeners.keys()].find((channel) => !this.listened.has(channel));
        if (missing === undefined || this.current !== client) return;
        await client.query(`LISTEN ${missing}`);
        if (this.current !== client) return;
        this.listened.add(missing);
        for (const handlers of this.listeners.get(missing) ?? []) handlers.up();
      }
    } finally {
      this.looping = false;
    }
  }

  private lost(client: pg.Client, err: Error): void {
    if (this.current !== client) return;
    this.current = null;
    this.connected = false;
    this.listened = new Set();
    client.end().catch(() => {});
    if (this.listeners.size === 0) return;
    // Every listener hears of the loss, whether or not its channel was listened to yet.
    for (const listeners of this.listeners.values()) for (const handlers of listeners) handlers.down(err);
    this.retry = setTimeout(() => void this.open(), RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)]);
    this.failures += 1;
  }
}
