import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CliTarget,
  cliTarget,
  home,
  login,
  resetPassword,
  CLI_SLOW_MS as SLOW,
  setPassword,
} from '../test/cli';
import { signUp } from '../test/harness';
import { sessionToken } from '../test/sign-in';

/**
 * `orbit`'s member commands, usage and figures (decision 0057) on a migrated database of the run's kind. They
 * run on PostgreSQL where it answers: on PGlite they are the same services over the same SQL, and PGlite's own
 * part of the command (its dump, its directory lock, its migration) is cli.test.ts's (decision 0062).
 */

let target: CliTarget;
beforeAll(async () => {
  target = await cliTarget();
  const migrated = await target.orbit('db:migrate');
  expect(migrated.code, migrated.err.join('\n')).toBe(0);
}, SLOW);
afterAll(async () => {
  await target.remove();
});

describe('orbit, usage', () => {
  it('an unknown command is refused with its name', async () => {
    const run = await target.orbit('user:frobnicate');
    expect(run.code).toBe(1);
    expect(run.err.join('\n')).toContain("unknown command 'user:frobnicate'");
  });

  it.each(['user:create', 'user:reset-password', 'user:disable', 'user:enable', 'user:erase'])(
    '%s without --email is refused',
    async (command) => {
      const run = await target.orbit(command);
      expect(run.code).toBe(1);
      expect(run.err.join('\n')).toContain("required option '--email <email>' not specified");
    },
  );

  it.each(['user:reset-password', 'user:disable', 'user:enable', 'user:erase'])(
    '%s of an unknown member is refused and changes nothing',
    async (command) => {
      const run = await target.orbit(command, '--email', 'nobody@example.test');
      expect(run).toMatchObject({ code: 1, out: [] });
      expect(run.err).toEqual(['orbit: no member has the email nobody@example.test']);
    },
  );

  it('user:create refuses an address that is not one, and one already in use', async () => {
    expect((await target.orbit('user:create', '--email', 'not-an-address')).err).toEqual([
      'orbit: Invalid email address',
    ]);
    await target.orbit('user:create', '--email', 'twice@example.test');
    const again = await target.orbit('user:create', '--email', 'TWICE@example.test');
    expect(again).toMatchObject({ code: 1, err: ['orbit: Email already in use'] });
  });
});

describe('orbit user:*', () => {
  it(
    'user:create --admin prints a set-password link, never a password, that makes an organisation admin',
    async () => {
      const run = await target.orbit('user:create', '--email', 'First.Admin@example.test', '--admin');
      expect(run.code, run.err.join('\n')).toBe(0);
      expect(run.out).toHaveLength(1);
      expect(run.out[0]).toMatch(
        /^Created member \d+ <First\.Admin@example\.test>, admin of organisation \d+ "Orbit"; set-password link \(works once, for 7 days\): https:\/\/orbit\.example\.org\/reset-password\?token=/,
      );
      expect(run.out[0]).not.toMatch(/password:/i);
      await target.withApp(async (ctx) => {
        await setPassword(ctx, run.out[0]);
        const signedIn = await login(ctx, 'first.admin@example.test');
        expect(signedIn.statusCode, signedIn.body).toBe(200);
        const res = await home(ctx, sessionToken(signedIn));
        expect(res.json().organizations).toEqual([
          { id: expect.any(Number), name: 'Orbit', org_roles: [2, 4] },
        ]);
      });
    },
    SLOW,
  );

  it(
    'user:reset-password prints a link that sets a new password, the older links void',
    async () => {
      await target.orbit('user:create', '--email', 'forgetful@example.test');
      const first = await target.orbit('user:reset-password', '--email', 'Forgetful@example.test');
      const second = await target.orbit('user:reset-password', '--email', 'forgetful@example.test');
      expect(second.code).toBe(0);
      expect(second.out[0]).toMatch(
        /^Reset link for member \d+ <forgetful@example\.test> \(works once, for 30 minutes; older links void\): /,
      );
      await target.withApp(async (ctx) => {
        const stale = await resetPassword(ctx, first.out[0]);
        expect(stale.json().error).toBe('invalid_token');
        await setPassword(ctx, second.out[0]);
        expect((await login(ctx, 'forgetful@example.test')).statusCode).toBe(200);
      });
    },
    SLOW,
  );

  it(
    'user:disable ends the sessions and refuses sign-in; user:enable lets the member back',
    async () => {
      const member = await target.withApp(async (ctx) => signUp(ctx.app));
      const disabled = await target.orbit('user:disable', '--email', member.email);
      expect(disabled.code, disabled.err.join('\n')).toBe(0);
      expect(disabled.out).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Disabled member ${member.userId} <${member.email}>: no sign-in, 1 session\\(s\\) ended, their open sockets close within 15 s`,
          ),
        ),
      ]);
      expect((await target.orbit('user:disable', '--email', member.email)).out[0]).toContain(
        'was already disabled; nothing changed',
      );
      await target.withApp(async (ctx) => {
        expect((await home(ctx, member.token)).statusCode).toBe(401);
        const refused = await login(ctx, member.username);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toBe('account_disabled');
        // A wrong password tells nothing of the account's state.
        expect((await login(ctx, member.username, 'Wrong-pass-99')).json().error).toBe('invalid_credentials');
      });
      const enabled = await target.orbit('user:enable', '--email', member.email);
      expect(enabled.out).toEqual([
        `Enabled member ${member.userId} <${member.email}>: they may sign in again`,
      ]);
      expect((await target.orbit('user:enable', '--email', member.email)).out[0]).toContain(
        'was not disabled',
      );
      await target.withApp(async (ctx) => {
        expect((await login(ctx, member.username)).statusCode).toBe(200);
      });
    },
    SLOW,
  );

  it(
    'user:erase erases the member as their own erasure does',
    async () => {
      const member = await target.withApp(async (ctx) => signUp(ctx.app));
      const erased = await target.orbit('user:erase', '--email', member.email);
      expect(erased.code, erased.err.join('\n')).toBe(0);
      expect(erased.out).toEqual([
        `Erased member ${member.userId} <${member.email}>: their account, what they wrote and their files are gone`,
      ]);
      await target.withApp(async (ctx) => {
        expect((await login(ctx, member.username)).statusCode).toBe(401);
      });
      expect((await target.orbit('user:erase', '--email', member.email)).code).toBe(1);
    },
    SLOW,
  );
});

describe('orbit stats', () => {
  it(
    'counts members, communities and messages, and says where sockets are counted',
    async () => {
      const before = await target.orbit('stats');
      expect(before.code, before.err.join('\n')).toBe(0);
      const members = Number(before.out[0].match(/: (\d+) members \((\d+) disabled\)/)?.[1]);
      await target.orbit('user:create', '--email', 'counted@example.test');
      await target.orbit('user:disable', '--email', 'counted@example.test');
      const after = await target.orbit('stats');
      expect(after.out).toHaveLength(1);
      expect(after.out[0]).toMatch(
        new RegExp(
          `: ${members + 1} members \\(1 disabled\\), 0 communities, 0 messages; ` +
            '(0 sockets open \\(no server holds the data directory\\)|sockets not counted without REDIS_URL)',
        ),
      );
    },
    SLOW,
  );
});
