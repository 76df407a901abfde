import { AppError, badRequest } from '../../platform/errors';

/** What the provider's `/me` says of the token's owner (a Graph-style API: Facebook's, or one like it). */
export interface SocialAccount {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

/** A body larger than this is not a `/me` answer. */
const MAX_ANSWER_BYTES = 64 * 1024;

export const invalidSocialToken = () =>
  badRequest('invalid_social_token', 'The social network did not accept this sign-in');

/**
 * The provider could not be asked (unreachable, too slow, answering garbage or its own error): the member
 * may try again. A 400 with its own code rather than a 5xx: nothing in Orbit failed.
 */
const providerUnavailable = () =>
  badRequest('social_provider_unavailable', 'The social network could not be reached');

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function accountOf(body: unknown): SocialAccount {
  const me = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const id = typeof me.id === 'number' ? String(me.id) : text(me.id);
  if (!id) throw providerUnavailable();
  return { id, firstName: text(me.first_name), lastName: text(me.last_name) };
}

async function fetchMe(baseUrl: string, accessToken: string, timeoutMs: number): Promise<Response> {
  try {
    // The token goes in the Authorization header, not the URL, so that no proxy log keeps it.
    return await fetch(`${baseUrl}/me?fields=id,first_name,last_name`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch {
    throw providerUnavailable();
  }
}

/** Asks the provider whose token this is: a refused token is 400 invalid_social_token. */
export async function socialAccountOf(
  baseUrl: string,
  accessToken: string,
  timeoutMs: number,
): Promise<SocialAccount> {
  const answer = await fetchMe(baseUrl, accessToken, timeoutMs);
  // Graph APIs answer an expired or forged token with 400, 401 or 403 (an OAuthException).
  if (answer.status >= 400 && answer.status < 500) throw invalidSocialToken();
  if (!answer.ok) throw providerUnavailable();
  let body: string;
  try {
    body = await answer.text();
  } catch {
    throw providerUnavailable();
  }
  if (body.length > MAX_ANSWER_BYTES) throw providerUnavailable();
  try {
    return accountOf(JSON.parse(body));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw providerUnavailable();
  }
}
