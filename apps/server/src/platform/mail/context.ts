import type { FastifyRequest } from 'fastify';
import { type Config, linkOrigin } from '../../config';

/** What a mail caused by a request is written with: the app's origin for its links, and the language. */
export interface MailContext {
  /** PUBLIC_URL, or the address the server listens on: links in the mail open the app there. */
  origin: string;
  /** The language the request asks for (Accept-Language), looked up in the contract's dictionaries. */
  lang: string | undefined;
}

/**
 * Orbit keeps no language per member, so a mail speaks the language of the request that causes it (the
 * member's own browser for a reset). Its links take their origin from the configuration, never from the
 * request: a forged Host header would otherwise send a real token to the forger's host (decision 0049).
 */
export function mailContext(
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
): MailContext {
  const first = request.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim();
  return { origin: linkOrigin(config), lang: first || undefined };
}
