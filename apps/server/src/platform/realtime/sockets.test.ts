import { WS_CLOSE } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import type { Connection } from './connection';
import type { Frame } from './envelope';
import { LocalSockets } from './sockets';

/** A socket's end as LocalSockets sees it: what it was given, and whether it was closed. */
function connectionOf(userId: number, write: (frame: Frame) => void) {
  const closed: number[] = [];
  const connection = {
    userId,
    deliver: write,
    close: (code: number) => closed.push(code),
    followedChannels: () => [],
  } as unknown as Connection;
  return { connection, closed };
}

describe('LocalSockets', () => {
  it('reports a live write that threw and closes that socket only; the others get their frame', () => {
    const failures: unknown[] = [];
    const sockets = new LocalSockets((err) => failures.push(err));
    const broken = connectionOf(1, () => {
      throw new Error('frame refused');
    });
    const got: string[] = [];
    const healthy = connectionOf(1, (frame) => got.push(String(frame.bytes)));
    sockets.add(broken.connection);
    sockets.add(healthy.connection);

    sockets.deliver({ kind: 'personal', recipients: [{ userId: 1, seq: 5 }], rest: '"type":"PM"}' });

    expect(failures).toEqual([new Error('frame refused')]);
    expect(broken.closed).toEqual([WS_CLOSE.internal]);
    expect(healthy.closed).toEqual([]);
    expect(got).toEqual(['{"id":5,"type":"PM"}']);
  });
});
