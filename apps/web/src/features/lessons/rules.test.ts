import { LIMITS, MicButton, MicRequestButton, SessionMicState, SessionState } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import {
  answerRejects,
  clickMic,
  closeMic,
  forceMuted,
  initialMic,
  postCheck,
  queueLabel,
  reopenMic,
  requestAction,
  requestButton,
  roomMode,
} from './rules';

describe('live lesson rules', () => {
  it('shows ENDED as ended, REPLAYREADY as the replay and RUNNING as live', () => {
    expect(roomMode(SessionState.RUNNING)).toBe('live');
    expect(roomMode(SessionState.ENDED)).toBe('ended');
    expect(roomMode(SessionState.REPLAYREADY)).toBe('replay');
  });

  it('moves the REQUEST MIC button ENABLED → REQUESTED → ENABLED, GRANTED → ENABLED, DISABLED without Q&A', () => {
    expect(requestButton(SessionMicState.NONE, true)).toBe(MicRequestButton.ENABLED);
    expect(requestButton(SessionMicState.REQUESTED, true)).toBe(MicRequestButton.REQUESTED);
    expect(requestButton(SessionMicState.GRANTED, true)).toBe(MicRequestButton.GRANTED);
    expect(requestButton(SessionMicState.NONE, false)).toBe(MicRequestButton.DISABLED);
    expect(requestAction(MicRequestButton.ENABLED)).toBe('request');
    expect(requestAction(MicRequestButton.REQUESTED)).toBe('cancel');
    expect(requestAction(MicRequestButton.GRANTED)).toBe('return');
    expect(requestAction(MicRequestButton.DISABLED)).toBeNull();
  });

  it('toggles the mic OPEN ↔ MUTED, and CLOSED restores the state before it', () => {
    const host = initialMic(true);
    expect(host.state).toBe(MicButton.OPEN);
    const muted = clickMic(host);
    expect(muted.state).toBe(MicButton.MUTED);
    const closed = closeMic(muted);
    expect(closed.state).toBe(MicButton.CLOSED);
    expect(clickMic(closed)).toEqual(closed);
    expect(reopenMic(closed).state).toBe(MicButton.MUTED);
    expect(initialMic(false).state).toBe(MicButton.CLOSED);
    expect(reopenMic(initialMic(false)).state).toBe(MicButton.OPEN);
    expect(forceMuted(host).state).toBe(MicButton.MUTED);
  });

  it('labels the grant queue Next:, 2nd:, 3rd: then nth:', () => {
    expect(queueLabel(0).key).toBe('call.queue_next');
    expect(queueLabel(1).key).toBe('call.queue_second');
    expect(queueLabel(2).key).toBe('call.queue_third');
    expect(queueLabel(4)).toEqual({ key: 'call.queue_nth', params: { 0: '5' } });
  });

  it('refuses an empty post and one over 65536 characters after trimming', () => {
    expect(postCheck('   ')).toBe('empty');
    expect(postCheck(` ${'a'.repeat(LIMITS.sessionPost)} `)).toBe('ok');
    expect(postCheck('a'.repeat(LIMITS.sessionPost + 1))).toBe('too_long');
  });

  it('reads a rejected stream from the answer: its m-line has port 0', () => {
    const answer = (videoPort: number) =>
      `v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\nm=video ${videoPort} UDP/TLS/RTP/SAVPF 96\r\n`;
    expect(answerRejects(answer(0), 'video')).toBe(true);
    expect(answerRejects(answer(9), 'video')).toBe(false);
    expect(answerRejects(answer(0), 'audio')).toBe(false);
    expect(answerRejects(undefined, 'video')).toBe(false);
  });
});
