import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import {
  channelEvents,
  events,
  mailOutbox,
  pushFanouts,
  pushOutbox,
  reminders,
  unpublishedChannelEvents,
  unpublishedEvents,
} from '../../db/schema';
import type { SessionCache } from '../auth/session-cache';
import type { UpkeepCounts } from '../db-upkeep';
import type { Media, OpenRooms } from '../media';
import type { Realtime } from '../realtime';
import type { WrittenBehindCounts } from '../written-behind';
import { HttpMeters, sampled } from './http-meters';
import { within } from './within';

/** A queue counted past this is reported as this: the count stays cheap however far behind things are. */
export const COUNT_CAP = 100_000;
/** A scrape waits this long for the database; past it the gauges keep their last figures. */
const SCRAPE_DEADLINE_MS = 1_000;

export interface MetricsSources {
  database: Database;
  realtime: Pick<Realtime, 'stats' | 'quietChannels'>;
  media: Media;
  /** The session cache's answers and whether it serves (decision 0064). */
  sessions: Pick<SessionCache, 'counts' | 'serving'>;
  openRooms: OpenRooms;
  /** Whether the instance drains (orbit_draining). */
  draining(): boolean;
  /**
   * Reads kept between changes (a home, a history), by name: how often each was served again (hit), and
   * whether it hears every change now (serving: kept answers go out with no statement).
   */
  keptReads: Record<string, { readonly counts: KeptReadCounts; readonly serving: boolean }>;
  /** Writes gathered and written behind the requests that made them (decision 0094), by name. */
  writtenBehind: Record<string, { readonly counts: WrittenBehindCounts }>;
}

/** How often a kept read was served as kept (hit) or computed (miss). */
export interface KeptReadCounts {
  hits: number;
  misses: number;
}

const capped = (query: ReturnType<typeof sql>) =>
  sql`(SELECT count(*) FROM (${query} LIMIT ${COUNT_CAP}) AS capped)`;

/** A reminder still due this long after its time is one the workers have not taken: one pass is 20 s. */
const REMINDER_OVERDUE = sql.raw(`interval '1 minute'`);

/**
 * One statement for every queue: unpublished events (their ids' tables), the oldest one's age,
 * mail and pushes waiting, community pushes not yet expanded into their members' pushes, reminders overdue (through the due index). Each count stops at COUNT_CAP.
 */
const queuesQuery = sql`SELECT
  ${capped(sql`SELECT 1 FROM ${unpublishedEvents}`)}
    + ${capped(sql`SELECT 1 FROM ${unpublishedChannelEvents}`)} AS pending,
  COALESCE(EXTRACT(EPOCH FROM now() - LEAST(
    (SELECT ${events.createdAt} FROM ${unpublishedEvents} JOIN ${events} ON ${events.id} = ${unpublishedEvents.eventId}
      ORDER BY ${unpublishedEvents.eventId} LIMIT 1),
    (SELECT ${channelEvents.createdAt} FROM ${unpublishedChannelEvents}
      JOIN ${channelEvents} ON ${channelEvents.id} = ${unpublishedChannelEvents.eventId}
      ORDER BY ${unpublishedChannelEvents.eventId} LIMIT 1)
  )), 0) AS lag,
  ${capped(sql`SELECT 1 FROM ${mailOutbox} WHERE ${mailOutbox.failedAt} IS NULL`)} AS mail,
  ${capped(sql`SELECT 1 FROM ${pushOutbox}`)} AS push,
  ${capped(sql`SELECT 1 FROM ${pushFanouts}`)} AS fanout,
  ${capped(
    sql`SELECT 1 FROM ${reminders} WHERE ${reminders.nextAt} IS NOT NULL
      AND ${reminders.nextAt} < now() - ${REMINDER_OVERDUE}`,
  )} AS reminders,
  (SELECT COALESCE(sum(n_dead_tup), 0) FROM pg_stat_user_tables) AS dead`;

interface Queues {
  pending: number;
  lag: number;
  mail: number;
  push: number;
  fanout: number;
  reminders: number;
  dead: number;
}

/** What a pass of the reminder worker did (the reminders module's report, read structurally). */
export interface ReminderPass {
  fired: number;
  skips: Partial<Record<string, number>>;
}

/** The reminder workers' counters: reminders sent, and skipped by why (decision 0054). */
export class ReminderMeters {
  private readonly sent: Counter;
  private readonly skipped: Counter;

