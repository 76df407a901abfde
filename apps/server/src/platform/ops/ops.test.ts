import fs from 'node:fs';
import path from 'node:path';
import { WS_CLOSE } from '@orbit/contract';
import { describe, expect, it, vi } from 'vitest';
import { communities, pushFanouts } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, DB_TARGET, openTestDatabase, signUp } from '../../test/harness';
import { attempt, emit, listen, TestSocket, wsUrl } from '../../test/realtime';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../..');
const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
type Headers = Record<string, string>;

/** One metric's sample lines (its HELP and TYPE lines left out). */
const samples = (text: string, name: string) =>
  text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
/** The value of the one sample of an unlabelled metric. */
const sampleValue = (text: string, name: string) => Number(samples(text, name)[0]?.split(' ').pop());

// Each app is built once per file: the machine the suite runs on is slow to build one.
const plain = await createTestApp();
const measured = await createTestApp({ metricsToken: METRICS_TOKEN });
const origin = await listen(measured.app);

describe('GET /api/health', () => {
  it('answers ok without a session, and says nothing more', async () => {
    const { app } = plain;
    const callers: Headers[] = [{}, bearer('not-a-session'), { cookie: 'session=forged' }];
    for (const headers of callers) {
      const res = await call(app, 'health', { headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });
});

describe('GET /api/ready', () => {
  it('is ready with each dependency named in one word', async () => {
    const { app } = plain;
    const res = await call(app, 'readiness');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'absent', janus: 'absent', storage: 'ok' },
    });
  });

  it('answers 503 naming the database when it does not answer, a session cookie or not', async () => {
    const database = await openTestDatabase();
    const { app } = await createTestApp({}, database);
    expect((await call(app, 'readiness')).statusCode).toBe(200);
    await database.close();
    const callers: Headers[] = [{}, { cookie: 'session=whatever' }];
    for (const headers of callers) {
      const res = await call(app, 'readiness', { headers });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', checks: { database: 'down' } });
    }
    expect((await call(app, 'health')).statusCode).toBe(200);
    // A database of its own, migrated from nothing: on PGlite under a loaded CI that alone passed 30 s.
  }, 120_000);
});

