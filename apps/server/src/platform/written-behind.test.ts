import { describe, expect, it } from 'vitest';
import { WrittenBehind } from './written-behind';

/** A write-behind over a list, whose writes are recorded, and fail while `failing` says so. */
function listBehind(delayMs = 10) {
  const written: number[][] = [];
  const failures: unknown[] = [];
  let failing = false;
  const behind = new WrittenBehind<number[]>({
    empty: () => [],
    size: (batch) => batch.length,
    write: async (batch) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failing) throw new Error('the database is away');
      written.push(batch);
    },
    onFailure: (err) => failures.push(err),
    delayMs,
  });
  const add = (n: number) => behind.add((batch) => batch.push(n));
  return { behind, add, written, failures, fail: (on: boolean) => (failing = on) };
}

describe('changes written behind the requests that made them (decisions 0067 and 0094)', () => {
  it('gathers the changes of a moment into one write, after waiting its delay', async () => {
    const { behind, add, written } = listBehind(20);
    add(1);
    add(2);
    add(3);
    expect(written).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(written).toEqual([[1, 2, 3]]);
    expect(behind.counts).toEqual({ written: 3, failed: 0, writes: 1 });
  });

  it('writes one batch at a time: what came during a write waits for it, then goes together', async () => {
    const { behind, add, written } = listBehind();
    add(1);
    const first = behind.flush();
    add(2);
    add(3);
    expect(behind.unwritten).toEqual([[2, 3], [1]]);
    await first;
    await behind.flush();
    expect(written).toEqual([[1], [2, 3]]);
    expect(behind.pending).toBe(0);
  });

  it('counts and reports a failed write, and writes what comes after it', async () => {
    const { behind, add, written, failures, fail } = listBehind();
    fail(true);
    add(1);
    await behind.flush();
    expect(failures).toHaveLength(1);
    fail(false);
    add(2);
    await behind.flush();
    expect(written).toEqual([[2]]);
    expect(behind.counts).toEqual({ written: 1, failed: 1, writes: 2 });
  });
});
