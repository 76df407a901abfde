import type { CommittedBatch } from '../tx';
import type { BusMessage } from './bus';
import { channelStream, personalStream } from './history';

/** What a kept read learns from the bus (decision 0076): where streams move, and whether it hears them all. */
export interface StreamListener {
  /** An event was committed on `stream` at `seq`: what was read before it is no longer current. */
  moved(stream: string, seq: number): void;
  /**
   * Whether every instance's committed events reach this one. Each call starts a new hearing: what was
   * known by an earlier one is not trusted any more, since events may have passed unheard in between.
   */
  hearing(heard: boolean): void;
}

/**
 * The hub's hearing of streams, for the reads kept on this instance: every message the bus brings, from any
 * instance, and this instance's own commits at once (before the writer's answer, so the writer's next read
 * here sees its change whatever the bus's delay).
 */
export class StreamHearing {
  private readonly listeners: StreamListener[] = [];
  private heard = false;

  add(listener: StreamListener): void {
    this.listeners.push(listener);
    listener.hearing(this.heard);
  }

  set(heard: boolean): void {
    this.heard = heard;
    for (const listener of this.listeners) listener.hearing(heard);
  }

  message(message: BusMessage): void {
    if (this.listeners.length === 0) return;
    if (message.kind === 'channel') this.moved(channelStream(message.communityId), message.seq);
    else for (const { userId, seq } of message.recipients) this.moved(personalStream(userId), seq);
  }

  committed(batch: CommittedBatch): void {
    if (this.listeners.length === 0) return;
    for (const { recipientId, seq } of batch.personal) this.moved(personalStream(recipientId), seq);
    for (const { communityId, seq } of batch.channel) this.moved(channelStream(communityId), seq);
  }

  private moved(stream: string, seq: number): void {
    for (const listener of this.listeners) listener.moved(stream, seq);
  }
}
