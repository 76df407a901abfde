import { ErrorCode } from '@orbit/contract';
import { and, eq, gt } from 'drizzle-orm';
import { linkOrigin } from '../../config';
import type { Queryable } from '../../db/client';
import { passwordTokens, users } from '../../db/schema';
import { type AddedMember, type AppDeps, unitOfWork } from '../../deps';
import { assertAcceptablePassword } from '../../platform/auth/passwords';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { badRequest } from '../../platform/errors';
import { type MailContext, queueMail } from '../../platform/mail';
import { inTransaction } from '../../platform/tx';
import { findAccount } from '../auth';
import { type AccountMail, accountMail, resetLink } from './mails';

/** How long a mailed link works: a reset 30 minutes (issue 16), an added member's set-password link 7 days. */
export const TOKEN_LIFETIME_MS = { reset: 30 * 60_000, welcome: 7 * 24 * 60 * 60_000 } as const;
export type TokenPurpose = keyof typeof TOKEN_LIFETIME_MS;

const invalidToken = () =>
  badRequest(ErrorCode.invalid_token, 'This link has expired or was already used; ask for a new one');

/**
 * The member's row locked for the rest of the transaction: their token writes (a new link, a reset) run
 * one after another, so that two requests at once never leave two live links.
 */
async function lockMember(tx: Queryable, userId: number) {
  const [member] = await tx
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return member;
}

/** A new link for the member: every older one of theirs is void from this commit on. Answers the token. */
async function issueToken(tx: Queryable, userId: number, purpose: TokenPurpose): Promise<string> {
  await tx.delete(passwordTokens).where(eq(passwordTokens.userId, userId));
  const token = newToken();
  await tx.insert(passwordTokens).values({
    userId,
    tokenHash: hashToken(token),
    purpose,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/** Queues one of the account mails to the member, in the caller's transaction. */
async function queueAccountMail(
  tx: Queryable,
  member: { userId: number; email: string; username: string },
  kind: AccountMail,
  context: MailContext,
  url: string,
) {
  const mail = accountMail(kind, context, member.username, url);
  await queueMail(tx, { userId: member.userId, to: member.email, ...mail });
}

/**
 * Forgot password: when the identity names an account, a reset link is queued to its address; for an
 * unknown one nothing happens. Called after the reply (see afterReply), so both answer alike.
 */
export async function sendResetLink(deps: AppDeps, identity: string, context: MailContext): Promise<void> {
  const account = await findAccount(deps.db, identity);
  if (!account) return;
  await inTransaction(unitOfWork(deps), async (work) => {
    const member = await lockMember(work.tx, account.id);
    if (!member) return;
    const token = await issueToken(work.tx, account.id, 'reset');
    const to = { userId: account.id, ...member };
    await queueAccountMail(work.tx, to, 'reset', context, resetLink(context, token));
  });
  deps.mail.kick();
}

/**
 * A member someone added (the auth module's announcement, in the registration's transaction): a
 * set-password link, whether or not a password was typed for them.
 */
export async function mailWelcome(tx: Queryable, member: AddedMember): Promise<void> {
  await lockMember(tx, member.userId);
  const token = await issueToken(tx, member.userId, 'welcome');
  await queueAccountMail(tx, member, 'welcome', member.context, resetLink(member.context, token));
}

/**
 * A link for an operator to hand over (`orbit user:create`, `user:reset-password`, decision 0057): the same
 * token as a mailed one, every older link of the member void, opening the mailed links' origin; not mailed.
 */
export async function issuePasswordLink(deps: AppDeps, userId: number, purpose: TokenPurpose) {
  const token = await inTransaction(unitOfWork(deps), async (work) => {
    await lockMember(work.tx, userId);
    return issueToken(work.tx, userId, purpose);
  });
  return {
    url: resetLink({ origin: linkOrigin(deps.config), lang: undefined }, token),
    validMs: TOKEN_LIFETIME_MS[purpose],
  };
}

/** A successful sign-in voids the member's mailed links. */
export async function voidPasswordTokens(db: Queryable, userId: number): Promise<void> {
  await db.delete(passwordTokens).where(eq(passwordTokens.userId, userId));
}

/**
 * Sets a new password from a mailed token: registration's password rules; an unknown, expired or used token
 * is invalid_token and changes nothing. The token is spent, every session of the member ends and their
 * sockets close on every instance, nobody is signed in, and the member is mailed that it changed.
 */
export async function resetPassword(
  deps: AppDeps,
  token: string,
  password: string,
  context: MailContext,
): Promise<void> {
  const tokenHash = hashToken(token);
  const live = (now: Date) => and(eq(passwordTokens.tokenHash, tokenHash), gt(passwordTokens.expiresAt, now));
  const [found] = await deps.db
    .select({ userId: passwordTokens.userId, username: users.username })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(live(new Date()))
    .limit(1);
  if (!found) throw invalidToken();
  assertAcceptablePassword(password, found.username);
  const passwordHash = await deps.hasher.hash(password);
  const ended = await inTransaction(unitOfWork(deps), async (work) => {
    const member = await lockMember(work.tx, found.userId);
    // Spent here, under the member's lock: of two resets with one token, one finds it gone.
    const [spent] = await work.tx
      .delete(passwordTokens)
      .where(live(new Date()))
      .returning({ userId: passwordTokens.userId });
    if (!member || spent?.userId !== found.userId) throw invalidToken();
    await voidPasswordTokens(work.tx, found.userId);
    await work.tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date() })
      .where(eq(users.id, found.userId));
    const revoked = await deps.sessions.revokeAll(work.tx, found.userId);
    const to = { userId: found.userId, ...member };
    await queueAccountMail(work.tx, to, 'changed', context, `${context.origin}/`);
    return revoked;
  });
  // After the commit, as a password change does: a socket closed earlier could reconnect meanwhile.
  deps.realtime.closeSessions(ended);
  deps.mail.kick();
}

const afterReplies = new Set<Promise<void>>();

/** Runs work the reply does not wait for (so that it cannot tell by its timing what the work found). */
export function afterReply(work: Promise<void>): void {
  afterReplies.add(work);
  void work.finally(() => afterReplies.delete(work));
}

/** Resolves once the work started after every reply so far is done (tests, shutdown). */
export async function repliedWorkDone(): Promise<void> {
  await Promise.allSettled([...afterReplies]);
}
