import { StarType } from '@orbit/contract';
import { count, eq, max } from 'drizzle-orm';
import { preparedPerDatabase } from '../../../db/prepared';
import { friendRequests } from '../../../db/schema';
import { sizeOfCount } from '../../stars';
import { blankStar } from '../presenter';
import { OWNER } from './statements';
import type { StarProvider } from './types';

const waitingStatement = preparedPerDatabase((db) =>
  db
    .select({ count: count(), newest: max(friendRequests.createdAt) })
    .from(friendRequests)
    .where(eq(friendRequests.toId, OWNER))
    .prepare('home_requests'),
);

/**
 * The REQUESTS group star (-2) while requests wait for the member's answer, its badge the number waiting.
 * Friend requests for now; community requests and approvals join the count with issue 4.
 */
export const requestsStar: StarProvider = async ({ db, owner }) => {
  const [waiting] = await waitingStatement(db).execute({ owner: owner.id });
  if (!waiting || waiting.count === 0) return { stars: [] };
  const newest = new Date(waiting.newest ?? Date.now());
  return {
    stars: [
      {
        ...blankStar({
          star_id: `${StarType.REQUESTS}:${owner.id}`,
          star_type: StarType.REQUESTS,
          name: 'requests',
        }),
        zone: 1,
        size: sizeOfCount(waiting.count),
        interaction_date: newest.toISOString(),
        badge_count: waiting.count,
      },
    ],
    newestArrival: newest,
  };
};
