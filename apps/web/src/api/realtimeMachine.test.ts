import { describe, expect, it } from 'vitest';
import {
  BACKOFF,
  backoffDelay,
  initialRealtimeState,
  realtimeTransition,
  socketUrl,
} from './realtimeMachine';

describe('realtime state machine', () => {
  it('goes connecting -> live -> offline -> resuming -> live', () => {
    let state = initialRealtimeState;
    expect(state.status).toBe('connecting');
    state = realtimeTransition(state, { type: 'opened' });
    expect(state).toMatchObject({ status: 'live', everLive: true, attempt: 0 });
    state = realtimeTransition(state, { type: 'lost' });
    expect(state).toMatchObject({ status: 'offline', attempt: 1 });
    state = realtimeTransition(state, { type: 'retry' });
    expect(state.status).toBe('resuming');
    state = realtimeTransition(state, { type: 'opened' });
    expect(state).toMatchObject({ status: 'live', attempt: 0 });
  });

  it('retries a first connection as connecting, counting failed attempts', () => {
    let state = realtimeTransition(initialRealtimeState, { type: 'lost' });
    state = realtimeTransition(state, { type: 'retry' });
    expect(state.status).toBe('connecting');
    state = realtimeTransition(state, { type: 'lost' });
    expect(state.attempt).toBe(2);
  });

  it('ignores a second loss while offline and a retry while live', () => {
    const offline = realtimeTransition(initialRealtimeState, { type: 'lost' });
    expect(realtimeTransition(offline, { type: 'lost' })).toBe(offline);
    const live = realtimeTransition(initialRealtimeState, { type: 'opened' });
    expect(realtimeTransition(live, { type: 'retry' })).toBe(live);
  });

  it('remembers the highest event id seen', () => {
    let state = realtimeTransition(initialRealtimeState, { type: 'seen', id: 7 });
    state = realtimeTransition(state, { type: 'seen', id: 5 });
    expect(state.lastId).toBe(7);
    expect(realtimeTransition(state, { type: 'reset' })).toEqual(initialRealtimeState);
  });
});

describe('backoff', () => {
  it('doubles from the base up to the cap, half of it jittered', () => {
    expect(backoffDelay(1, () => 0)).toBe(BACKOFF.baseMs / 2);
    expect(backoffDelay(1, () => 1)).toBe(BACKOFF.baseMs);
    expect(backoffDelay(3, () => 1)).toBe(BACKOFF.baseMs * 4);
    expect(backoffDelay(50, () => 1)).toBe(BACKOFF.maxMs);
    expect(backoffDelay(50, () => 0)).toBe(BACKOFF.maxMs / 2);
  });
});

describe('socket url', () => {
  it('appends since=<last id> on resume only', () => {
    expect(socketUrl('ws://h/api/ws?token=t', null)).toBe('ws://h/api/ws?token=t');
    expect(socketUrl('ws://h/api/ws?token=t', 42)).toBe('ws://h/api/ws?token=t&since=42');
    expect(socketUrl('ws://h/api/ws', 0)).toBe('ws://h/api/ws?since=0');
  });
});
