import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { hashToken } from '../../platform/auth/tokens';

/** The name authenticator apps show beside the member's name. */
const ISSUER = 'Orbit';
/** One 30-second step either side of now: a phone's clock a little off, or a code typed as it turned. */
const TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes read as `abcde-fghij`: ten characters of base32 (50 random bits), no look-alike digits. */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A code as typed: spaces and dashes dropped, case folded. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

export const isTotpShaped = (normalized: string) => /^\d{6}$/.test(normalized);

export function newSecret(accountName: string): { secret: string; otpauthUrl: string } {
  const secret = generateSecret();
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: accountName, secret }) };
}

/**
 * The time step of a TOTP code that is right now (within the tolerance) and later than the last one used, or
 * null. Later than the last one used is what makes a code sign in once (RFC 6238 §5.2).
 */
export async function totpStep(
  secret: string,
  normalized: string,
  lastUsedStep: number | null,
): Promise<number | null> {
  if (!isTotpShaped(normalized)) return null;
  const result = await verify({
    secret,
    token: normalized,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
  });
  // The TOTP strategy answers the step it matched (the functional API's type also covers HOTP's answer).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** What is stored of a recovery code: the SHA-256 of its normalised form (50 random bits need no slow hash). */
export const recoveryCodeHash = (code: string) => hashToken(normalizeCode(code));
