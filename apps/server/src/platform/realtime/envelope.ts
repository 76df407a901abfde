import type { CommittedEvent } from '../tx';
import type { BusMessage } from './bus';

/** One recipient's envelope, ready to write: the same bytes go to each of that recipient's sockets. */
export interface Frame {
  seq: number;
  bytes: Buffer;
}

/** Loose on type and subtype: rows read back from the events table carry them as plain text. */
interface EnvelopeBody {
  type: string;
  subtype: string | null;
  ts: string;
  data: unknown;
}

/** The envelope without its leading `{"id":n,`; only `id` differs between recipients of one change. */
export function sharedRest(event: EnvelopeBody): string {
  return JSON.stringify({ type: event.type, subtype: event.subtype, ts: event.ts, data: event.data }).slice(
    1,
  );
}

export function frameFor(seq: number, rest: string): Frame {
  return { seq, bytes: Buffer.from(`{"id":${seq},${rest}`) };
}

function sameChange(a: CommittedEvent, b: CommittedEvent): boolean {
  return a.data === b.data && a.type === b.type && a.subtype === b.subtype && a.ts === b.ts;
}

/**
 * One bus message per change. Rows written by one emit share their payload object and are serialised once;
 * rows read back from the database (the sweeper) merge when their serialisation is identical.
 */
export function busMessagesFor(rows: readonly CommittedEvent[]): BusMessage[] {
  const byRest = new Map<string, BusMessage>();
  let previous: CommittedEvent | undefined;
  let previousRest = '';
  for (const row of rows) {
    const rest = previous && sameChange(previous, row) ? previousRest : sharedRest(row);
    previous = row;
    previousRest = rest;
    let message = byRest.get(rest);
    if (!message) {
      message = { recipients: [], rest };
      byRest.set(rest, message);
    }
    message.recipients.push({ userId: row.recipientId, seq: row.seq });
  }
  return [...byRest.values()];
}
