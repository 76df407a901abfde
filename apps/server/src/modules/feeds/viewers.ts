import { UnitPreference } from '@orbit/contract';
import type { Queryable } from '../../db/client';
import { preparedForAny } from '../../db/prepared';
import { inIdsAt, runQueries } from '../../db/queries';
import { users } from '../../db/schema';
import { type FaceRow, STRANGER, seesPersona } from '../faces';
import { friendPairs, pairKey } from './loader';
import type { ViewerSettings } from './policy';
import type { Viewer } from './presenter';

export interface ViewerRoles {
  moderators: Set<number>;
  urgentReaders: Set<number>;
  /** The viewers' settings when the caller read them already (a community's audience). */
  settings?: Map<number, ViewerSettings>;
}

/** The members among `shown` who show their persona to friends only: a viewer's friendship with them matters. */
export const privateMemberIds = (shown: FaceRow[]) =>
  shown.filter((u) => !seesPersona(u, STRANGER)).map((u) => u.id);

const viewerSettings = preparedForAny('feed_viewer_settings', (db) =>
  db
    .select({ id: users.id, unit: users.unitPreference, wellbeing: users.wellbeingMode })
    .from(users)
    .where(inIdsAt(users.id, 'ids')),
);

/**
 * The viewers `viewerIds` as the presenters need them, in a fixed number of queries: their units and
 * wellbeing mode, and their friendships with the private members among `shown` (authors, targets).
 */
export async function viewersFor(
  db: Queryable,
  viewerIds: number[],
  roles: ViewerRoles,
  shown: FaceRow[],
  needsUnits: boolean,
): Promise<Map<number, Viewer>> {
  const known = roles.settings;
  const readAlready = known !== undefined && viewerIds.every((id) => known.has(id));
  const [friends, units] = await runQueries(db, [
    () => friendPairs(db, viewerIds, privateMemberIds(shown)),
    () =>
      viewerIds.length > 0 && !readAlready
        ? viewerSettings(db).execute({ ids: viewerIds })
        : Promise.resolve([]),
  ]);
  const settingsOf = readAlready ? known : new Map(units.map((u) => [u.id, u]));
  const unitOf = (id: number) => (needsUnits ? settingsOf.get(id)?.unit : undefined);
  return new Map(
    viewerIds.map((id) => [
      id,
      {
        userId: id,
        isModerator: roles.moderators.has(id),
        seesUrgent: roles.urgentReaders.has(id),
        unitPreference: unitOf(id) ?? UnitPreference.IMPERIAL,
        isFriendOf: (userId: number) => friends.has(pairKey(id, userId)),
        wellbeing: settingsOf.get(id)?.wellbeing ?? false,
      },
    ]),
  );
}
