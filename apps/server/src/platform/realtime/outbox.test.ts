import { EVENT_RETENTION_MS, EventSubtype, EventType } from '@orbit/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { events, sessions, unpublishedChannelEvents, wsTickets } from '../../db/schema';
import { communityFixtures } from '../../test/communities';
import { createTestApp, signUp, type TestContext } from '../../test/harness';
import { emit, personalBatch, stillUnpublished } from '../../test/realtime';
import { inTransaction } from '../tx';
import { MemoryBus, type PersonalMessage } from './bus';
import { busMessagesFor, frameFor } from './envelope';
import { deleteExpired, publishStranded, STRANDED_AFTER_MS } from './outbox';
import { idsOf, markPublished, PublishedMarks } from './published-marks';
import { issueTicket } from './tickets';

let ctx: TestContext;

beforeAll(async () => {
  // A sweep interval longer than any test: these tests call the sweep themselves.
  ctx = await createTestApp({ outboxSweepMs: 3_600_000 });
});

async function listening(): Promise<{ bus: MemoryBus; heard: PersonalMessage[] }> {
  const bus = new MemoryBus();
  const heard: PersonalMessage[] = [];
  await bus.subscribe((message) => {
    if (message.kind === 'personal') heard.push(message);
  });
  return { bus, heard };
}

describe('envelope', () => {
  it('serialises one change once and splices each recipient id in', async () => {
    const [a, b] = [await signUp(ctx.app), await signUp(ctx.app)];
    const rows = await emit(ctx.deps, [a.userId, b.userId], { user_id: 42 }, { lost: true });
    const messages = busMessagesFor(personalBatch(rows)) as PersonalMessage[];
    expect(messages).toHaveLength(1);
    expect(messages[0].recipients.map((r) => r.userId)).toEqual([a.userId, b.userId].sort((x, y) => x - y));
    const frame = frameFor(812, messages[0].rest);
    expect(JSON.parse(String(frame.bytes))).toEqual({
      id: 812,
      type: 'FRIEND_REQUEST',
      subtype: 'REJECT',
      ts: rows[0].ts,
      data: { user_id: 42 },
    });
  });

  it('keeps separate changes apart', async () => {
    const user = await signUp(ctx.app);
    const first = await emit(ctx.deps, [user.userId], { user_id: 1 }, { lost: true });
    const second = await emit(ctx.deps, [user.userId], { user_id: 2 }, { lost: true });
    expect(busMessagesFor(personalBatch([...first, ...second]))).toHaveLength(2);
  });
});

