import type { Called } from './call';

/**
 * The session token a sign-in answered. The login's declared answer is a session or a second-factor
 * challenge; the members these tests sign in have no second factor, so a challenge fails the test.
 */
export function sessionToken(signedIn: Called<'login'>): string {
  const body = signedIn.json();
  if (!('user_token' in body)) throw new Error(`no session: ${signedIn.statusCode} ${signedIn.body}`);
  return body.user_token;
}

/** The headers of a call with a session token, as a device that is not the browser page sends them. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
