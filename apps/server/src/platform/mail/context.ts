import type { FastifyRequest } from 'fastify';

/** What a mail caused by a request is written with: the app's origin for its links, and the language. */
export interface MailContext {
  /** PUBLIC_URL, or the request's own origin: links in the mail open the app there. */
  origin: string;
  /** The language the request asks for (Accept-Language), looked up in the contract's dictionaries. */
  lang: string | undefined;
}

/**
 * Orbit keeps no language per member, so a mail speaks the language of the request that causes it (the
 * member's own browser for a reset). Without PUBLIC_URL the link's origin is the request's Host: fine for
 * one machine, while a deployment sets PUBLIC_URL so that no forged Host header can redirect a link.
 */
export function mailContext(request: FastifyRequest, publicUrl: string | null): MailContext {
  const first = request.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim();
  return { origin: publicUrl ?? `${request.protocol}://${request.host}`, lang: first || undefined };
}
