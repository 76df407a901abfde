import { StarType } from '@orbit/contract';
import { count, eq, max } from 'drizzle-orm';
import { jsonRead, reads } from '../../../db/json-rows';
import { friendRequests } from '../../../db/schema';
import { sizeOfCount } from '../../stars';
import { blankStar } from '../presenter';
import { OWNER } from '../statements';
import { readingStars } from './types';

const waiting = jsonRead({ count: count(), newest: max(friendRequests.createdAt) }, (fields) =>
  reads.select(fields).from(friendRequests).where(eq(friendRequests.toId, OWNER)),
);

/**
 * The REQUESTS group star (-2) while requests wait for the member's answer, its badge the number waiting.
 * Friend requests for now; community requests and approvals join the count with issue 4.
 */
export const requestsStar = readingStars(waiting, ({ owner, now }, [waiting]) => {
  if (!waiting || waiting.count === 0) return { stars: [] };
  const newest = waiting.newest ?? now;
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
});
