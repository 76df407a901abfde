import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { WS_CLOSE } from '@orbit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startServer } from '../../../../e2e/support/server';
import { type CliTarget, cliTarget, home, login, runOrbit, CLI_SLOW_MS as SLOW } from '../test/cli';
import { DB_TARGET, signUp } from '../test/harness';
import { attempt, listen, wsUrl } from '../test/realtime';
import { sessionToken } from '../test/sign-in';

/**
 * `orbit <command>` (decision 0057) on the run's database: an empty DATA_DIR on PGlite, a new PostgreSQL
 * database on server-pg. Each command prints one line and answers 0, or a reason and 1.
 */

let target: CliTarget;
beforeAll(async () => {
  target = await cliTarget();
});
afterAll(async () => {
  await target.remove();
});

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
      const { member, homeBefore } = await target.withApp(async (ctx) => {
        const signedUp = await signUp(ctx.app);
        return { member: signedUp, homeBefore: (await home(ctx, signedUp.token)).json() };
      });
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