describe('outbox sweep', () => {
  it('publishes committed events that never reached the bus, once, but not those still on their way', async () => {
    const user = await signUp(ctx.app);
    const [row] = await emit(ctx.deps, [user.userId], { user_id: 1 }, { lost: true });
    const { bus, heard } = await listening();
    // Only this member's rows: on a loaded machine an earlier test's may already count as stranded.
    const heardByUser = () => heard.filter((m) => m.recipients.some((r) => r.userId === user.userId));

    await publishStranded(ctx.deps.db, bus);
    expect(heardByUser()).toEqual([]);

    const later = Date.now() + STRANDED_AFTER_MS + 1_000;
    // Two instances sweeping at once: the row goes out once.
    await Promise.all([publishStranded(ctx.deps.db, bus, later), publishStranded(ctx.deps.db, bus, later)]);
    const mine = heardByUser();
    expect(mine).toHaveLength(1);
    expect(mine[0].recipients).toEqual([{ userId: user.userId, seq: row.seq }]);
    expect(await stillUnpublished(ctx.deps.db, [row.eventId])).toEqual([]);

    await publishStranded(ctx.deps.db, bus, later);
    expect(heardByUser()).toHaveLength(1);
  });

  it('deletes events past the retention and tickets past their minute', async () => {
    const user = await signUp(ctx.app);
    // Never published: a publish's mark, written a moment later, would hold the row and the sweep skip it.
    const [old] = await emit(ctx.deps, [user.userId], { user_id: 1 }, { lost: true });
    const [recent] = await emit(ctx.deps, [user.userId], { user_id: 2 }, { lost: true });
    await ctx.deps.db
      .update(events)
      .set({ createdAt: new Date(Date.now() - EVENT_RETENTION_MS - 60_000) })
      .where(eq(events.id, old.eventId));
    const session = { userId: user.userId, sessionId: await sessionIdOf(user.userId) };
    await issueTicket(ctx.deps.db, session, Date.now() - 120_000);
    await issueTicket(ctx.deps.db, session);

    await deleteExpired(ctx.deps.db);

    const left = await ctx.deps.db.select().from(events).where(eq(events.recipientId, user.userId));
    expect(left.map((e) => e.id)).toEqual([recent.eventId]);
    // The deleted event's id no longer waits for the bus; the recent one's still does.
    expect(await stillUnpublished(ctx.deps.db, [old.eventId, recent.eventId])).toEqual([recent.eventId]);
    const tickets = await ctx.deps.db.select().from(wsTickets).where(eq(wsTickets.userId, user.userId));
    expect(tickets).toHaveLength(1);
    expect(tickets[0].expiresAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('published marks', () => {
  const failOnError = (err: unknown) => {
    throw err;
  };
  const unmarked = (ids: number[]) => stillUnpublished(ctx.deps.db, ids);

  it('writes the marks of several writes together, once the delay has passed', async () => {
    const user = await signUp(ctx.app);
    const first = await emit(ctx.deps, [user.userId], { user_id: 1 }, { lost: true });
    const second = await emit(ctx.deps, [user.userId], { user_id: 2 }, { lost: true });
    const ids = [...first, ...second].map((row) => row.eventId);
    const marks = new PublishedMarks(ctx.deps.db, failOnError);

    marks.add(idsOf(personalBatch(first)));
    marks.add(idsOf(personalBatch(second)));
    expect(marks.pending).toBe(2);
    expect(await unmarked(ids)).toHaveLength(2);

    await vi.waitFor(async () => expect(await unmarked(ids)).toEqual([]), { timeout: 5_000 });
    expect(marks.pending).toBe(0);
  });

  it('flushes what waits at once, personal and channel rows in one statement', async () => {
    const expert = await signUp(ctx.app);
    const communityId = await communityFixtures(ctx).community(expert);
    const { personal, channel } = await inTransaction(
      { db: ctx.deps.db, publisher: { publishCommitted() {} } },
      async (work) => {
        await work.emit([expert.userId], EventType.FRIEND_REQUEST, EventSubtype.REJECT, { user_id: 3 });
        work.emitToCommunity(communityId, EventType.FRIEND_REQUEST, EventSubtype.REJECT, [
          { ids: [expert.userId], data: { user_id: 3 } },
        ]);
        return { personal: work.pending, channel: work.pendingChannel };
      },
    );
    const marks = new PublishedMarks(ctx.deps.db, failOnError);
    marks.add(idsOf({ personal, channel }));
    await marks.flush();

    expect(await unmarked(personal.map((row) => row.eventId))).toEqual([]);
    const channelIds = channel.map((row) => row.eventId);
    expect(channelIds).toHaveLength(1);
    expect(await stillUnpublished(ctx.deps.db, channelIds, unpublishedChannelEvents)).toEqual([]);
  });

  it('commits a mark without waiting for the disk, a channel mark alone too', async () => {
    const user = await signUp(ctx.app);
    const communityId = await communityFixtures(ctx).community(user);
    const { channel } = await inTransaction(
      { db: ctx.deps.db, publisher: { publishCommitted() {} } },
      async (work) => {
        work.emitToCommunity(communityId, EventType.FRIEND_REQUEST, EventSubtype.REJECT, [
          { ids: [user.userId], data: { user_id: 3 } },
        ]);
        return { channel: work.pendingChannel };
      },
    );
    const setting = await ctx.deps.db.transaction(async (tx) => {
      await markPublished(tx, { personal: [], channel: channel.map((row) => row.eventId) });
      const result = await tx.execute(sql`SELECT current_setting('synchronous_commit') AS value`);
      return (result as unknown as { rows: { value: string }[] }).rows[0].value;
    });
    expect(setting).toBe('off');
    expect(
      await stillUnpublished(
        ctx.deps.db,
        channel.map((row) => row.eventId),
        unpublishedChannelEvents,
      ),
    ).toEqual([]);
  });

  it('marks rows whose ids are past 32 bits (the outbox ids are bigserial)', async () => {
    const user = await signUp(ctx.app);
    const [row] = await ctx.deps.db
      .insert(events)
      .values({
        id: 2 ** 32 + user.userId,
        recipientId: user.userId,
        seq: 1_000_000,
        type: 'FRIEND_REQUEST',
        data: {},
      })
      .returning({ id: events.id });
    const marks = new PublishedMarks(ctx.deps.db, failOnError);
    marks.add({ personal: [row.id], channel: [] });
    await marks.flush();
    expect(await unmarked([row.id])).toEqual([]);
  });
});

async function sessionIdOf(userId: number): Promise<number> {
  const [row] = await ctx.deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(1);
  return row.id;
}
