import { SessionState } from '@orbit/contract';
import { lessons } from '../db/schema';
import type { AppDeps } from '../deps';
import type { TestUser } from './harness';

/** A lesson row written straight into the database, for the rules that need no media server. */
export async function lessonRow(
  deps: Pick<AppDeps, 'db'>,
  communityId: number,
  host: TestUser,
  fields: Partial<typeof lessons.$inferInsert> = {},
) {
  const [row] = await deps.db
    .insert(lessons)
    .values({
      communityId,
      instructorId: host.userId,
      name: 'Morning stretch',
      state: SessionState.RUNNING,
      janusGateway: 'orbit',
      videoRoomId: 1,
      videoSecret: 's',
      videoPin: 'p',
      audioRoomId: 2,
      audioSecret: 's',
      audioPin: 'p',
      ...fields,
    })
    .returning();
  return row;
}
