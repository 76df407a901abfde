import { EVENT_CATALOGUE, EventSubtype, EventType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test/harness';
import { EventSchemaCheck, eventProblem } from './event-check';
import { inTransaction } from './tx';

const ctx = await createTestApp();

describe('the event catalogue check', () => {
  it('passes a payload of the catalogue and names what is wrong with another', () => {
    expect(eventProblem(EventType.CALL, EventSubtype.END, { call_id: 4 })).toBeNull();
    expect(eventProblem(EventType.CALL, EventSubtype.END, { call: 4 })).toMatch(/^CALL\/END: .*call_id/);
    expect(eventProblem(EventType.USER_PROFILES, null, { user_id: 'me' })).toMatch(/^USER_PROFILES\/null: /);
    expect(eventProblem(EventType.CALL, EventSubtype.SENT, { call_id: 4 })).toBe(
      'CALL/SENT: not in the event catalogue',
    );
  });

  it('tells the kinds of SESSION_ACTIVITY apart by their tag', () => {
    const kicked = { kind: 'kicked', session_id: 3 };
    expect(eventProblem(EventType.SESSION_ACTIVITY, EventSubtype.DELETE, kicked)).toBeNull();
    expect(eventProblem(EventType.SESSION_ACTIVITY, EventSubtype.NEW, kicked)).not.toBeNull();
    expect(eventProblem(EventType.SESSION_ACTIVITY, EventSubtype.DELETE, { session_id: 3 })).not.toBeNull();
  });

  it('compiles every schema of the catalogue', () => {
    for (const [type, bySubtype] of Object.entries(EVENT_CATALOGUE)) {
      for (const key of Object.keys(bySubtype)) {
        expect(
          eventProblem(type, key === 'null' ? null : key, 'not an object'),
          `${type}/${key}`,
        ).not.toBeNull();
      }
    }
  });

  it('catches a wrong payload where a unit of work emits it, with the place that emitted it', async () => {
    const member = await signUp(ctx.app);
    const check = new EventSchemaCheck();
    const publisher = { publishCommitted() {}, checkEmit: check.check };
    await inTransaction({ db: ctx.deps.db, publisher }, async (work) => {
      await work.emit([member.userId], EventType.CALL, EventSubtype.END, { call_id: 1 });
      // @ts-expect-error: the catalogue types emit; CALL END carries the call id, not a member
      await work.emit([member.userId], EventType.CALL, EventSubtype.END, { user_id: 1 });
    });
    expect(check.violations()).toEqual([
      expect.stringMatching(/^CALL\/END: .*\(emitted at .*event-check\.test\.ts/),
    ]);
  });

  it('is on in every test app, so a file fails on an event that does not match', () => {
    expect(ctx.deps.realtime.checkEmit).toBeTypeOf('function');
  });
});