describe('GET /api/metrics', () => {
  it('is 404 while METRICS_TOKEN is unset, whoever asks', async () => {
    const { app } = plain;
    const member = await signUp(app);
    for (const headers of [{}, member.headers, bearer(METRICS_TOKEN)]) {
      const res = await call(app, 'metrics', { headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });

  it('answers only the METRICS_TOKEN bearer: none, a wrong one and a member session are 401', async () => {
    const { app } = measured;
    const member = await signUp(app);
    const refused = [
      {},
      bearer('x'),
      bearer(`${METRICS_TOKEN}x`),
      member.headers,
      { cookie: `session=${member.token}` },
    ];
    for (const headers of refused) {
      const res = await call(app, 'metrics', { headers });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('orbit_');
    }
    const res = await call(app, 'metrics', { headers: bearer(METRICS_TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('labels requests with the declared route pattern, never a path with ids or member data', async () => {
    const { app } = measured;
    const member = await signUp(app);
    await call(app, 'communityPost', { params: { id: 987654 }, headers: member.headers });
    // A path no route declares.
    await app.inject({ method: 'GET', url: `/api/no/such/route/${member.username}` });
    const text = (await call(app, 'metrics', { headers: bearer(METRICS_TOKEN) })).body;

    const requests = samples(text, 'orbit_http_requests_total');
    expect(requests).toContainEqual(
      expect.stringMatching(
        /^orbit_http_requests_total\{method="GET",route="\/api\/community\/feed\/:id",status="\d+"\} 1$/,
      ),
    );
    expect(requests).toContainEqual(
      expect.stringMatching(
        /^orbit_http_requests_total\{method="POST",route="\/api\/register",status="201"\} \d+$/,
      ),
    );
    expect(requests).toContainEqual(
      expect.stringMatching(/^orbit_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+$/),
    );
    expect(samples(text, 'orbit_http_request_duration_seconds_count')).toContainEqual(
      expect.stringMatching(
        /^orbit_http_request_duration_seconds_count\{method="POST",route="\/api\/login"\} \d+$/,
      ),
    );
    expect(text).not.toContain('987654');
    expect(text).not.toContain(member.username);
    expect(text).not.toContain(member.email);
  });

  it("shows the embedded database's upkeep once the server runs it, and nothing of it before", async () => {
    const { app, deps } = measured;
    const scrape = async () => (await call(app, 'metrics', { headers: bearer(METRICS_TOKEN) })).body;
    const names = [
      'orbit_db_upkeep_total',
      'orbit_db_upkeep_seconds_total',
      'orbit_db_upkeep_failures_total',
    ];
    const before = await scrape();
    for (const name of names) expect(samples(before, name), name).toEqual([]);
    const counts = { passes: 4, vacuums: 3, analyzes: 2, failures: 1, seconds: 0.5 };
    deps.ops.metrics?.watchUpkeep(counts);
    counts.vacuums += 1;
    const text = await scrape();
    expect(samples(text, 'orbit_db_upkeep_total')).toEqual([
      'orbit_db_upkeep_total{kind="vacuum"} 4',
      'orbit_db_upkeep_total{kind="analyze"} 2',
    ]);
    expect(sampleValue(text, 'orbit_db_upkeep_seconds_total')).toBe(0.5);
    expect(sampleValue(text, 'orbit_db_upkeep_failures_total')).toBe(1);
  });

  it("shows the embedded database's heap on PGlite, from its buffer cache up, and nothing of it on PostgreSQL", async () => {
    const text = (await call(measured.app, 'metrics', { headers: bearer(METRICS_TOKEN) })).body;
    if (DB_TARGET === 'postgres') expect(samples(text, 'orbit_db_embedded_heap_bytes')).toEqual([]);
    else expect(sampleValue(text, 'orbit_db_embedded_heap_bytes')).toBeGreaterThan(32 * 1024 * 1024);
  });

  it('shows every metric of issue 27, moving with sockets, deliveries, the outboxes and the mail queue', async () => {
    const { app, deps } = measured;
    const scrape = async () => (await call(app, 'metrics', { headers: bearer(METRICS_TOKEN) })).body;
    const before = await scrape();
    for (const name of [
      'orbit_http_requests_total',
      'orbit_http_request_duration_seconds',
      'orbit_ws_connections',
      'orbit_ws_quiet_channels',
      'orbit_events_delivered_total',
      'orbit_channel_changes_held_total',
      'orbit_channel_order_gave_up_total',
      'orbit_outbox_pending',
      'orbit_outbox_lag_seconds',
      'orbit_mail_queue',
      'orbit_push_queue',
      'orbit_push_fanout_pending',
      'orbit_db_pool_size',
      'orbit_db_pool_idle',
      'orbit_db_pool_waiting',
      'orbit_db_pool_max',
      'orbit_db_dead_rows',
      'orbit_janus_rooms_open',
      'orbit_janus_gateway_up',
      'orbit_draining',
      'orbit_session_cache_total',
      'orbit_session_cache_serving',
      'orbit_kept_reads_total',
      'orbit_kept_reads_heard',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_gc_duration_seconds',
    ]) {
      expect(before, name).toContain(`# TYPE ${name} `);
    }
    // The dashboard of docs/operations reads only metrics the server has.
    const dashboard = fs.readFileSync(path.join(REPO_ROOT, 'docs/operations/grafana-orbit.json'), 'utf8');
    for (const [used] of dashboard.matchAll(/\b(?:orbit|process|nodejs)_[a-z0-9_]+/g)) {
      expect(before, used).toContain(`# TYPE ${used.replace(/_(bucket|sum|count)$/, '')} `);
    }
    expect(sampleValue(before, 'orbit_ws_connections')).toBe(0);
    expect(sampleValue(before, 'orbit_db_pool_max')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(before, 'orbit_db_dead_rows')).toBeGreaterThanOrEqual(0);

    const member = await signUp(app);
    // A member's second call within the minute is checked from the session cache (decision 0064).
    await vi.waitFor(async () => expect(sampleValue(await scrape(), 'orbit_session_cache_serving')).toBe(1), {
      timeout: 15_000,
    });
    const counted = async (series: string) =>
      Number(
        samples(await scrape(), series)[0]
          ?.split(' ')
          .pop(),
      );
    // Homes hear the realtime bus from the start (decision 0076).
    expect(await counted('orbit_kept_reads_heard{read="home"}')).toBe(1);
    // Feed pages also hear faces and communities changed with no event, once listened to (decision 0078).
    await vi.waitFor(async () => expect(await counted('orbit_kept_reads_heard{read="feed"}')).toBe(1));
    const hits = () => counted('orbit_session_cache_total{result="hit"}');
    const homesKept = () => counted('orbit_kept_reads_total{read="home",result="hit"}');
    const [hitsBefore, homesKeptBefore] = [await hits(), await homesKept()];
    for (let i = 0; i < 2; i++) await call(app, 'profiles', { headers: member.headers });
    expect(await hits()).toBeGreaterThanOrEqual(hitsBefore + 1);
    // The second home is the first served again as kept.
    expect(await homesKept()).toBe(homesKeptBefore + 1);
    const socket = await TestSocket.open(await wsUrl(origin, member), origin);
    await socket.live();
    await emit(deps, [member.userId], { user_id: member.userId });
    await socket.received(1);
    // Committed and never published, as if the process had stopped in between: the outbox holds it.
    await emit(deps, [member.userId], { user_id: member.userId }, { lost: true });
    await call(app, 'forgotPassword', { body: { identity: member.email } });

    // A community push queued and not expanded (the test app starts no push worker).
    const [place] = await deps.db
      .insert(communities)
      .values({ name: 'Walkers', color: '#ff0000', initials: 'W', accessType: 1, ownerType: 1, ownerId: 1 })
      .returning({ id: communities.id });
    const cause = { type: 'COMMUNITY', from: null, title: 'Walkers', body: 'hi', url: '/', tag: 'post-1' };
    await deps.db.insert(pushFanouts).values({ communityId: place.id, cause });

    await expect.poll(async () => sampleValue(await scrape(), 'orbit_mail_queue')).toBe(1);
    const after = await scrape();
    expect(sampleValue(after, 'orbit_ws_connections')).toBe(1);
    expect(sampleValue(after, 'orbit_events_delivered_total')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, 'orbit_outbox_pending')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, 'orbit_outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(after, 'orbit_push_fanout_pending')).toBe(1);
  });

  it('once the instance drains: ready 503 naming it, sockets closed with 1012, none taken, health 200', async () => {
    const { app, deps } = measured;
    const member = await signUp(app);
    const before = await call(app, 'profiles', { headers: member.headers });
    expect(before.headers.connection).not.toBe('close');
    const socket = await TestSocket.open(await wsUrl(origin, member), origin);
    await socket.live();

    deps.ops.readiness.drain();
    deps.realtime.drain();

    expect(await socket.closed).toBe(WS_CLOSE.serviceRestart);
    const ready = await call(app, 'readiness');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', redis: 'absent', janus: 'absent', storage: 'ok', instance: 'draining' },
    });
    expect(await attempt(await wsUrl(origin, member), origin)).toBe(503);
    expect((await call(app, 'health')).statusCode).toBe(200);
    // Every answer closes its connection (SHUTDOWN_LINGER_MS): a proxy stops reusing it after that answer.
    const lingering = await call(app, 'profiles', { headers: member.headers });
    expect(lingering.statusCode).toBe(200);
    expect(lingering.headers.connection).toBe('close');
    const text = (await call(app, 'metrics', { headers: bearer(METRICS_TOKEN) })).body;
    expect(sampleValue(text, 'orbit_ws_connections')).toBe(0);
    expect(sampleValue(text, 'orbit_draining')).toBe(1);
  });
});
