import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_VERSION,
  type AccountExport,
  AccountImport,
  ErrorCode,
  type ImportResult,
} from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { Compile } from 'typebox/compile';
import { accountErasures, users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { ExportFiles } from '../../platform/account';
import type { AuthContext } from '../../platform/auth/sessions';
import { badRequest, unauthorized } from '../../platform/errors';
import { forgetMemberEvents, forgetMemberStream } from '../../platform/realtime/forget';
import { inTransaction, type Work } from '../../platform/tx';
import { retryable } from '../../platform/tx-retry';
import { confirmPassword } from '../auth';
import { removeStoredFiles, type WarnLog } from '../feeds';
import { ACCOUNT_PARTS } from './parts';

const importCheck = Compile(AccountImport);

const accountGone = () => unauthorized('This account no longer exists');

/** The member's row, locked for this unit of work: `update` for the erasure, `no key update` otherwise. */
async function lockMember(work: Work, userId: number, strength: 'update' | 'no key update') {
  const [row] = await work.tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for(strength);
  if (!row) throw accountGone();
}

/** GET /user/export: every module's sections of what the member owns or wrote (decision 0048). */
export async function exportAccount(deps: AppDeps, userId: number): Promise<AccountExport> {
  const files = new ExportFiles(deps.storage);
  const document: AccountExport = {
    format: ACCOUNT_EXPORT_FORMAT,
    version: ACCOUNT_EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    user_id: userId,
  };
  for (const part of ACCOUNT_PARTS) {
    if (part.exportOf) Object.assign(document, await part.exportOf(deps.db, userId, files));
  }
  return document;
}

/** The import's document, or 400 invalid_import for anything that is not an Orbit export this server reads. */
export function importDocument(raw: unknown): AccountImport {
  if (!importCheck.Check(raw)) {
    const [first] = importCheck.Errors(raw);
    const where = first ? ` (${first.instancePath || '/'}: ${first.message})` : '';
    throw badRequest(ErrorCode.invalid_import, `This is not an Orbit export${where}`);
  }
  return raw;
}

/**
 * POST /user/import: the personal part of an export, in one transaction under the member's row lock, so
 * that two imports at once run one after the other and the second adds nothing.
 */
export async function importAccount(deps: AppDeps, userId: number, raw: unknown): Promise<ImportResult> {
  const document = importDocument(raw);
  return inTransaction(unitOfWork(deps), async (work) => {
    await lockMember(work, userId, 'no key update');
    const result: ImportResult = {
      profile: false,
      notes: false,
      activity_logs: 0,
      mood_history: 0,
      tags: 0,
      blocks: 0,
    };
    for (const part of ACCOUNT_PARTS) {
      if (part.importInto) Object.assign(result, await part.importInto(work, userId, document));
    }
    return result;
  });
}

/** Rounds of the erasure's unit of work (each itself retried on a lost race) before it gives up. */
const ERASE_ROUNDS = 4;
const ERASE_PAUSE_MS = 200;

/**
 * The erasure touches rows of many members at once, so writes racing it can deadlock with it more often than
 * with an ordinary write. It yields (the writes finish) and runs again, a few more times than a write would.
 */
async function patiently<T>(run: () => Promise<T>): Promise<T> {
  for (let round = 1; ; round += 1) {
    try {
      return await run();
    } catch (err) {
      if (!retryable(err) || round >= ERASE_ROUNDS) throw err;
      await new Promise((resolve) => setTimeout(resolve, ERASE_PAUSE_MS * round * (0.5 + Math.random())));
    }
  }
}

/**
 * DELETE /user: erases the account (decision 0048). First every session ends and every socket closes, on
 * every instance, so the member writes nothing more. Then one unit of work under the member's row lock (FOR
 * UPDATE: anything naming the member waits, then finds them gone): every module's part, then the row, whose
 * foreign keys take the rest, and the audit row. After its commit the files leave storage and the event
 * history forgets the member.
 */
export async function eraseAccount(deps: AppDeps, auth: AuthContext, password: string, log: WarnLog) {
  await confirmPassword(deps, auth.userId, password);
  return eraseMember(deps, auth.userId, log);
}

/** The erasure itself, once the member proved it is them (or an operator asked for it: `orbit user:erase`). */
export async function eraseMember(deps: AppDeps, userId: number, log: WarnLog) {
  deps.realtime.closeSessions(await deps.sessions.revokeAll(deps.db, userId));
  const storageKeys = await patiently(() =>
    inTransaction(unitOfWork(deps), async (work) => {
      await lockMember(work, userId, 'update');
      const keys: string[] = [];
      for (const part of ACCOUNT_PARTS) {
        if (part.erase) keys.push(...((await part.erase(work, userId)) ?? []));
      }
      work.forgetRecipient(userId);
      await forgetMemberStream(work.tx, userId);
      await work.tx.delete(users).where(eq(users.id, userId));
      await work.tx.insert(accountErasures).values({ userId });
      return keys;
    }),
  );
  await removeStoredFiles(deps.storage, storageKeys, log);
  // The account is gone whatever happens here: a failure is logged, and retention ends those events anyway.
  await forgetMemberEvents(deps.db, userId).catch((err: unknown) =>
    log.warn({ err, userId }, 'events naming an erased member stay until their retention ends'),
  );
  return { ok: true };
}
