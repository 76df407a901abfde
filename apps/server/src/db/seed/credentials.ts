import { randomBytes } from 'node:crypto';
import { isValidPassword } from '@orbit/contract';
import type { Config } from '../../config';
import { isCommonPassword } from '../../platform/auth/passwords';
import { DEMO_EMAIL } from './people';

/** Four groups of random letters and digits joined by dashes: about 95 bits, easy to copy from a log. */
function candidatePassword(): string {
  const groups = randomBytes(15).toString('base64url').replace(/[-_]/g, 'x').match(/.{5}/g)!;
  return groups.slice(0, 4).join('-');
}

/** A strong password that passes the spec's rules for `username` and is not a common password. */
export function generatePassword(username?: string): string {
  for (;;) {
    const password = candidatePassword();
    if (isValidPassword(password, username) && !isCommonPassword(password)) return password;
  }
}

/** Where a newcomer opens the app: PUBLIC_URL, or this machine's port. */
export function signInUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const listensEverywhere = ['0.0.0.0', '::', ''].includes(config.host);
  const host = listensEverywhere ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

const RULE = '='.repeat(72);

/** The block printed at every start, so that whoever runs `npm start` knows how to get in. */
export function signInBlock(url: string, password: { known: string } | { note: string }): string[] {
  const how = 'known' in password ? `with password ${password.known}` : `with ${password.note}`;
  return [RULE, `Orbit demo world ready. Sign in at ${url} as ${DEMO_EMAIL} ${how}`, RULE];
}