  constructor(registry: Registry) {
    this.sent = new Counter({
      name: 'orbit_reminders_sent_total',
      help: 'Reminders sent (notification and push queued) by this instance',
      registers: [registry],
    });
    this.skipped = new Counter({
      name: 'orbit_reminders_skipped_total',
      help: 'Reminders due and not sent by this instance, by reason (late: found over 15 minutes late)',
      labelNames: ['reason'],
      registers: [registry],
    });
  }

  counted(pass: ReminderPass): void {
    this.sent.inc(pass.fired);
    for (const [reason, n] of Object.entries(pass.skips)) if (n) this.skipped.inc({ reason }, n);
  }
}

/**
 * The instance's Prometheus metrics (decision 0055), in a registry of its own. Request counts are kept by
 * HttpMeters on the way; everything else is read at the scrape: the hub's counters, the pool's figures, and
 * one statement for the queues, so that measuring costs the requests nothing more.
 */
export class OrbitMetrics {
  readonly registry = new Registry();
  readonly http = new HttpMeters();
  readonly reminders = new ReminderMeters(this.registry);
  private readonly queues: Record<keyof Queues, Gauge>;
  private readonly rooms: Gauge;
  /** The embedded database's WebAssembly heap; none on PostgreSQL. */
  private readonly embeddedHeap: Gauge | null;
  /** The embedded database's upkeep (decision 0083), once the server starts it. */
  private upkeep: UpkeepCounts | null = null;

