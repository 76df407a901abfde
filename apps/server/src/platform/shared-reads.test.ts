import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads';

/** A load whose reads finish when the test says, each answering the position it was made at. */
function gatedLoad() {
  const made: string[] = [];
  const gates: (() => void)[] = [];
  const load = (position: string) => {
    made.push(position);
    return new Promise<string>((resolve) => gates.push(() => resolve(`state@${position}`)));
  };
  const finish = async (n: number) => {
    gates[n]();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { made, load, finish };
}

describe('SharedReads', () => {
  it('gives callers asking at the running read’s position or before it that one read', async () => {
    const reads = new SharedReads<number, string>();
    const { made, load, finish } = gatedLoad();
    const answers = Promise.all([
      reads.read(1, '7', load),
      reads.read(1, '7', load),
      reads.read(1, '5', load),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(made).toEqual(['7']);
    await finish(0);
    expect(await answers).toEqual(['state@7', 'state@7', 'state@7']);
    expect(reads.underWay()).toBe(0);
  });

  it('makes callers asking past the running read wait for one next read, at the newest position asked', async () => {
    const reads = new SharedReads<number, string>();
    const { made, load, finish } = gatedLoad();
    const first = reads.read(1, '7', load);
    const later = [reads.read(1, '8', load), reads.read(1, '10', load), reads.read(1, '9', load)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(made).toEqual(['7']);
    expect(reads.underWay()).toBe(2);
    await finish(0);
    expect(await first).toBe('state@7');
    expect(made).toEqual(['7', '10']);
    await finish(1);
    expect(await Promise.all(later)).toEqual(['state@10', 'state@10', 'state@10']);
  });

  it('keeps keys apart', async () => {
    const reads = new SharedReads<number, string>();
    const { made, load, finish } = gatedLoad();
    const answers = Promise.all([reads.read(1, '7', load), reads.read(2, '7', load)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(made).toEqual(['7', '7']);
    await finish(0);
    await finish(1);
    expect(await answers).toEqual(['state@7', 'state@7']);
  });

  it('fails only the callers of a read that failed, and the next read still runs', async () => {
    const reads = new SharedReads<string, string>();
    const made: string[] = [];
    let fail = true;
    const load = async (position: string) => {
      made.push(position);
      await new Promise((resolve) => setImmediate(resolve));
      if (fail) throw new Error('read failed');
      return `state@${position}`;
    };
    const failing = reads.read('k', '3', load);
    const next = reads.read('k', '4', load);
    await expect(failing).rejects.toThrow('read failed');
    fail = false;
    expect(await next).toBe('state@4');
    expect(made).toEqual(['3', '4']);
    expect(await reads.read('k', '5', load)).toBe('state@5');
  });
});
