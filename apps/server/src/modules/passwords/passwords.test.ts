import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EN_US, WS_CLOSE } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, passwordTokens } from '../../db/schema';
import { unitOfWork } from '../../deps';
import { configuredTransport, MailOutbox, queueMail, retryDelayMs } from '../../platform/mail';
import { smtpTransport } from '../../platform/mail/transport';
import { inTransaction } from '../../platform/tx';
import { call } from '../../test/call';
import {
  createTestApp,
  EVENTUALLY,
  GOOD_PASSWORD,
  signUp,
  type TestContext,
  type TestUser,
  uniqueName,
} from '../../test/harness';
import { TestMailServer, tokenIn } from '../../test/mail';
import { listen, TestSocket, wsUrl } from '../../test/realtime';
import { repliedWorkDone } from './service';

// One app whose mail worker runs, as on a server, delivering to a real SMTP server in this process.
const smtp = await TestMailServer.start();
const ctx = await createTestApp({ smtpUrl: smtp.url, socketSessionCheckMs: 600_000 });
ctx.deps.mail.start();
const origin = await listen(ctx.app);
afterAll(() => smtp.stop());

const NEW_PASSWORD = 'Fresh-orbit-93';

function forgot(identity: string, app = ctx.app, headers: Record<string, string> = {}) {
  return call(app, 'forgotPassword', { body: { identity }, headers });
}

function reset(token: string, password = NEW_PASSWORD, app = ctx.app) {
  return call(app, 'resetPassword', { body: { token, password } });
}

function signIn(identity: string, password: string, app = ctx.app) {
  return call(app, 'login', { body: { identity, password } });
}

