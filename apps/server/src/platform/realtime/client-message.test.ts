import { WATCHED_CHANNELS_MAX } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { clientMessage } from './connection';

describe('clientMessage', () => {
  const parse = (value: unknown) => clientMessage(Buffer.from(JSON.stringify(value)));

  it('reads a ping and a watch, the watch without repeats', () => {
    expect(parse({ type: 'ping' })).toEqual({ type: 'ping' });
    expect(parse({ type: 'watch', communities: [3, 1, 3] })).toEqual({ type: 'watch', communities: [3, 1] });
    expect(parse({ type: 'watch', communities: [] })).toEqual({ type: 'watch', communities: [] });
  });

  it('ignores anything else: other types, bad ids, too many, not JSON, not a buffer', () => {
    expect(parse({ type: 'pong' })).toBeNull();
    expect(parse({ type: 'watch', communities: [1.5] })).toBeNull();
    expect(parse({ type: 'watch', communities: [-2] })).toBeNull();
    expect(parse({ type: 'watch', communities: 'all' })).toBeNull();
    const many = Array.from({ length: WATCHED_CHANNELS_MAX + 1 }, (_, n) => n + 1);
    expect(parse({ type: 'watch', communities: many })).toBeNull();
    expect(clientMessage(Buffer.from('{not json'))).toBeNull();
    expect(clientMessage(Buffer.from('null'))).toBeNull();
    expect(clientMessage('{"type":"ping"}')).toBeNull();
  });
});
