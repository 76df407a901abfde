import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { type HeardMark, HeardStreams, UNHEARD } from './heard-streams';
import type { StreamsAt } from './history';
import type { StreamListener } from './stream-hearing';

export { UNHEARD } from './heard-streams';

export interface HeardReadsOptions<K> {
  /** What is kept, as the log lines name it ("kept leaderboards"). */
  name: string;
  /** The database channels any notification on which makes every kept answer unknown. */
  channels: string[];
  /** An event moved a stream past where the answer `key` read it. */
  evict: (key: K) => void;
  /** Every kept answer is now unknown: what holds them may let them go. */
  forgot?: () => void;
}

/**
 * What a kept read hears (decisions 0077 and 0078): the bus's streams through `HeardStreams`, and database
 * notification channels for what no event announces. A notification, or any change of hearing, starts a new
 * hearing: every answer kept under an earlier one is unknown, and so is every read under way. Kept answers
 * serve only while every channel is listened to and the bus is heard.
 */
export class HeardReads<K> implements StreamListener {
  private readonly streams: HeardStreams<K>;
  private readonly listening = new Set<string>();
  private log: Logger | undefined;
  private said = false;

  constructor(private readonly options: HeardReadsOptions<K>) {
    this.streams = new HeardStreams(options.evict);
  }

  get serving(): boolean {
    return this.listening.size === this.options.channels.length && this.streams.serving;
  }

  /** Whether an answer known current under `heardIn` still is. */
  current(heardIn: number): boolean {
    return this.serving && this.streams.current(heardIn);
  }

  mark(): HeardMark {
    return this.streams.mark();
  }

  /** The hearing under which streams read after `mark` are known current, or UNHEARD (HeardStreams.heardIn). */
  heardIn(mark: HeardMark, streams: StreamsAt): number {
    return this.serving ? this.streams.heardIn(mark, streams) : UNHEARD;
  }

  hold(key: K, streams: StreamsAt): void {
    this.streams.hold(key, streams);
  }

  release(key: K, streams: StreamsAt): void {
    this.streams.release(key, streams);
  }

  /** Every kept answer, and every read under way, is unknown from now on. */
  forget(): void {
    this.streams.hearing(this.streams.serving);
    this.options.forgot?.();
  }

  moved(stream: string, seq: number): void {
    this.streams.moved(stream, seq);
  }

  hearing(heard: boolean): void {
    this.streams.hearing(heard);
    this.options.forgot?.();
    this.sayWhetherServing();
  }

  /** Listens to every channel; answers the function that stops listening. */
  listen(database: Database, log: Logger): () => Promise<void> {
    const listen = database.listen;
    if (!listen) return async () => {};
    this.log = log;
    const stops = this.options.channels.map((channel) =>
      listen(channel, {
        message: () => this.forget(),
        up: () => {
          this.listening.add(channel);
          this.forget();
          this.sayWhetherServing();
        },
        down: (err) => {
          if (this.listening.delete(channel))
            log.warn({ err, channel }, `a channel of ${this.options.name} is lost`);
          this.forget();
          this.sayWhetherServing();
        },
      }),
    );
    return async () => {
      await Promise.all(stops.map((stop) => stop()));
    };
  }

  /** One line when kept answers start serving (every channel and the bus heard), and one when they stop. */
  private sayWhetherServing(): void {
    if (!this.log || this.serving === this.said) return;
    this.said = this.serving;
    if (this.said)
      this.log.info(`hearing the bus and ${this.options.channels.join(', ')}: ${this.options.name} serve`);
    // Info: what stopped them (a channel lost, Redis away) is warned of once where it is watched.
    else this.log.info(`${this.options.name} no longer serve: every one is read`);
  }
}

/**
 * A kept read that hears through its `heard`: the hub tells it of streams and of hearing (it is a
 * StreamListener), and its owner starts its listening.
 */
export abstract class HeardReader<K> implements StreamListener {
  protected abstract readonly heard: HeardReads<K>;

  /** Whether kept answers are served with no statement: all they read is heard. */
  get serving(): boolean {
    return this.heard.serving;
  }

  moved(stream: string, seq: number): void {
    this.heard.moved(stream, seq);
  }

  hearing(heard: boolean): void {
    this.heard.hearing(heard);
  }

  /** Hears every channel; answers the function that stops listening. */
  listen(database: Database, log: Logger): () => Promise<void> {
    return this.heard.listen(database, log);
  }
}
