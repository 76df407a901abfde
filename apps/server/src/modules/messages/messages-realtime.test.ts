import { EventSubtype, EventType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/call';
import { createTestApp, signUp } from '../../test/harness';
import { messagesClient } from '../../test/messages';
import { eventOf, listen, TestSocket, wsUrl } from '../../test/realtime';

const ctx = await createTestApp();
const origin = await listen(ctx.app);
const { friendsWithThread, sendOk } = messagesClient(ctx.app);

describe('PM events', () => {
  it('deliver a new, edited and deleted message to the participants and nobody else', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const stranger = await signUp(ctx.app);
    const [reader, senderLaptop, outsider] = await Promise.all(
      [b, a, stranger].map(async (user) => TestSocket.open(await wsUrl(origin, user), origin)),
    );
    await Promise.all([reader, senderLaptop, outsider].map((s) => s.live()));

    const pmId = await sendOk(a, groupId, 'Coffee after the run?');
    const newEvent = await eventOf(reader, EventType.PM, EventSubtype.NEW);
    expect(newEvent).toMatchObject({
      type: EventType.PM,
      subtype: EventSubtype.NEW,
      data: {
        pm_id: pmId,
        group_id: groupId,
        user_id: a.userId,
        message: 'Coffee after the run?',
        state: 'unread',
      },
    });
    // The reader's pending_pms_qty went from 0 to 1.
    expect(await eventOf(reader, EventType.USER_PROFILES, null)).toBeDefined();
    const ownCopy = await eventOf(senderLaptop, EventType.PM, EventSubtype.NEW);
    expect(ownCopy).toMatchObject({ type: EventType.PM, subtype: EventSubtype.NEW, data: { state: 'read' } });

    const params = { group_id: groupId, pm_id: pmId };
    await call(ctx.app, 'editMessage', {
      headers: a.headers,
      params,
      body: { message: 'Tea after the run?' },
    });
    const edited = await eventOf(reader, EventType.PM, EventSubtype.UPDATE);
    expect(edited).toMatchObject({
      subtype: EventSubtype.UPDATE,
      data: { message: 'Tea after the run?', edited: true },
    });
    await call(ctx.app, 'deleteMessage', { headers: a.headers, params });
    const deleted = await eventOf(reader, EventType.PM, EventSubtype.DELETE);
    expect(deleted).toMatchObject({ subtype: EventSubtype.DELETE, data: { group_id: groupId, pm_id: pmId } });

    // A ping answered after all of it: the outsider's socket received nothing.
    await outsider.live();
    expect(outsider.messages).toEqual([]);
    for (const socket of [reader, senderLaptop, outsider]) socket.close();
  });
});
