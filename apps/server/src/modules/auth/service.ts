import { randomBytes } from 'node:crypto';
import {
  type ErrorCode,
  isEmail,
  isValidIdentityName,
  OrgRole,
  REGISTRATION_DEFAULTS,
} from '@orbit/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { organizationMembers, organizations, users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { assertMemberPassword } from '../../platform/auth/member-password';
import { assertAcceptablePassword } from '../../platform/auth/passwords';
import { accountDisabled } from '../../platform/auth/sessions';
import { AppError, badRequest, forbidden, unauthorized } from '../../platform/errors';
import type { MailContext } from '../../platform/mail';
import { inTransaction, type Work } from '../../platform/tx';
import { isExpertInOrganization } from '../communities';
import { answerChallenge, openChallenge, twoFactorOn } from '../twofactor';

export interface RegisterInput {
  email: string;
  password?: string;
  username?: string;
  organization_id?: number | null;
  measurement_unit?: 1 | 2;
  country_code?: string;
  timezone?: string;
}

const registrationError = (status: number, code: ErrorCode, message: string, userMessage: string) =>
  new AppError(status, code, message, { errors: [{ code, message: userMessage }] });

/** Is this name free as anyone's username or avatar name (case-insensitive)? */
export async function isIdentityTaken(db: Queryable, name: string, exceptUserId?: number): Promise<boolean> {
  const lower = name.toLowerCase();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lower}`, sql`lower(${users.alias}) = ${lower}`))
    .limit(2);
  return rows.some((r) => r.id !== exceptUserId);
}

/** A username for a member who registered with an email only: its local part, made valid and unique. */
async function usernameFromEmail(db: Queryable, email: string): Promise<string> {
  let base = email.split('@')[0].replace(/[^A-Za-z0-9._-]/g, '');
  if (base.length < 3) base = `${base}member`.slice(0, 12);
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? base : `${base}${n}`;
    if (!(await isIdentityTaken(db, candidate))) return candidate;
  }
}

function generatedPassword(): string {
  return `${randomBytes(12).toString('base64url')}7!`;
}

/**
 * Who may register into an organisation: anyone when its registration is open; otherwise an
 * admin (role 2) of that organisation, or an expert of a community it owns, for the add-member form.
 */
async function assertMayJoinOrganization(db: Queryable, organizationId: number, callerId: number | null) {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!org) throw badRequest('validation', 'No such organization');
  if (org.registrationOpen) return;
  if (callerId !== null) {
    const [membership] = await db
      .select({ roles: organizationMembers.orgRoles })
      .from(organizationMembers)
      .where(
        and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, callerId)),
      )
      .limit(1);
    if (membership?.roles.includes(OrgRole.ADMIN)) return;
    if (await isExpertInOrganization(db, callerId, organizationId)) return;
  }
  throw forbidden('Registration into this organization is closed', 'registration_closed');
}

/**
 * A member who signs up without naming an organisation joins the oldest one whose registration is open
 * (the demo organisation on a demo world), so that they meet its members; with none open, they join none.
 */
async function defaultOpenOrganization(db: Queryable): Promise<number | null> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.registrationOpen, true))
    .orderBy(asc(organizations.id))
    .limit(1);
  return org?.id ?? null;
}

/**
 * Registers a member. With a caller (a signed-in member adding someone, docs/product/account-and-safety.md#registration) and the request's mail
 * context, the new member is announced in the transaction: they are mailed a link to set their password.
 */
export async function register(
  deps: AppDeps,
  input: RegisterInput,
  callerId: number | null,
  context?: MailContext,
) {
  const email = input.email.trim();
  if (!isEmail(email)) {
    throw registrationError(400, 'invalid_username', 'Invalid email address', 'Invalid Username');
  }
  const username = input.username?.trim() || null;
  if (username !== null && !isValidIdentityName(username)) {
    throw registrationError(400, 'invalid_username', 'Invalid username', 'Invalid Username');
  }
  const generated = input.password ? null : generatedPassword();
  const password = input.password ?? generated!;
  assertAcceptablePassword(password, username ?? email.split('@')[0]);
  const passwordHash = await deps.hasher.hash(password);

  const userId = await deps.db.transaction(async (tx) => {
    if (input.organization_id) await assertMayJoinOrganization(tx, input.organization_id, callerId);
    const organizationId = input.organization_id ?? (await defaultOpenOrganization(tx));
    const [byEmail] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    if (byEmail)
      throw registrationError(409, 'email_already_in_use', 'Email already in use', 'Email already in use');
    if (username && (await isIdentityTaken(tx, username))) {
      throw registrationError(409, 'identity_not_available', 'User already exists', 'User already exists!');
    }
    const [row] = await tx
      .insert(users)
      .values({
        email,
        username: username ?? (await usernameFromEmail(tx, email)),
        passwordHash,
        unitPreference: input.measurement_unit ?? REGISTRATION_DEFAULTS.measurement_unit,
        country: (input.country_code ?? REGISTRATION_DEFAULTS.country_code).toUpperCase(),
        timezone: input.timezone ?? REGISTRATION_DEFAULTS.timezone,
      })
      .returning({ id: users.id, username: users.username });
    if (organizationId) {
      await tx
        .insert(organizationMembers)
        .values({ organizationId, userId: row.id, orgRoles: [OrgRole.MEMBER] });
    }
    if (callerId !== null && context) {
      await deps.hooks.memberAdded(tx, { userId: row.id, email, username: row.username, context });
    }
    return row.id;
  });
  if (callerId !== null) deps.mail.kick();
  return { user_id: userId, ...(generated ? { generated_password: generated } : {}) };
}

/** The identity as sign-in reads it: surrounding spaces dropped, case folded. */
export function normalizeIdentity(identity: string): string {
  return identity.trim().toLowerCase();
}

export interface Account {
  id: number;
  passwordHash: string;
  disabledAt: Date | null;
}

/** The account an identity (email or username, in any case) signs in to, if any. */
export async function findAccount(db: Queryable, identity: string): Promise<Account | null> {
  const lower = normalizeIdentity(identity);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, disabledAt: users.disabledAt })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${lower}`, sql`lower(${users.username}) = ${lower}`))
    .limit(1);
  return user ?? null;
}

