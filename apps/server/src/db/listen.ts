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
 * A PostgreSQL connection of its own that LISTENs on `channel` (an identifier Orbit names, never input), and
 * is opened again whenever it drops, until the returned function closes it. Outside the pool: a LISTEN holds
 * its connection for the process's life.
 */
export function listenOn(url: string, channel: string, handlers: ListenHandlers): () => Promise<void> {
  let closed = false;
  let current: pg.Client | null = null;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client, err: Error) => {
    if (current !== client) return;
    current = null;
    client.end().catch(() => {});
    if (closed) return;
    handlers.down(err);
    retry = setTimeout(open, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
    failures += 1;
  };

  const open = async () => {
    if (closed) return;
    const client = new pg.Client({
      connectionString: url,
      application_name: 'orbit-listen',
      // A path cut without a reset is noticed by the kernel's probes, not only at the next write.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    current = client;
    client.on('notification', (note) => {
      if (current === client && note.channel === channel) handlers.message(note.payload ?? '');
    });
    // Kept for the client's life: an 'error' with no listener would end the process.
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (current !== client) return;
      failures = 0;
      handlers.up();
    } catch (err) {
      lost(client, err as Error);
    }
  };

  void open();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
