import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ENDPOINTS, WsQuery } from '@orbit/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client';
import { me, ownOrigin } from '../auth/guard';
import { draining, forbidden, unauthorized } from '../errors';
import { route } from '../route';
import type { ResumeAsk } from './history';
import { issueTicket, redeemTicket, type TicketHolder } from './tickets';

export interface RealtimeRouteContext {
  db: Db;
  publicUrl: string | null;
  /** False while the instance drains: a new socket is refused (503) and its client tries another instance. */
  accepting(): boolean;
  /** Hands an authenticated socket to the hub, which listens for its errors from then on. */
  connect(socket: WebSocket, holder: TicketHolder, ask: ResumeAsk): void;
}

const tags = ['realtime'];

/** `ch=12:340,15:22`: the client's position on each community channel (the schema checked the shape). */
export function parseChannelPositions(ch: string | undefined): Map<number, number> {
  const positions = new Map<number, number>();
  for (const pair of ch ? ch.split(',') : []) {
    const [communityId, seq] = pair.split(':').map(Number);
    positions.set(communityId, seq);
  }
  return positions;
}

/** `w=12,15`: the channels the socket watches; absent, every channel (decision 0084). */
export function parseWatched(w: string | undefined): number[] | null {
  if (w === undefined) return null;
  return w === '' ? [] : [...new Set(w.split(',').map(Number))];
}

/** The socket URL for a ticket, on the app's own origin (PUBLIC_URL behind a proxy, else this request's). */
export function socketUrl(request: FastifyRequest, publicUrl: string | null, ticket: string): string {
  const origin = ownOrigin(request, publicUrl).replace(/^http/, 'ws');
  return `${origin}/api/ws?token=${encodeURIComponent(ticket)}`;
}

/**
 * Browsers always send Origin on a WebSocket handshake, so a foreign one is another site riding the member's
 * browser; a missing one is a non-browser client, which holds a ticket only by having fetched /wsurl with
 * the member's credentials (docs/decisions/0004-realtime.md).
 */
function assertOwnOrigin(request: FastifyRequest, publicUrl: string | null): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== ownOrigin(request, publicUrl)) {
    throw forbidden('Socket refused: it did not come from the app', 'bad_origin');
  }
}

/**
 * @fastify/websocket leaves the upgrade's HTTP response attached to the TCP socket and closes its error
 * listener over Fastify's request and reply, so the request, its headers, the response, the reply and the
 * request's logger stay reachable for as long as the socket is open: most of what a socket cost (decision
 * 0063). Nothing reads them again once the socket is handed over, so the response lets go of the TCP socket
 * and the plugin's error listener goes; the hub's own listener replaces it in the same turn.
 */
export function forgetUpgrade(socket: WebSocket, request: FastifyRequest): void {
  const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
  socket.removeAllListeners('error');
}

export function registerRealtimeRoutes(fastify: FastifyInstance, ctx: RealtimeRouteContext): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const holders = new WeakMap<FastifyRequest, TicketHolder>();

  route(app, ENDPOINTS.socketUrl, {}, async (request) => {
    const ticket = await issueTicket(ctx.db, me(request));
    return { url: socketUrl(request, ctx.publicUrl, ticket) };
  });

  app.get(
    '/ws',
    {
      websocket: true,
      // The ticket authenticates the socket: the session cookie is not readable by the page.
      config: { public: true },
      schema: { tags, querystring: WsQuery },
      // Runs before the upgrade: a refusal answers plain HTTP 403/401 and no socket is allocated.
      preHandler: async (request) => {
        if (!ctx.accepting()) throw draining();
        assertOwnOrigin(request, ctx.publicUrl);
        const holder = request.query.token ? await redeemTicket(ctx.db, request.query.token) : null;
        if (!holder) throw unauthorized('The socket ticket is unknown, used or expired', 'invalid_ticket');
        holders.set(request, holder);
      },
    },
    (socket, request) => {
      const holder = holders.get(request);
      if (!holder) throw unauthorized('The socket ticket is unknown, used or expired', 'invalid_ticket');
      forgetUpgrade(socket, request);
      ctx.connect(socket, holder, {
        since: request.query.since ?? null,
        channels: parseChannelPositions(request.query.ch),
        watching: parseWatched(request.query.w),
      });
    },
  );
}
