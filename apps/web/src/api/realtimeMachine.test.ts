import { UI_TIMINGS } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import {
  BACKOFF,
  backoffDelay,
  checkSocket,
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

  it('counts what a resumed socket sends before its pong as replays, and nothing on a first connection', () => {
    let state = realtimeTransition(initialRealtimeState, { type: 'opened' });
    expect(state.catchingUp).toBe(false);
    state = realtimeTransition(realtimeTransition(state, { type: 'lost' }), { type: 'retry' });
    state = realtimeTransition(state, { type: 'opened' });
    expect(state.catchingUp).toBe(true);
    state = realtimeTransition(state, { type: 'caughtUp' });
    expect(state).toMatchObject({ status: 'live', catchingUp: false });
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

  it('keeps each channel position moving forward, and forgets a channel left', () => {
    let state = realtimeTransition(initialRealtimeState, {
      type: 'positions',
      personal: 0,
      channels: { '3': 10, '4': 2 },
    });
    state = realtimeTransition(state, { type: 'seenOnChannel', channel: 3, id: 12 });
    state = realtimeTransition(state, { type: 'positions', personal: 0, channels: { '3': 10 } });
    expect(state.channels).toEqual({ '3': 12, '4': 2 });
    state = realtimeTransition(state, { type: 'left', channel: 4 });
    expect(state.channels).toEqual({ '3': 12 });
  });

  it('takes the personal position the server announces, so a socket that saw no event can still resume', () => {
    let state = realtimeTransition(initialRealtimeState, { type: 'positions', personal: 40, channels: {} });
    expect(state.lastId).toBe(40);
    state = realtimeTransition(state, { type: 'seen', id: 41 });
    state = realtimeTransition(state, { type: 'positions', personal: 40, channels: {} });
    expect(state.lastId).toBe(41);
  });

  it("drops the positions held on RESYNC, so the server's next ones count even when lower", () => {
    let state = realtimeTransition(initialRealtimeState, {
      type: 'positions',
      personal: 90,
      channels: { '3': 50 },
    });
    state = realtimeTransition(state, { type: 'resync' });
    state = realtimeTransition(state, { type: 'positions', personal: 2, channels: { '3': 1 } });
    expect(state).toMatchObject({ lastId: 2, channels: { '3': 1 } });
  });
});

describe('socket check', () => {
  const { realtimeStatusCheckMs: checkMs, realtimePongTimeoutMs: pongMs } = UI_TIMINGS;

  it('pings a socket that heard nothing since the last check, and leaves a busy one alone', () => {
    expect(checkSocket({ pingSentAt: null, heardAt: 1000 }, 1000 + checkMs)).toBe('ping');
    expect(checkSocket({ pingSentAt: null, heardAt: 1000 }, 1000 + checkMs - 1)).toBe('wait');
  });

  it('replaces a socket whose ping went unanswered for the pong bound', () => {
    expect(checkSocket({ pingSentAt: 5000, heardAt: 1000 }, 5000 + pongMs - 1)).toBe('wait');
    expect(checkSocket({ pingSentAt: 5000, heardAt: 1000 }, 5000 + pongMs)).toBe('reconnect');
  });

  it('keeps a catching-up socket whose pong waits while its replay keeps arriving', () => {
    expect(checkSocket({ pingSentAt: 5000, heardAt: 5000 + pongMs }, 5000 + pongMs + 1)).toBe('wait');
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

  it('carries the position on each channel with a resume', () => {
    expect(socketUrl('ws://h/api/ws?token=t', 42, { '3': 12, '9': 0 })).toBe(
      'ws://h/api/ws?token=t&since=42&ch=3%3A12%2C9%3A0',
    );
    expect(socketUrl('ws://h/api/ws?token=t', null, { '3': 12 })).toBe('ws://h/api/ws?token=t');
  });

  it('carries the watched channels on every attempt, none watched as an empty list', () => {
    expect(socketUrl('ws://h/api/ws?token=t', null, {}, [3, 9])).toBe('ws://h/api/ws?token=t&w=3%2C9');
    expect(socketUrl('ws://h/api/ws?token=t', 42, { '3': 12 }, [])).toBe(
      'ws://h/api/ws?token=t&since=42&ch=3%3A12&w=',
    );
  });
});
