import type { ExportedProfile, UpdateUserBody } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AccountPart } from '../../platform/account';
import { badRequest } from '../../platform/errors';
import type { Work } from '../../platform/tx';
import { organizationsOf } from '../admin';
import { findUser, lockUser, quietHoursOf, type UserRow } from '../faces';
import { type ColumnChange, SHAPES, shapeOf } from './changes';
import { announceProfileChange, managedByProvider } from './service';

/** The profile and settings in PUT /user's terms: what an import sets again, checked by the same rules. */
function exportedProfile(user: UserRow): ExportedProfile {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    avatar_image: user.avatarImage,
    date_of_birth: user.dateOfBirth,
    height_meter: user.heightMeter,
    weight_kg: user.weightKg,
    address: { country: user.country, state: user.state },
    measurement_unit: user.unitPreference,
    timezone: user.timezone,
    notification_level: user.notificationLevel,
    quiet_hours: quietHoursOf(user),
    wellbeing_mode: user.wellbeingMode,
  };
}

/**
 * The PUT /user bodies an imported profile stands for, one shape each and in an order that holds (the
 * country before its state); values the export left empty are left alone.
 */
function profileBodies(profile: ExportedProfile): UpdateUserBody[] {
  const p = profile;
  const bodies: (UpdateUserBody | false)[] = [
    !!p.first_name?.trim() && { first_name: p.first_name },
    !!p.last_name?.trim() && { last_name: p.last_name },
    p.avatar_image !== undefined && { avatar_image: p.avatar_image },
    p.date_of_birth != null && { date_of_birth: p.date_of_birth },
    p.height_meter != null && { height_meter: p.height_meter },
    p.weight_kg != null && { weight_kg: p.weight_kg },
    p.address?.country !== undefined && { address: { country: p.address.country } },
    p.address?.state != null && { address: { state: p.address.state } },
    p.measurement_unit !== undefined && { measurement_unit: p.measurement_unit },
    p.timezone !== undefined && { timezone: p.timezone },
    p.quiet_hours !== undefined && { quiet_hours: p.quiet_hours },
    p.wellbeing_mode !== undefined && { wellbeing_mode: p.wellbeing_mode },
  ];
  return bodies.filter((body): body is UpdateUserBody => body !== false);
}

/** Applies PUT /user shapes one after the other onto the member's row as it becomes. */
async function applyShapes(work: Work, user: UserRow, bodies: UpdateUserBody[]): Promise<ColumnChange> {
  let current = user;
  let change: ColumnChange = {};
  for (const body of bodies) {
    const shape = shapeOf(body);
    const rule = SHAPES.get(shape);
    if (!rule) throw badRequest('validation', `The import cannot set ${shape}`);
    if (rule.managedByProvider && user.identityProvider) throw managedByProvider();
    const row = current;
    const step = await rule.apply(body, { tx: work.tx, userId: row.id, row: async () => row });
    change = { ...change, ...step };
    current = { ...current, ...step } as UserRow;
  }
  return change;
}

/** Profile, settings and notes (decision 0048): exported whole, imported through PUT /user's own rules. */
export const usersAccount: AccountPart = {
  async exportOf(db, userId) {
    const user = await findUser(db, userId);
    const organizations = await organizationsOf(db, userId);
    return {
      account: {
        email: user.email,
        username: user.username,
        alias: user.alias,
        persona: { type: user.personaType, value: user.personaValue },
        privacy_setting: user.privacySetting,
        gender: user.gender,
        identity_provider: user.identityProvider,
        created_at: user.createdAt.toISOString(),
        organizations: organizations.map((o) => ({ id: o.id, name: o.name, roles: o.org_roles })),
      },
      profile: exportedProfile(user),
      notes: { tag_notes: user.tagNotes, mood_tags: user.moodTags },
    };
  },

  async importInto(work, userId, document) {
    const user = await lockUser(work.tx, userId);
    const bodies = document.profile ? profileBodies(document.profile) : [];
    if (document.notes) {
      bodies.push({ tag_notes: document.notes.tag_notes });
      if (document.notes.mood_tags) bodies.push({ gojimoji: { tags: document.notes.mood_tags } });
    }
    const change = await applyShapes(work, user, bodies);
    const level = document.profile?.notification_level;
    if (level !== undefined) change.notificationLevel = level;
    if (Object.keys(change).length > 0) {
      const [row] = await work.tx.update(users).set(change).where(eq(users.id, userId)).returning();
      for (const body of bodies) await SHAPES.get(shapeOf(body))?.written?.(work.tx, row as UserRow);
      await announceProfileChange(work, userId);
    }
    return { profile: document.profile !== undefined, notes: document.notes !== undefined };
  },
};