/** Asks for a link and answers the token of the mail that arrived for it. */
async function mailedToken(user: TestUser, nth = 1): Promise<string> {
  expect((await forgot(user.email)).statusCode).toBe(202);
  return tokenIn(await smtp.waitFor(user.email, nth));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function tokensOf(userId: number, context: TestContext = ctx) {
  return context.deps.db.select().from(passwordTokens).where(eq(passwordTokens.userId, userId));
}

async function expectRefused(token: string, password = NEW_PASSWORD) {
  const res = await reset(token, password);
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toBe('invalid_token');
}

describe('forgot password, then reset from the mailed link', () => {
  it('mails a link whose token resets the password, signs everyone out and signs nobody in', async () => {
    const user = await signUp(ctx.app);
    const socket = await TestSocket.open(await wsUrl(origin, user), origin);
    await socket.live();

    // Normalised as sign-in reads it: spaces around, any case.
    const asked = await forgot(`  ${user.email.toUpperCase()} `, ctx.app, { host: 'attacker.example' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ ok: true });

    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe(EN_US['mail.reset.subject']);
    expect(mail.text).toContain(user.username);
    // The configured origin in both parts, never the request's Host (this app has no PUBLIC_URL, which
    // loadConfig would ask for beside SMTP_URL: its links are on the address it listens on).
    const token = tokenIn(mail);
    expect(mail.text).toContain(`http://localhost:8080/reset-password?token=${token}`);
    expect(mail.html).toContain(`http://localhost:8080/reset-password?token=${token}`);
    expect(`${mail.text}${mail.html}`).not.toContain('attacker.example');
    // 32 random bytes, base64url; only its SHA-256 is stored, and the sent mail has left the outbox.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await tokensOf(user.userId);
    expect(row.tokenHash).toBe(sha256(token));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(30 * 60_000, -4);
    await vi.waitFor(async () => {
      expect(await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.userId))).toEqual(
        [],
      );
    }, EVENTUALLY);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });
    expect(done.headers['set-cookie']).toBeUndefined();

    // Every session ended and its socket closed at once; the old password is gone, the new one works.
    expect(await socket.closed).toBe(WS_CLOSE.unauthorized);
    const me = await call(ctx.app, 'me', { headers: user.headers });
    expect(me.statusCode).toBe(401);
    expect((await signIn(user.username, user.password)).statusCode).toBe(401);
    expect((await signIn(user.username, NEW_PASSWORD)).statusCode).toBe(200);

    const changed = await smtp.waitFor(user.email, 2);
    expect(changed.subject).toBe(EN_US['mail.changed.subject']);
    expect(changed.text).toContain(user.username);
    expect(changed.html).toContain(EN_US['mail.changed.action']);
  });

  it('answers an unknown identity exactly as a known one, and sends nothing', async () => {
    const user = await signUp(ctx.app);
    const stranger = `${uniqueName('nobody')}@example.test`;
    const [known, unknown] = await Promise.all([forgot(user.username), forgot(stranger)]);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

    await repliedWorkDone();
    await smtp.waitFor(user.email);
    await ctx.deps.mail.deliverDue();
    expect(smtp.to(stranger)).toEqual([]);
    expect(await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, stranger))).toEqual([]);
  });

  it('refuses an unknown token, and a bad password without spending the token', async () => {
    await expectRefused('x'.repeat(43));
    const user = await signUp(ctx.app);
    const token = await mailedToken(user);

    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('invalid_password');
    const named = await reset(token, `${user.username}-9!`);
    expect(named.json().error).toBe('invalid_password');
    const common = await reset(token, 'P@ssw0rd');
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toBe('common_password');

    expect((await signIn(user.username, user.password)).statusCode).toBe(200);
    // The sign-in voided it: a successful sign-in voids the member's links.
    await expectRefused(token);
  });

  it('refuses a used token', async () => {
    const user = await signUp(ctx.app);
    const token = await mailedToken(user);
    expect((await reset(token)).statusCode).toBe(200);
    await expectRefused(token, 'Another-orbit-94');
    expect((await signIn(user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired token and changes nothing', async () => {
    const user = await signUp(ctx.app);
    const token = await mailedToken(user);
    await ctx.deps.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, user.userId));
    await expectRefused(token);
    expect((await signIn(user.username, user.password)).statusCode).toBe(200);
  });

  it('voids an older link when a newer one is asked for', async () => {
    const user = await signUp(ctx.app);
    const older = await mailedToken(user, 1);
    const newer = await mailedToken(user, 2);
    expect(newer).not.toBe(older);
    await expectRefused(older);
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('voids older links when a sign-in succeeds', async () => {
    const user = await signUp(ctx.app);
    const token = await mailedToken(user);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    await expectRefused(token);
  });

  it('keeps one live link when requests race, and spends a token once when resets race', async () => {
    const user = await signUp(ctx.app);
    await Promise.all([forgot(user.email), forgot(user.username), forgot(user.email.toUpperCase())]);
    await repliedWorkDone();
    expect(await tokensOf(user.userId)).toHaveLength(1);

    await smtp.waitFor(user.email, 3);
    const [row] = await tokensOf(user.userId);
    const token = smtp
      .to(user.email)
      .map(tokenIn)
      .find((mailed) => sha256(mailed) === row.tokenHash);
    if (!token) throw new Error('the live token was not mailed');
    const answers = await Promise.all([reset(token), reset(token, 'Second-orbit-95'), reset(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
  });
});

describe('a member added by someone else', () => {
  async function addMember(admin: TestUser, password?: string) {
    const username = uniqueName('added');
    const email = `${username}@example.test`;
    const res = await call(ctx.app, 'register', {
      headers: { ...admin.headers, 'accept-language': 'en-US,en;q=0.8' },
      body: { email, ...(password ? { password } : {}) },
    });
    expect(res.statusCode).toBe(201);
    return { email, body: res.json() };
  }

  it('is mailed a welcome with a set-password link valid 7 days, with or without a typed password', async () => {
    const admin = await signUp(ctx.app);
    const generated = await addMember(admin);
    const typed = await addMember(admin, GOOD_PASSWORD);
    expect(generated.body.generated_password).toBeDefined();

    for (const added of [generated, typed]) {
      const mail = await smtp.waitFor(added.email);
      expect(mail.subject).toBe(EN_US['mail.welcome.subject']);
      expect(mail.html).toContain(EN_US['mail.welcome.action']);
      const [row] = await tokensOf(added.body.user_id);
      expect(row.purpose).toBe('welcome');
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(7 * 24 * 3600_000, -4);
      expect((await reset(tokenIn(mail))).statusCode).toBe(200);
      expect((await signIn(added.email, NEW_PASSWORD)).statusCode).toBe(200);
    }
  });

  it('is not mailed when they register themselves', async () => {
    const user = await signUp(ctx.app);
    await ctx.deps.mail.deliverDue();
    expect(smtp.to(user.email)).toEqual([]);
    expect(await tokensOf(user.userId)).toEqual([]);
  });
});

describe('the mail outbox', async () => {
  // Its own database and an SMTP server that goes away; its worker runs only when a test says so.
  const down = await TestMailServer.start();
  const quiet = await createTestApp({ smtpUrl: down.url, publicUrl: 'https://orbit.example.org' });
  afterAll(() => down.stop());
  const queued = () => quiet.deps.db.select().from(mailOutbox);

  it('keeps a mail while the SMTP server is down and delivers it once it is back', async () => {
    const user = await signUp(quiet.app);
    await down.stop();
    expect((await forgot(user.email, quiet.app, { host: 'attacker.example' })).statusCode).toBe(202);
    await repliedWorkDone();
    // Queued with the token, in the same transaction.
    expect(await queued()).toHaveLength(1);
    expect(await tokensOf(user.userId, quiet)).toHaveLength(1);

    const now = Date.now();
    expect(await quiet.deps.mail.deliverDue(now)).toEqual({ sent: 0, failed: 1 });
    const [waiting] = await queued();
    expect(waiting.attempts).toBe(1);
    expect(waiting.lastError).toBeTruthy();
    // Not before its retry is due.
    expect(await quiet.deps.mail.deliverDue(now + 1000)).toEqual({ sent: 0, failed: 0 });
    expect(await quiet.deps.mail.deliverDue(now + retryDelayMs(1))).toEqual({ sent: 0, failed: 1 });

    await down.resume();
    expect(await quiet.deps.mail.deliverDue(now + 60_000)).toEqual({ sent: 1, failed: 0 });
    const mail = await down.waitFor(user.email);
    // PUBLIC_URL, when set, is the link's origin, whatever Host the request named.
    expect(mail.text).toContain(`https://orbit.example.org/reset-password?token=${tokenIn(mail)}`);
    expect(`${mail.text}${mail.html}`).not.toContain('attacker.example');
    expect(await queued()).toEqual([]);
  });

  it('sends nothing for a change that rolled back', async () => {
    const user = await signUp(quiet.app);
    const failed = inTransaction(unitOfWork(quiet.deps), async (work) => {
      await queueMail(work.tx, {
        userId: user.userId,
        to: user.email,
        subject: 'never',
        text: 'never',
        html: '<p>never</p>',
        link: null,
      });
      throw new Error('the change fails after queueing its mail');
    });
    await expect(failed).rejects.toThrow('the change fails');
    expect(await queued()).toEqual([]);
    expect(await quiet.deps.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(down.to(user.email)).toEqual([]);
  });

  it('sends each mail once when several workers run at the same time', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signUp(quiet.app)));
    await Promise.all(members.map((member) => forgot(member.email, quiet.app)));
    await repliedWorkDone();
    expect(await queued()).toHaveLength(members.length);

    const silent = pino({ level: 'silent' });
    const workers = [1, 2, 3].map(
      () => new MailOutbox(quiet.deps.db, smtpTransport(down.url, quiet.deps.config.mailFrom), silent),
    );
    const reports = await Promise.all([...workers, quiet.deps.mail].map((worker) => worker.deliverDue()));
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(members.length);
    for (const member of members) expect(down.to(member.email)).toHaveLength(1);
    expect(await queued()).toEqual([]);
    await Promise.all(workers.map((worker) => worker.stop()));
  });
});

describe('links of mail written to files (no SMTP_URL, no PUBLIC_URL)', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-links-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const offline = await createTestApp({
    smtpUrl: null,
    publicUrl: null,
    host: '0.0.0.0',
    port: 9123,
    dataDir,
  });

  it("open the address the server listens on, never the request's Host", async () => {
    const user = await signUp(offline.app);
    const asked = await forgot(user.email, offline.app, {
      host: 'attacker.example',
      'x-forwarded-host': 'attacker.example',
    });
    expect(asked.statusCode).toBe(202);
    await repliedWorkDone();
    expect(await offline.deps.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
    const [file] = fs.readdirSync(path.join(dataDir, 'mail'));
    const mail = await simpleParser(fs.readFileSync(path.join(dataDir, 'mail', file)));
    expect(mail.to).toMatchObject({ text: user.email });
    const token = tokenIn(mail);
    expect(mail.text).toContain(`http://localhost:9123/reset-password?token=${token}`);
    expect(`${mail.text}${mail.html}`).not.toContain('attacker.example');
  });
});

describe('the transports', () => {
  it('writes each mail as an .eml file under DATA_DIR/mail and prints its link in the log, without SMTP_URL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-mail-'));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    try {
      const link = 'http://localhost:8080/reset-password?token=abc';
      const transport = configuredTransport(
        { smtpUrl: null, mailFrom: 'Orbit <o@orbit.test>', dataDir: dir },
        log,
      );
      await transport.send({
        to: 'a@example.test',
        subject: 'Hi',
        text: `go: ${link}`,
        html: `<a href="${link}">go</a>`,
        link,
      });
      const [file] = fs.readdirSync(path.join(dir, 'mail'));
      expect(file).toMatch(/\.eml$/);
      const parsed = await simpleParser(fs.readFileSync(path.join(dir, 'mail', file)));
      expect(parsed.subject).toBe('Hi');
      expect(parsed.text?.trim()).toBe(`go: ${link}`);
      expect(parsed.html).toContain(`href="${link}"`);
      expect(lines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({ link, to: 'a@example.test' }),
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("signs in with SMTP_URL's user and password, and its message has plain-text and HTML parts", async () => {
    const login = { user: 'orbit', pass: 'mail-secret' };
    const guarded = await TestMailServer.start(login);
    const url = (pass: string) => `smtp://${login.user}:${pass}@127.0.0.1:${guarded.port}`;
    try {
      const user = await signUp(ctx.app);
      const mail = {
        to: user.email,
        subject: 'Hello',
        text: 'plain words',
        html: '<p>html words</p>',
        link: null,
      };
      await expect(smtpTransport(url('wrong'), 'Orbit <no-reply@orbit.test>').send(mail)).rejects.toThrow();
      await smtpTransport(url(login.pass), 'Orbit <no-reply@orbit.test>').send(mail);
      const arrived = await guarded.waitFor(user.email);
      expect(arrived.from?.value[0]).toMatchObject({ name: 'Orbit', address: 'no-reply@orbit.test' });
      expect(arrived.text?.trim()).toBe('plain words');
      expect(arrived.html).toContain('<p>html words</p>');
    } finally {
      await guarded.stop();
    }
  });
});

describe('limits', async () => {
  const limited = await createTestApp({ rateLimitFactor: 1 }, ctx.database);
  // From a given client address: the typed call() sends every request from 127.0.0.1.
  const from = (address: string) => (identity: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { identity },
      remoteAddress: address,
    });

  it('takes 3 requests an hour per identity, however it is spelled', async () => {
    const ask = from('10.0.0.1');
    const user = await signUp(ctx.app);
    const spellings = [user.email, user.email.toUpperCase(), ` ${user.email}`, user.email];
    const answers = [];
    for (const identity of spellings) answers.push((await ask(identity)).statusCode);
    expect(answers).toEqual([202, 202, 202, 429]);
    // Another identity still has its own.
    expect((await ask(uniqueName('other'))).statusCode).toBe(202);
    await repliedWorkDone();
  });

  it('takes 10 requests an hour per client address', async () => {
    const ask = from('10.0.0.2');
    const answers = [];
    for (let n = 0; n < 11; n++) answers.push((await ask(uniqueName('addr'))).statusCode);
    expect(answers).toEqual([...Array(10).fill(202), 429]);
    expect((await from('10.0.0.3')(uniqueName('addr'))).statusCode).toBe(202);
    await repliedWorkDone();
  });
});
