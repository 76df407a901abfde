import { EventType, type NotificationChange, NotificationType } from '@orbit/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, notifications } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { messagesClient } from '../../test/messages';
import { restNow } from '../../test/quiet';
import { sendQuietDigests } from './digest';

const { app, deps } = await createTestApp();
const { friendsWithThread, sendOk } = messagesClient(app);
const HOUR_MS = 3_600_000;

const notificationsOf = (userId: number) =>
  deps.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
/** The NOTIFICATION NEW events of a member's messages and digests (their friend request's left aside). */
const notificationEvents = async (userId: number) =>
  (
    await deps.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.recipientId, userId), eq(events.type, EventType.NOTIFICATION)))
      .orderBy(asc(events.seq))
  ).filter((e) => (e.data as NotificationChange).notification.type !== NotificationType.FRIEND_STAR);

describe('quiet hours: stored, not pushed, then one digest (decision 0044)', () => {
  it('marks what arrives during quiet hours quiet, and only for the resting member', async () => {
    const { a, b, groupId } = await friendsWithThread();
    await restNow(app, b);
    await sendOk(a, groupId, 'are you up?');
    await sendOk(b, groupId, 'not really');
    expect((await notificationEvents(b.userId)).map((e) => e.data)).toEqual([
      expect.objectContaining({ quiet: true }),
    ]);
    expect((await notificationEvents(a.userId)).map((e) => e.data)).toEqual([
      expect.not.objectContaining({ quiet: true }),
    ]);
  });

  it('sends one digest with the counts once the window has ended, whatever the number of runs', async () => {
    const { a, b, groupId } = await friendsWithThread();
    await restNow(app, b);
    await sendOk(a, groupId, 'one');
    await sendOk(a, groupId, 'two');
    await sendOk(a, groupId, 'three');
    // Within the window nothing is digested yet.
    expect(await sendQuietDigests(deps)).toBe(0);
    const afterWindow = new Date(Date.now() + 2 * HOUR_MS);
    // Two instances at once, then a third run later: one digest in all.
    await Promise.all([sendQuietDigests(deps, afterWindow), sendQuietDigests(deps, afterWindow)]);
    await sendQuietDigests(deps, new Date(afterWindow.getTime() + 60_000));
    const digests = (await notificationsOf(b.userId)).filter((n) => n.type === NotificationType.QUIET_DIGEST);
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({
      title: 'While you rested',
      body: 'While you rested: 3 messages',
      data: { quiet_counts: [{ type: NotificationType.PRIVATE_MESSAGE, count: 3 }] },
    });
    // The digest itself is pushed: the quiet hours are over.
    expect((await notificationEvents(b.userId)).at(-1)?.data).not.toHaveProperty('quiet');
  });

  it('digests nothing for a window with nothing in it, and no window from before quiet hours were set', async () => {
    const { a, b, groupId } = await friendsWithThread();
    await sendOk(a, groupId, 'before the quiet hours');
    await restNow(app, b);
    await sendQuietDigests(deps, new Date(Date.now() + 2 * HOUR_MS));
    expect((await notificationsOf(b.userId)).map((n) => n.type)).not.toContain(NotificationType.QUIET_DIGEST);
  });
});