  constructor(private readonly sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry });
    const gauge = (name: string, help: string, labelNames: string[] = []) =>
      new Gauge({ name, help, labelNames, registers: [this.registry] });
    this.queues = {
      pending: gauge('orbit_outbox_pending', 'Events committed and not yet published on the bus'),
      lag: gauge('orbit_outbox_lag_seconds', 'Age of the oldest event not yet published (0 when none)'),
      mail: gauge('orbit_mail_queue', 'Mails waiting to be sent (given-up ones left out)'),
      push: gauge('orbit_push_queue', 'Web pushes waiting to be sent'),
      fanout: gauge(
        'orbit_push_fanout_pending',
        'Pushes to a community (an expert post) not yet fully expanded into their members’ pushes',
      ),
      reminders: gauge(
        'orbit_reminders_due',
        'Reminders on whose time passed over a minute ago and not yet taken by a worker (stuck workers show)',
      ),
      dead: gauge(
        'orbit_db_dead_rows',
        'Dead rows in the database’s tables waiting for a vacuum (autovacuum, or the embedded upkeep): grows when it stalls',
      ),
    };
    this.rooms = gauge('orbit_janus_rooms_open', 'Media rooms open, by Janus gateway', ['gateway']);
    this.embeddedHeap = sources.database.heapBytes
      ? gauge(
          'orbit_db_embedded_heap_bytes',
          'The embedded database’s WebAssembly heap: its buffer cache and all its Postgres allocated; it never shrinks',
        )
      : null;
    for (const metric of this.sampledMetrics()) this.registry.registerMetric(metric);
  }

  /** The embedded database's upkeep reports from now on (its metrics read nothing before). */
  watchUpkeep(counts: UpkeepCounts): void {
    this.upkeep = counts;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text format, the database's figures read now (or kept from before when it does not answer). */
  async text(): Promise<string> {
    await within(this.readDatabase(), SCRAPE_DEADLINE_MS, undefined);
    return this.registry.metrics();
  }

  private async readDatabase(): Promise<void> {
    const { database, media, openRooms } = this.sources;
    const [result, rooms, heap] = await Promise.all([
      database.db.execute(queuesQuery) as unknown as Promise<{ rows: Record<keyof Queues, unknown>[] }>,
      media.available ? openRooms() : new Map<string, number>(),
      database.heapBytes?.() ?? null,
    ]);
    if (heap !== null) this.embeddedHeap?.set(heap);
    const row = result.rows[0];
    for (const key of Object.keys(this.queues) as (keyof Queues)[]) this.queues[key].set(Number(row[key]));
    this.rooms.reset();
    for (const gateway of media.gateways)
      this.rooms.set({ gateway: gateway.name }, rooms.get(gateway.name) ?? 0);
  }

  /** Empty where no upkeep runs (PostgreSQL, or PGLITE_UPKEEP_SECONDS=0). */
  private upkeepMetrics(): Metric[] {
    const read = (samples: (c: UpkeepCounts) => { value: number; labels: Record<string, string> }[]) => () =>
      this.upkeep ? samples(this.upkeep) : [];
    const one = (value: (c: UpkeepCounts) => number) => read((c) => [{ value: value(c), labels: {} }]);
    return [
      sampled(
        'orbit_db_upkeep_total',
        'Embedded database tables vacuumed (and analysed) or only analysed by the upkeep',
        'counter',
        read((c) => [
          { value: c.vacuums, labels: { kind: 'vacuum' } },
          { value: c.analyzes, labels: { kind: 'analyze' } },
        ]),
      ),
      sampled(
        'orbit_db_upkeep_seconds_total',
        'Time the embedded database spent in upkeep passes',
        'counter',
        one((c) => c.seconds),
      ),
      sampled(
        'orbit_db_upkeep_failures_total',
        'Embedded database tables whose upkeep failed, and upkeep passes that failed as a whole',
        'counter',
        one((c) => c.failures),
      ),
    ];
  }

  private sampledMetrics(): Metric[] {
    const { realtime, database, media, draining, sessions, keptReads, writtenBehind } = this.sources;
    const one = (value: number) => [{ value, labels: {} }];
    const pool = (read: (stats: ReturnType<Database['poolStats']>) => number) => () =>
      one(read(database.poolStats()));
    return [
      ...this.http.metrics(),
      sampled(
        'orbit_session_cache_total',
        'Session checks answered by the cache (hit) or the database (miss)',
        'counter',
        () => [
          { value: sessions.counts.hits, labels: { result: 'hit' } },
          { value: sessions.counts.misses, labels: { result: 'miss' } },
        ],
      ),
      sampled(
        'orbit_session_cache_serving',
        'Whether the session cache serves (1): ended sessions of every process reach it; 0 reads every session',
        'gauge',
        () => one(sessions.serving ? 1 : 0),
      ),
      sampled(
        'orbit_kept_reads_total',
        'Reads served again as kept (hit) or computed (miss), by read',
        'counter',
        () =>
          Object.entries(keptReads).flatMap(([read, { counts }]) => [
            { value: counts.hits, labels: { read, result: 'hit' } },
            { value: counts.misses, labels: { read, result: 'miss' } },
          ]),
      ),
      sampled(
        'orbit_kept_reads_heard',
        'Whether a kept read hears every change (1: served with no statement); 0 checks each on the database',
        'gauge',
        () =>
          Object.entries(keptReads).map(([read, kept]) => ({
            value: kept.serving ? 1 : 0,
            labels: { read },
          })),
      ),
      sampled(
        'orbit_written_behind_total',
        'Changes written behind the requests that made them (written), lost on a failed write (failed), and the statements (writes)',
        'counter',
        () =>
          Object.entries(writtenBehind).flatMap(([write, { counts }]) =>
            (['written', 'failed', 'writes'] as const).map((result) => ({
              value: counts[result],
              labels: { write, result },
            })),
          ),
      ),
      sampled('orbit_ws_connections', 'Sockets open on this instance', 'gauge', () =>
        one(realtime.stats().sockets),
      ),
      sampled(
        'orbit_events_delivered_total',
        'Event frames written to sockets, live or replayed',
        'counter',
        () => one(realtime.stats().delivered),
      ),
      sampled(
        'orbit_ws_quiet_channels',
        "Community channels this instance's sockets follow without watching: their frames pass by (decision 0084)",
        'gauge',
        () => one(realtime.quietChannels()),
      ),
      sampled(
        'orbit_channel_changes_held_total',
        'Community channel changes that came before one they follow and waited for it, once for all sockets',
        'counter',
        () => one(realtime.stats().channelOrder.held),
      ),
      sampled(
        'orbit_channel_order_gave_up_total',
        'Waits for a missing channel change that ended without it (each socket then read the gap itself)',
        'counter',
        () => one(realtime.stats().channelOrder.gaveUp),
      ),
      sampled(
        'orbit_db_pool_size',
        'Database connections open',
        'gauge',
        pool((s) => s.total),
      ),
      sampled(
        'orbit_db_pool_idle',
        'Database connections open and idle',
        'gauge',
        pool((s) => s.idle),
      ),
      sampled(
        'orbit_db_pool_waiting',
        'Queries waiting for a database connection',
        'gauge',
        pool((s) => s.waiting),
      ),
      sampled(
        'orbit_db_pool_max',
        'Database connections the pool may open',
        'gauge',
        pool((s) => s.max),
      ),
      ...this.upkeepMetrics(),
      sampled(
        'orbit_janus_gateway_up',
        'Whether a Janus gateway is in placement (1) or down (0)',
        'gauge',
        () =>
          media.gateways.map((gateway) => ({
            value: gateway.down ? 0 : 1,
            labels: { gateway: gateway.name },
          })),
      ),
      sampled(
        'orbit_draining',
        'Whether this instance is draining (1) after SIGTERM or SIGINT',
        'gauge',
        () => one(draining() ? 1 : 0),
      ),
    ];
  }
}
