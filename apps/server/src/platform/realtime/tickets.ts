import { WS_TICKET_TTL_MS } from '@orbit/contract';
import { and, eq, exists, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { sessions, wsTickets } from '../../db/schema';
import { hashToken, newToken } from '../auth/tokens';

export interface TicketHolder {
  userId: number;
  sessionId: number;
}

/** A single-use socket ticket, stored hashed in the database so that any instance can redeem it. */
export async function issueTicket(db: Queryable, holder: TicketHolder, now = Date.now()): Promise<string> {
  const ticket = newToken();
  await db.insert(wsTickets).values({
    ticketHash: hashToken(ticket),
    userId: holder.userId,
    sessionId: holder.sessionId,
    expiresAt: new Date(now + WS_TICKET_TTL_MS),
  });
  return ticket;
}

/**
 * Marks the ticket used and answers its holder, in one statement so that two instances racing on the same
 * ticket cannot both win; null when unknown, used, expired or its session was revoked meanwhile.
 */
export async function redeemTicket(
  db: Queryable,
  ticket: string,
  now = Date.now(),
): Promise<TicketHolder | null> {
  const sessionStillLive = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, wsTickets.sessionId), isNull(sessions.revokedAt)));
  const [row] = await db
    .update(wsTickets)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(wsTickets.ticketHash, hashToken(ticket)),
        isNull(wsTickets.usedAt),
        gt(wsTickets.expiresAt, new Date(now)),
        // Signing out within the ticket's minute must not leave it usable.
        exists(sessionStillLive),
      ),
    )
    .returning({ userId: wsTickets.userId, sessionId: wsTickets.sessionId });
  return row ?? null;
}
