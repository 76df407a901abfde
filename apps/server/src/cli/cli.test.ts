import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { WS_CLOSE } from '@orbit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startServer } from '../../../../e2e/support/server';
import { call } from '../test/call';
import { type CliTarget, cliTarget, linkToken, runOrbit } from '../test/cli';
import { DB_TARGET, GOOD_PASSWORD, signUp, type TestContext } from '../test/harness';
import { attempt, listen, wsUrl } from '../test/realtime';
import { bearer, sessionToken } from '../test/sign-in';

/**
 * `orbit <command>` (decision 0057) on the run's database: an empty DATA_DIR on PGlite, a new PostgreSQL
 * database on server-pg. Each command prints one line and answers 0, or a reason and 1.
 */

/** Tests that run several commands and apps, each opening the database: minutes on a loaded machine. */
const SLOW = 120_000;

let target: CliTarget;
beforeAll(async () => {
  target = await cliTarget();
});
afterAll(async () => {
  await target.remove();
});

const login = (ctx: TestContext, identity: string, password = GOOD_PASSWORD) =>
  call(ctx.app, 'login', { body: { identity, password } });

const home = (ctx: TestContext, token: string) => call(ctx.app, 'profiles', { headers: bearer(token) });

const resetPassword = (ctx: TestContext, line: string) =>
  call(ctx.app, 'resetPassword', { body: { token: linkToken(line), password: GOOD_PASSWORD } });

async function setPassword(ctx: TestContext, line: string) {
  const res = await resetPassword(ctx, line);
  expect(res.statusCode, res.body).toBe(200);
}

