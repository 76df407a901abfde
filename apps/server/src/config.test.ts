import { describe, expect, it } from 'vitest';
import { type Config, linkOrigin, loadConfig } from './config';

const PUBLIC_URL = 'https://orbit.example.org';

describe('config', () => {
  it('has the documented defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeNull();
    expect(c.redisUrl).toBeNull();
    expect(c.seedDemo).toBe(true);
    expect(c.rateLimitFactor).toBe(1);
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('reads the main variables of the server, each typed', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/orbit-x',
      DATABASE_URL: 'postgres://db/orbit',
      REDIS_URL: 'redis://r:6379',
      JANUS_URL: 'ws://janus:8188',
      JANUS_ADMIN_URL: 'http://janus:7088/admin',
      PUBLIC_URL: 'https://orbit.example/',
      SEED_DEMO: 'false',
      DEMO_PASSWORD: 'Demo-pass-1',
      RATE_LIMIT_FACTOR: '2.5',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/orbit-x',
      databaseUrl: 'postgres://db/orbit',
      redisUrl: 'redis://r:6379',
      janusGateways: [
        {
          name: 'orbit',
          url: 'ws://janus:8188',
          adminUrl: 'http://janus:7088/admin',
          publicUrl: 'ws://janus:8188',
        },
      ],
      publicUrl: 'https://orbit.example',
      seedDemo: false,
      demoPassword: 'Demo-pass-1',
      rateLimitFactor: 2.5,
    });
  });

  it('holds 20 PostgreSQL connections unless DATABASE_POOL_MAX says how many, at least one', () => {
    expect(loadConfig({}).databasePoolMax).toBe(20);
    expect(loadConfig({ DATABASE_POOL_MAX: '60' }).databasePoolMax).toBe(60);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: 'many' })).toThrow(/DATABASE_POOL_MAX/);
  });

  it('refuses a number that is not one', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('looks for reminders due every 20 s, or as set within 1 s to a minute (decision 0054)', () => {
    expect(loadConfig({}).reminderIntervalMs).toBe(20_000);
    expect(loadConfig({ REMINDER_INTERVAL_MS: '5000' }).reminderIntervalMs).toBe(5000);
    for (const bad of ['999', '60001', 'often']) {
      expect(() => loadConfig({ REMINDER_INTERVAL_MS: bad })).toThrow(/REMINDER_INTERVAL_MS/);
    }
  });

  // The embedded database's upkeep every 60 s, 0 never, at most a day (decision 0083); its buffer cache 32 MB,
  // from 1 MB to 1 GB (decision 0089).
  const upkeep = (config: Config) => config.pgliteUpkeepSeconds;
  const cache = (config: Config) => config.pgliteSharedBuffersMb;
  it.each([
    ['PGLITE_UPKEEP_SECONDS', upkeep, 60, [0, 86_400], ['-1', '86401', '2.5', 'hourly']],
    ['PGLITE_SHARED_BUFFERS_MB', cache, 32, [1, 1024], ['0', '1025', '2.5', '32MB']],
  ] as const)('%s: a default, a range, and a clear refusal', (name, read, byDefault, allowed, bad) => {
    expect(read(loadConfig({}))).toBe(byDefault);
    for (const value of allowed) expect(read(loadConfig({ [name]: String(value) }))).toBe(value);
    for (const value of bad) expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it("names the social-network provider: Facebook's Graph API by default, none when set empty", () => {
    expect(loadConfig({}).socialGraphUrl).toBe('https://graph.facebook.com');
    expect(loadConfig({ SOCIAL_GRAPH_URL: 'http://127.0.0.1:9/graph/' }).socialGraphUrl).toBe(
      'http://127.0.0.1:9/graph',
    );
    expect(loadConfig({ SOCIAL_GRAPH_URL: '' }).socialGraphUrl).toBeNull();
    expect(() => loadConfig({ SOCIAL_GRAPH_URL: 'ftp://graph' })).toThrow(/SOCIAL_GRAPH_URL/);
    expect(() => loadConfig({ SOCIAL_GRAPH_URL: 'not a url' })).toThrow(/SOCIAL_GRAPH_URL/);
  });

  it('sends mail through SMTP_URL when it names an SMTP server, to files without it', () => {
    expect(loadConfig({}).smtpUrl).toBeNull();
    expect(loadConfig({}).mailFrom).toBe('Orbit <no-reply@orbit.local>');
    const smtp = loadConfig({
      SMTP_URL: 'smtps://orbit:secret@mail.example.org:465',
      MAIL_FROM: 'Club <a@b.c>',
      PUBLIC_URL,
    });
    expect(smtp).toMatchObject({
      smtpUrl: 'smtps://orbit:secret@mail.example.org:465',
      mailFrom: 'Club <a@b.c>',
    });
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.org', PUBLIC_URL })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.org:587', PUBLIC_URL })).toThrow(/SMTP_URL/);
  });

  it('refuses SMTP_URL without PUBLIC_URL, saying why: mailed links need an origin no request names', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.org:587' })).toThrow(
      /SMTP_URL is set without PUBLIC_URL: set PUBLIC_URL to the public origin/,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.org:587', PUBLIC_URL: '' })).toThrow(
      /PUBLIC_URL/,
    );
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.org:587', PUBLIC_URL }).publicUrl).toBe(PUBLIC_URL);
  });

  it('mails links on PUBLIC_URL, or without it on the address the server listens on', () => {
    expect(linkOrigin(loadConfig({ PUBLIC_URL: `${PUBLIC_URL}/`, HOST: '10.0.0.7' }))).toBe(PUBLIC_URL);
    expect(linkOrigin(loadConfig({}))).toBe('http://localhost:8080');
    expect(linkOrigin(loadConfig({ HOST: '::', PORT: '3000' }))).toBe('http://localhost:3000');
    expect(linkOrigin(loadConfig({ HOST: '127.0.0.1', PORT: '3000' }))).toBe('http://127.0.0.1:3000');
    expect(linkOrigin(loadConfig({ HOST: 'orbit.lan', PORT: '80' }))).toBe('http://orbit.lan:80');
    expect(linkOrigin(loadConfig({ HOST: '::1', PORT: '3000' }))).toBe('http://[::1]:3000');
  });

  it('signs pushes with VAPID_* when both keys are set, and reaches PUSH_ALLOWED_HOSTS on any address', () => {
    const publicKey = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const privateKey = Buffer.alloc(32, 2).toString('base64url');
    expect(loadConfig({})).toMatchObject({
      vapid: null,
      vapidSubject: 'mailto:no-reply@orbit.local',
      pushAllowedHosts: [],
    });
    expect(
      loadConfig({
        VAPID_PUBLIC_KEY: publicKey,
        VAPID_PRIVATE_KEY: privateKey,
        VAPID_SUBJECT: 'https://orbit.example.org',
        PUSH_ALLOWED_HOSTS: ' Relay.local , 10.0.0.5,[::1]',
      }),
    ).toMatchObject({
      vapid: { publicKey, privateKey },
      vapidSubject: 'https://orbit.example.org',
      pushAllowedHosts: ['relay.local', '10.0.0.5', '::1'],
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'x' })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'orbit.example.org' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://orbit.example.org' })).toThrow(/VAPID_SUBJECT/);
  });

  it("reads the operators' settings: metrics token and port, the drain grace (decision 0055)", () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: null, metricsPort: null, shutdownGraceMs: 10_000 });
    expect(
      loadConfig({ METRICS_TOKEN: 'a'.repeat(32), METRICS_PORT: '9464', SHUTDOWN_GRACE_MS: '2500' }),
    ).toMatchObject({ metricsToken: 'a'.repeat(32), metricsPort: 9464, shutdownGraceMs: 2500 });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });
});
