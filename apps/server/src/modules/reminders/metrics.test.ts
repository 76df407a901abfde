import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reminders } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, EVENTUALLY, signUp, type TestUser } from '../../test/harness';
import { fireDueReminders, ReminderWorker } from './worker';

const METRICS_TOKEN = 'metrics-token-for-the-reminders-0123456789';
// A database of its own: the gauge reads the database's clock, and other files' reminders are due in their past.
const { app, deps } = await createTestApp({ metricsToken: METRICS_TOKEN, reminderIntervalMs: 100 });

const scrape = async () =>
  (await call(app, 'metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
/** The value of one sample (`name` with its labels, as the text format writes them); 0 when absent. */
const sample = (text: string, name: string) =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${name} `))
      ?.split(' ')
      .pop() ?? 0,
  );

/** A member whose mood reminder was due `minutesAgo` and not taken: the workers stood still meanwhile. */
async function overdue(minutesAgo: number): Promise<TestUser> {
  const user = await signUp(app);
  const res = await call(app, 'updateReminders', {
    headers: user.headers,
    body: { mood: { enabled: true, time: '12:00' } },
  });
  expect(res.statusCode, res.body).toBe(200);
  await deps.db
    .update(reminders)
    .set({ nextAt: sql`now() - make_interval(secs => ${minutesAgo * 60})` })
    .where(and(eq(reminders.userId, user.userId), eq(reminders.kind, 'mood')));
  return user;
}

describe('the reminders in the metrics', () => {
  it('shows a reminder overdue until a pass sends it, then counts it sent', async () => {
    expect(await scrape()).toContain('# TYPE orbit_reminders_due gauge');
    expect(sample(await scrape(), 'orbit_reminders_due')).toBe(0);
    // Due half a minute ago: a pass of 20 s may not have come yet, so it is not overdue.
    await overdue(0.5);
    expect(sample(await scrape(), 'orbit_reminders_due')).toBe(0);
    await overdue(5);
    expect(sample(await scrape(), 'orbit_reminders_due')).toBe(1);

    expect(await fireDueReminders(deps, new Date())).toMatchObject({ fired: 2, skipped: 0 });
    const after = await scrape();
    expect(sample(after, 'orbit_reminders_due')).toBe(0);
    expect(sample(after, 'orbit_reminders_sent_total')).toBe(2);
  });

  it('says in the log and the metrics what a pass let go as too late', async () => {
    const lines: { level: string; fields: object; message: string }[] = [];
    const log = {
      info: (fields: object, message: string) => lines.push({ level: 'info', fields, message }),
      warn: (fields: object, message: string) => lines.push({ level: 'warn', fields, message }),
    };
    await overdue(20);
    const worker = new ReminderWorker(deps, log);
    worker.start();
    await expect.poll(() => lines.length, EVENTUALLY).toBe(2);
    await worker.stop();
    expect(lines).toEqual([
      {
        level: 'info',
        fields: { sent: 0, skipped: 1, late: 1 },
        message: 'reminders pass: 0 sent, 1 skipped',
      },
      {
        level: 'warn',
        fields: { sent: 0, skipped: 1, late: 1 },
        message: '1 reminders let go, found over 15 minutes late',
      },
    ]);
    expect(sample(await scrape(), 'orbit_reminders_skipped_total{reason="late"}')).toBe(1);
    expect(sample(await scrape(), 'orbit_reminders_due')).toBe(0);
  });
});
