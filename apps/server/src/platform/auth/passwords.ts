import { hash, verify } from '@node-rs/argon2';
import { isValidPassword, passwordProblems } from '@orbit/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../errors';

/** OWASP's argon2id parameters: 19 MiB, 2 iterations, parallelism 1. Algorithm 2 is argon2id. */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

const COMMON = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/** Bounds how many hashes run at once so that a burst of sign-ins cannot exhaust memory or CPU. */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

export class PasswordHasher {
  private readonly gate: Semaphore;
  /** A real hash of a random password, verified against when the account does not exist (equal timing). */
  private dummy: Promise<string>;
  constructor(concurrency: number) {
    this.gate = new Semaphore(Math.max(1, concurrency));
    this.dummy = this.hash(`dummy-${Math.random()}-X1!`);
  }
  hash(password: string): Promise<string> {
    return this.gate.run(() => hash(password, ARGON2));
  }
  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    const target = passwordHash ?? (await this.dummy);
    const ok = await this.gate.run(() => verify(target, password).catch(() => false));
    return ok && passwordHash !== null;
  }
}

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

export const PASSWORD_REQUIREMENTS =
  'Password must be 8 to 32 characters, include at least two of letters, digits and symbols, and not contain the username';

/** The spec's rules plus the common-password refusal; throws the registration error codes. */
export function assertAcceptablePassword(password: string, username?: string | null): void {
  if (!isValidPassword(password, username)) {
    throw badRequest('invalid_password', PASSWORD_REQUIREMENTS, {
      details: passwordProblems(password, username),
      errors: [{ code: 'invalid_password', message: 'Invalid Password' }],
    });
  }
  if (isCommonPassword(password)) {
    throw badRequest('common_password', 'This password is too common; choose another', {
      errors: [{ code: 'invalid_password', message: 'Invalid Password' }],
    });
  }
}