describe('orbit, before and at migration', () => {
  // The first command creates the embedded database's files (an initdb): on a loaded runner, the slowest open.
  it(
    'refuses a member command on a database without its tables, naming db:migrate',
    async () => {
      const run = await target.orbit('user:create', '--email', 'early@example.test');
      expect(run.code).toBe(1);
      expect(run.out).toEqual([]);
      expect(run.err.join('\n')).toMatch(/lacks \d+ migration\(s\): run `npm run orbit -- db:migrate`/);
    },
    SLOW,
  );

  it(
    'db:migrate applies every migration once, in one line',
    async () => {
      const first = await target.orbit('db:migrate');
      expect(first.code, first.err.join('\n')).toBe(0);
      expect(first.out).toHaveLength(1);
      expect(first.out[0]).toMatch(/^Migrated .*: (\d+) migration\(s\) applied, \1 in all$/);
      const again = await target.orbit('db:migrate');
      expect(again.out[0]).toMatch(/: 0 migration\(s\) applied/);
    },
    SLOW,
  );
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

describe('orbit db:backup and db:restore', () => {
  let restored: CliTarget;
  const file = () => path.join(target.env.DATA_DIR, 'orbit.backup');
  beforeAll(async () => {
    restored = await cliTarget();
  });
  afterAll(async () => {
    await restored.remove();
  });

  it(
    'a backup restored into an empty database serves the same member their home',
    async () => {
      const member = await target.withApp(async (ctx) => signUp(ctx.app));
      const homeBefore = await target.withApp(async (ctx) => home(ctx, member.token).then((r) => r.json()));
      const backup = await target.orbit('db:backup', '--out', file());
      expect(backup.code, backup.err.join('\n')).toBe(0);
      expect(backup.out[0]).toMatch(new RegExp(`^Backed up .* to ${file()} \\(\\d+ bytes, `));
      const restore = await restored.orbit('db:restore', '--in', file());
      expect(restore.code, restore.err.join('\n')).toBe(0);
      expect(restore.out).toHaveLength(1);
      expect(restore.out[0]).toMatch(/^Restored .* into /);
      await restored.withApp(async (ctx) => {
        const signedIn = await login(ctx, member.username);
        expect(signedIn.statusCode).toBe(200);
        const res = await home(ctx, sessionToken(signedIn));
        expect(res.statusCode).toBe(200);
        expect(res.json().user_profile).toEqual(homeBefore.user_profile);
        expect(res.json().organizations).toEqual(homeBefore.organizations);
      });
    },
    SLOW,
  );

  it('refuses to restore into a database that is not empty', async () => {
    const run = await restored.orbit('db:restore', '--in', file());
    expect(run.code).toBe(1);
    expect(run.err[0]).toMatch(/(is not empty|already holds a database): restore goes into an empty/);
  });

  it(
    'refuses a file that is missing or no backup, and a missing --in or --out',
    async () => {
      const empty = await cliTarget();
      try {
        const missing = await empty.orbit('db:restore', '--in', '/nonexistent/orbit.backup');
        expect(missing.err).toEqual(['orbit: cannot read /nonexistent/orbit.backup: ENOENT']);
        const text = path.join(empty.env.DATA_DIR, 'notes.txt');
        fs.writeFileSync(text, 'hello');
        const wrong = await empty.orbit('db:restore', '--in', text);
        expect(wrong).toMatchObject({
          code: 1,
          err: [`orbit: ${text} is not an Orbit backup (neither pg_dump's custom format nor PGlite's)`],
        });
        expect((await empty.orbit('db:restore')).err.join('\n')).toContain("required option '--in <file>'");
        expect((await empty.orbit('db:backup')).err.join('\n')).toContain("required option '--out <file>'");
        const nowhere = await target.orbit('db:backup', '--out', '/nonexistent/dir/orbit.backup');
        expect(nowhere.err).toEqual([
          'orbit: cannot write /nonexistent/dir/orbit.backup: its folder does not exist',
        ]);
      } finally {
        await empty.remove();
      }
    },
    SLOW,
  );

  it("refuses a backup of the other database's kind", async () => {
    const other = path.join(target.env.DATA_DIR, 'other.backup');
    // The other kind's first bytes: PGlite's gzip, or pg_dump's custom format.
    fs.writeFileSync(
      other,
      target.env.DATABASE_URL ? Buffer.from([0x1f, 0x8b, 8, 0]) : Buffer.from('PGDMP\u0001'),
    );
    const run = await restored.orbit('db:restore', '--in', other);
    expect(run.code).toBe(1);
    expect(run.err[0]).toMatch(/is a (PGlite|PostgreSQL) backup, and DATABASE_URL/);
  });
});

/** The whole path an operator takes: `npm run orbit`'s command line, in a process of its own. */
function orbitProcess(argv: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...argv], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

// On PostgreSQL the command runs beside a serving app: a disabled member's open socket closes.
if (DB_TARGET === 'postgres') {
  describe('orbit beside a running app on PostgreSQL', () => {
    it(
      "user:disable closes the member's open socket (without Redis, at the app's session check)",
      async () => {
        await target.orbit('db:migrate');
        await target.withApp(
          async (ctx) => {
            const origin = await listen(ctx.app);
            const member = await signUp(ctx.app);
            const socket = await attempt(await wsUrl(origin, member), origin);
            if (typeof socket === 'number') throw new Error(`socket refused with ${socket}`);
            const run = await target.orbit('user:disable', '--email', member.email);
            expect(run.out[0]).toContain('1 session(s) ended');
            expect(await socket.closed).toBe(WS_CLOSE.unauthorized);
          },
          { socketSessionCheckMs: 300 },
        );
      },
      SLOW,
    );
  });
}

// PGlite's directory has one owner: a running server's is refused, whatever the command.
if (DB_TARGET === 'pglite') {
  describe('orbit beside a server holding the PGlite directory', () => {
    it('refuses db:backup, db:restore and member commands while the server runs, and works once it stops', async () => {
      const dataDir = target.env.DATA_DIR;
      const server = await startServer({ dataDir, env: { LOG_LEVEL: 'warn' } });
      try {
        const env = { ...target.env, DATA_DIR: dataDir };
        const busy = await orbitProcess(
          ['db:backup', '--out', path.join(dataDir, 'while-running.backup')],
          env,
        );
        expect(busy.code).toBe(1);
        expect(busy.stdout).toBe('');
        expect(busy.stderr).toContain(
          `orbit: the embedded database ${dataDir}/pglite is in use by process ${server.pid}`,
        );
        expect(busy.stderr).toContain('stop it first');
        expect(fs.existsSync(path.join(dataDir, 'while-running.backup'))).toBe(false);
        for (const argv of [['user:disable', '--email', 'x@example.test'], ['stats'], ['db:migrate']]) {
          expect((await runOrbit(argv, env)).err[0]).toContain(`is in use by process ${server.pid}`);
        }
      } finally {
        await server.stop();
      }
      const after = await orbitProcess(['stats'], { ...target.env });
      expect(after.code, after.stderr).toBe(0);
      expect(after.stdout.trim().split('\n')).toHaveLength(1);
    }, 180_000);

    it('refuses while this process holds it (an app open on it)', async () => {
      await target.withApp(async () => {
        const run = await target.orbit('stats');
        expect(run.code).toBe(1);
        expect(run.err[0]).toContain(`is in use by process ${process.pid}`);
      });
    });
  });
}
