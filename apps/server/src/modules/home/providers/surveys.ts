import { StarType } from '@orbit/contract';
import { and, count, eq, gt, isNull, lte, max } from 'drizzle-orm';
import { jsonRead, reads } from '../../../db/json-rows';
import { organizationMembers, surveyResponses, surveys } from '../../../db/schema';
import { sizeOfCount, zoneOf } from '../../stars';
import { blankStar } from '../presenter';
import { NOW, OWNER } from '../statements';
import { readingStars } from './types';

const waiting = jsonRead({ count: count(), newest: max(surveys.startTime) }, (fields) =>
  reads
    .select(fields)
    .from(surveys)
    .innerJoin(
      organizationMembers,
      and(
        eq(organizationMembers.organizationId, surveys.organizationId),
        eq(organizationMembers.userId, OWNER),
      ),
    )
    .leftJoin(
      surveyResponses,
      and(eq(surveyResponses.surveyId, surveys.id), eq(surveyResponses.userId, OWNER)),
    )
    .where(and(lte(surveys.startTime, NOW), gt(surveys.endTime, NOW), isNull(surveyResponses.userId))),
);

/**
 * The SURVEYS star (14) while surveys of the member's organisations wait for their answer: its badge the
 * number waiting, its zone from the newest one's start; a newly opened survey pulses the member's own star.
 */
export const surveyStars = readingStars(waiting, ({ owner, now }, [waiting]) => {
  if (!waiting || waiting.count === 0) return { stars: [] };
  const newest = waiting.newest ?? now;
  return {
    stars: [
      {
        ...blankStar({
          star_id: `${StarType.SURVEYS}:${owner.id}`,
          star_type: StarType.SURVEYS,
          name: 'surveys',
        }),
        zone: zoneOf(false, newest, now),
        size: sizeOfCount(waiting.count),
        interaction_date: newest.toISOString(),
        badge_count: waiting.count,
      },
    ],
    newestArrival: newest,
  };
});
