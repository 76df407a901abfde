import { describe, expect, it } from 'vitest';
import { ConnectionIndex } from './connection-index';

const a = { name: 'a' };
const b = { name: 'b' };
const c = { name: 'c' };

function connectionsOf(index: ConnectionIndex<number, { name: string }>, key: number): string[] {
  const names: string[] = [];
  index.each(key, (connection) => names.push(connection.name));
  return names;
}

describe('ConnectionIndex', () => {
  it('holds one connection, then several, then one again, under one key', () => {
    const index = new ConnectionIndex<number, { name: string }>();
    index.add(1, a);
    index.add(1, a);
    expect(connectionsOf(index, 1)).toEqual(['a']);
    index.add(1, b);
    index.add(1, c);
    expect(connectionsOf(index, 1)).toEqual(['a', 'b', 'c']);
    expect(index.size()).toBe(3);
    index.remove(1, a);
    index.remove(1, c);
    expect(connectionsOf(index, 1)).toEqual(['b']);
    index.remove(1, a);
    expect(connectionsOf(index, 1)).toEqual(['b']);
    index.remove(1, b);
    expect(index.has(1)).toBe(false);
    expect(index.keys()).toEqual([]);
  });

  it('takes a key out with its connections, and keeps the other keys', () => {
    const index = new ConnectionIndex<number, { name: string }>();
    index.add(1, a);
    index.add(1, b);
    index.add(2, c);
    expect(index.take(1)).toEqual([a, b]);
    expect(index.take(1)).toEqual([]);
    expect(index.all()).toEqual([c]);
    expect(index.size()).toBe(1);
  });
});
