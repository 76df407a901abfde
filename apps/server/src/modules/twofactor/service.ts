import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { signInChallenges, twoFactorRecoveryCodes, twoFactorSecrets, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { assertMemberPassword } from '../../platform/auth/member-password';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { AppError, badRequest, conflict } from '../../platform/errors';
import {
  isTotpShaped,
  newRecoveryCodes,
  newSecret,
  normalizeCode,
  recoveryCodeHash,
  totpStep,
} from './codes';

/** A challenge lives 5 minutes and takes 5 wrong codes at most (issue 16). */
const CHALLENGE_MS = 5 * 60_000;
const CHALLENGE_MAX_WRONG = 5;

type SecretRow = typeof twoFactorSecrets.$inferSelect;

const invalidCode = () => badRequest('invalid_code', 'The code is not right');
const invalidChallenge = () =>
  badRequest('invalid_challenge', 'This sign-in has expired or taken too many wrong codes; sign in again');

async function secretOf(db: Queryable, userId: number): Promise<SecretRow | null> {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).limit(1);
  return row ?? null;
}

async function enabledSecretOf(db: Queryable, userId: number): Promise<SecretRow | null> {
  const row = await secretOf(db, userId);
  return row?.enabledAt ? row : null;
}

/** Whether the member signs in with a code as well as their password. */
export async function twoFactorOn(db: Queryable, userId: number): Promise<boolean> {
  return (await enabledSecretOf(db, userId)) !== null;
}

export async function twoFactorStatus(db: Queryable, userId: number) {
  const enabled = await twoFactorOn(db, userId);
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled, recovery_codes_left: enabled ? Number(left?.n ?? 0) : 0 };
}

/**
 * A new secret, not active until a code confirms it. Setting up again before confirming replaces the pending
 * one; with two-factor sign-in on it is a 409 (turn it off first).
 */
export async function setUpTwoFactor(deps: AppDeps, userId: number, password: string) {
  await assertMemberPassword(deps, userId, password);
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const { secret, otpauthUrl } = newSecret(user.email);
  const written = await deps.db
    .insert(twoFactorSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secret, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorSecrets.enabledAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  if (written.length === 0) throw conflict('two_factor_enabled', 'Two-factor sign-in is already on');
  return { secret, otpauth_url: otpauthUrl };
}

/** The pending secret confirmed by a current code: on, with ten new recovery codes (only their hashes kept). */
export async function enableTwoFactor(deps: AppDeps, userId: number, code: string) {
  const row = await secretOf(deps.db, userId);
  if (!row) throw conflict('two_factor_not_set_up', 'Set up two-factor sign-in first');
  if (row.enabledAt) throw conflict('two_factor_enabled', 'Two-factor sign-in is already on');
  const step = await totpStep(row.secret, normalizeCode(code), row.lastUsedStep);
  if (step === null) throw invalidCode();
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    // Only the secret the code was checked against, and only once: a second enable (or a new setup) in
    // between makes this one a 409 and changes nothing.
    const enabled = await tx
      .update(twoFactorSecrets)
      .set({ enabledAt: new Date(), lastUsedStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          eq(twoFactorSecrets.secret, row.secret),
          isNull(twoFactorSecrets.enabledAt),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    if (enabled.length === 0) throw conflict('two_factor_enabled', 'Two-factor sign-in changed meanwhile');
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })));
  });
  return { recovery_codes: codes };
}

/**
 * Spends a code: a TOTP code claims its time step, a recovery code its row, each with one conditional update,
 * so that of two requests with the same code at the same moment only one passes. False when it is wrong,
 * stale or already used.
 */
async function redeemCode(tx: Queryable, row: SecretRow, code: string): Promise<boolean> {
  const normalized = normalizeCode(code);
  if (isTotpShaped(normalized)) {
    const step = await totpStep(row.secret, normalized, row.lastUsedStep);
    if (step === null) return false;
    const claimed = await tx
      .update(twoFactorSecrets)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, row.userId),
          or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    return claimed.length > 0;
  }
  const spent = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, row.userId),
        eq(twoFactorRecoveryCodes.codeHash, recoveryCodeHash(normalized)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return spent.length > 0;
}

/** Turned off with the password and a code (TOTP or recovery): the secret and the codes are deleted. */
export async function disableTwoFactor(deps: AppDeps, userId: number, password: string, code: string) {
  await assertMemberPassword(deps, userId, password);
  const row = await enabledSecretOf(deps.db, userId);
  if (!row) throw conflict('two_factor_not_enabled', 'Two-factor sign-in is not on');
  await deps.db.transaction(async (tx) => {
    if (!(await redeemCode(tx, row, code))) throw invalidCode();
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  });
  return { ok: true };
}

/** After the right password of a member with two-factor sign-in on: the challenge they answer with a code. */
export async function openChallenge(db: Queryable, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(signInChallenges).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
  return token;
}

/** Whose sign-in a challenge token is (any state), for the per-account sign-in limit; null when unknown. */
export async function challengeOwner(db: Queryable, token: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(eq(signInChallenges.tokenHash, hashToken(token)))
    .limit(1);
  return row?.userId ?? null;
}

const challengeIsLive = () =>
  and(
    isNull(signInChallenges.usedAt),
    gt(signInChallenges.expiresAt, new Date()),
    lt(signInChallenges.failedCodes, CHALLENGE_MAX_WRONG),
  );

/**
 * A challenge answered with a code: the challenge is spent and the code with it, and `signIn` (the session)
 * runs in the same transaction. A wrong code counts against the challenge (400 invalid_code); an unknown,
 * expired, spent or exhausted challenge is 400 invalid_challenge.
 */
export async function answerChallenge<T>(
  deps: AppDeps,
  token: string,
  code: string,
  signIn: (tx: Queryable, userId: number) => Promise<T>,
): Promise<T> {
  const tokenHash = hashToken(token);
  const [challenge] = await deps.db
    .select({ id: signInChallenges.id, userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.tokenHash, tokenHash), challengeIsLive()))
    .limit(1);
  if (!challenge) throw invalidChallenge();
  const row = await enabledSecretOf(deps.db, challenge.userId);
  if (!row) throw invalidChallenge();
  try {
    return await deps.db.transaction(async (tx) => {
      const spent = await tx
        .update(signInChallenges)
        .set({ usedAt: new Date() })
        .where(and(eq(signInChallenges.id, challenge.id), challengeIsLive()))
        .returning({ id: signInChallenges.id });
      if (spent.length === 0) throw invalidChallenge();
      if (!(await redeemCode(tx, row, code))) throw invalidCode();
      return signIn(tx, challenge.userId);
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_code') {
      await deps.db
        .update(signInChallenges)
        .set({ failedCodes: sql`${signInChallenges.failedCodes} + 1` })
        .where(eq(signInChallenges.id, challenge.id));
    }
    throw err;
  }
}
