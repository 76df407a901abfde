import type { Redis } from 'ioredis';
import {
  type Bus,
  BusAway,
  type BusMessage,
  decodeBusMessage,
  decodeSessionsClosed,
  encodeBusMessage,
  encodeSessionsClosed,
  type SessionsClosed,
} from './bus';

/**
 * Redis pub/sub between instances. A connection in subscriber mode cannot publish, hence two connections;
 * the publisher is owned by the caller (it also serves rate limiting), the subscriber by this bus.
 */
export class RedisBus implements Bus {
  /** Subscribed and connected: until then a publish could not reach this instance's own sockets. */
  private listening = false;
  private readonly resumed: (() => void)[] = [];
  private readonly lost: (() => void)[] = [];

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
  ) {}

  async publish(message: BusMessage): Promise<void> {
    await this.send(encodeBusMessage(message));
  }

  async subscribe(handler: (message: BusMessage) => void): Promise<void> {
    this.listen(decodeBusMessage, handler);
    // ioredis 5 writes a SUBSCRIBE issued during its handshake at once, before its ready check; the check's
    // INFO is then refused in subscriber mode, the connection is dropped, and the reconnect does not restore
    // a subscription made before ready (redis/ioredis#2037): the instance would silently hear nothing.
    await whenReady(this.subscriber);
    await this.subscriber.subscribe(this.channel);
    this.listening = true;
    this.subscriber.on('close', () => {
      if (!this.listening) return;
      this.listening = false;
      for (const handler of this.lost) handler();
    });
    this.subscriber.on('ready', () => void this.resubscribe());
  }

  onResumed(handler: () => void): void {
    this.resumed.push(handler);
  }

  onLost(handler: () => void): void {
    this.lost.push(handler);
  }

  /**
   * ioredis resubscribes by itself after a reconnect, but emits 'ready' before Redis has confirmed it; this
   * waits for a confirmed subscription (a second SUBSCRIBE is harmless) before the sockets read what they
   * missed, so that nothing falls between the table read and the first live message.
   */
  private async resubscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
    } catch {
      return; // lost again: the next 'ready' tries again
    }
    this.listening = true;
    for (const handler of this.resumed) handler();
  }

  /**
   * Fails fast while Redis is away rather than queueing in ioredis until its retries run out. A publish that
   * Redis's going away caught mid-flight is the same outage (the health watch reports it), not a new fault.
   */
  private async send(payload: string): Promise<void> {
    if (this.publisher.status !== 'ready' || !this.listening) throw new BusAway();
    try {
      await this.publisher.publish(this.channel, payload);
    } catch (err) {
      if (this.publisher.status !== 'ready') throw new BusAway();
      throw err;
    }
  }

  async publishSessionsClosed(message: SessionsClosed): Promise<void> {
    await this.send(encodeSessionsClosed(message));
  }

  onSessionsClosed(handler: (message: SessionsClosed) => void): void {
    this.listen(decodeSessionsClosed, handler);
  }

  /** Hands the channel's messages of one kind to a handler; each decoder drops the other kinds. */
  private listen<T>(decode: (raw: string) => T | null, handler: (message: T) => void): void {
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      const message = decode(raw);
      if (message) handler(message);
    });
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
  }
}

/** Resolves once the connection has finished its handshake; rejects if it fails or ends first. */
function whenReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  if (redis.status === 'wait' || redis.status === 'end') return redis.connect();
  return new Promise((resolve, reject) => {
    const stopListening = () => redis.off('ready', ready).off('error', failed).off('end', ended);
    const ready = () => {
      stopListening();
      resolve();
    };
    const failed = (err: Error) => {
      stopListening();
      reject(err);
    };
    const ended = () => failed(new Error('Redis connection ended before it was ready'));
    redis.once('ready', ready).once('error', failed).once('end', ended);
  });
}