/**
 * The per-account sign-in bucket: the account itself when the identity names one, so that its email and its
 * username in any spelling share one; otherwise the identity as sign-in reads it.
 */
export function signInKey(account: Pick<Account, 'id'> | null, identity: string): string {
  return account ? `login:u${account.id}` : `login:i${normalizeIdentity(identity)}`;
}

/** A session, or with two-factor sign-in on the challenge that a code answers (POST /login/2fa). */
export type SignIn = { token: string; sessionId: number } | { challengeToken: string };

export async function login(
  deps: AppDeps,
  account: Account | null,
  password: string,
  userAgent?: string,
): Promise<SignIn> {
  const ok = await deps.hasher.verify(account?.passwordHash ?? null, password);
  if (!ok || !account) throw unauthorized('The identity or password is incorrect', 'invalid_credentials');
  // Told only to whoever knows the password: a disabled member learns why, a stranger learns nothing.
  if (account.disabledAt) throw accountDisabled();
  if (await twoFactorOn(deps.db, account.id))
    return { challengeToken: await openChallenge(deps.db, account.id) };
  const session = await deps.sessions.create(deps.db, account.id, userAgent);
  await deps.hooks.signedIn(deps.db, account.id);
  return session;
}

/** The challenge answered with a current TOTP code or an unused recovery code: the session, as login. */
export async function loginWithCode(deps: AppDeps, challengeToken: string, code: string, userAgent?: string) {
  let signedIn: number | null = null;
  const session = await answerChallenge(deps, challengeToken, code, (tx, userId) => {
    signedIn = userId;
    return deps.sessions.create(tx, userId, userAgent);
  });
  // After the challenge's transaction, as after a password sign-in: older reset links die (decision 0049).
  if (signedIn !== null) await deps.hooks.signedIn(deps.db, signedIn);
  return session;
}

/** The spec's /user/confirm_password: 401 incorrect_password when it does not match. */
export async function confirmPassword(deps: AppDeps, userId: number, password: string): Promise<void> {
  await assertMemberPassword(deps, userId, password);
}

export async function usernameOf(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.username ?? null;
}

/**
 * Changes the password after checking the old one; every other session of the member is revoked. `andThen`
 * runs in the same transaction (the caller's own writes and events).
 */
export async function changePassword(
  deps: AppDeps,
  auth: { userId: number; sessionId: number },
  oldPassword: string,
  newPassword: string,
  andThen?: (work: Work) => Promise<void>,
): Promise<void> {
  await confirmPassword(deps, auth.userId, oldPassword);
  assertAcceptablePassword(newPassword, await usernameOf(deps.db, auth.userId));
  const passwordHash = await deps.hasher.hash(newPassword);
  const ended = await inTransaction(unitOfWork(deps), async (work) => {
    await work.tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date() })
      .where(eq(users.id, auth.userId));
    const revoked = await deps.sessions.revokeOthers(work.tx, auth.userId, auth.sessionId);
    await andThen?.(work);
    return revoked;
  });
  // After the commit: a socket closed earlier could reconnect with a ticket its session still honoured.
  deps.realtime.closeSessions(ended);
}
