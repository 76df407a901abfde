import {
  avatarNameOf,
  isValidAvatarName,
  PERSONA_GENDER_STYLES,
  PersonaType,
  TagContext,
  type UpdateUserBody,
} from '@orbit/contract';
import type { Tx } from '../../db/client';
import type { users } from '../../db/schema';
import { badRequest, conflict } from '../../platform/errors';
import { isIdentityTaken } from '../auth';
import type { UserRow } from '../faces';
import { isOwnPersonaImage } from '../images';
import { recordMood } from '../moods';
import { recordTags } from '../tags';
import * as rules from './rules';

export type ColumnChange = Partial<typeof users.$inferInsert>;

export interface ChangeContext {
  tx: Tx;
  userId: number;
  /** The member's row, locked, read on the first call: most changes write without reading it (decision 0094). */
  row(): Promise<UserRow>;
}

/**
 * Who hears of a change: the member alone (their other devices), everyone with their face on a star (a
 * name, picture or alias change: they refetch their star set), or those same members with the new mood as a
 * delta they apply without a refetch.
 */
export type Audience = 'self' | 'face' | 'mood';

interface Shape {
  /** Name, persona and password come from the identity provider when the account has one (docs/product/account-and-safety.md#profile). */
  managedByProvider?: boolean;
  /** Absent: the member alone; nothing a star shows others changed. */
  seen?: Exclude<Audience, 'self'>;
  apply(body: UpdateUserBody, ctx: ChangeContext): ColumnChange | Promise<ColumnChange>;
  /**
   * What the change also records once the member's row is written: the row's lock is held from there to the
   * commit, so two devices' changes are recorded in the order they were applied (decision 0094).
   */
  written?(tx: Tx, row: UserRow): Promise<void>;
}

export const PASSWORD_SHAPE = 'password_new,password_old';

/** The keys of one PUT /user body, nested ones as `address.country`, sorted: it names the shape sent. */
export function shapeOf(body: UpdateUserBody): string {
  const keys: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const nested = (key === 'address' || key === 'gojimoji') && value !== null && typeof value === 'object';
    const inner = nested
      ? Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      : [];
    keys.push(...(inner.length > 0 ? inner.map((k) => `${key}.${k}`) : [key]));
  }
  return keys.sort().join(',');
}

async function aliasChange(body: UpdateUserBody, { tx, row }: ChangeContext): Promise<ColumnChange> {
  const user = await row();
  const add = body.alias_add?.trim() || null;
  const remove = body.alias_remove?.trim() || null;
  // alias_remove names the alias the editor showed: a stale editor must not overwrite a newer change.
  if (remove !== null && remove.toLowerCase() !== user.alias?.toLowerCase()) {
    throw conflict('alias_changed', 'The avatar name has changed meanwhile; reload and try again');
  }
  if (add === null) return { alias: null };
  if (!isValidAvatarName(add)) throw badRequest('invalid_avatar_name', 'invalid avatar name');
  if (await isIdentityTaken(tx, add, user.id)) {
    throw conflict('identity_not_available', 'avatar name not available');
  }
  return { alias: add };
}

function httpsUrl(value: string): string {
  try {
    if (new URL(value).protocol === 'https:') return value;
  } catch {
    // falls through to the refusal below
  }
  throw badRequest('validation', 'A persona image URL must be an https URL');
}

async function personaChange(body: UpdateUserBody, { tx, userId }: ChangeContext): Promise<ColumnChange> {
  const { type, value } = body.persona_image!;
  const text = String(value).trim();
  if (type === PersonaType.STAR) {
    if (!(PERSONA_GENDER_STYLES as readonly string[]).includes(text)) {
      throw badRequest('validation', 'A star persona is male, female or other');
    }
    return { personaType: type, personaValue: text };
  }
  if (type === PersonaType.UPLOADED) {
    const imageId = Number(text);
    if (!Number.isSafeInteger(imageId) || !(await isOwnPersonaImage(tx, userId, imageId))) {
      throw badRequest('invalid_image', 'unable to change persona image: not one of your uploaded images');
    }
    return { personaType: type, personaValue: String(imageId) };
  }
  if (type === PersonaType.URL || type === PersonaType.URL_ALT) {
    return { personaType: type, personaValue: httpsUrl(text) };
  }
  throw badRequest('validation', 'persona_image.type must be 1, 2, 3 or 4');
}

async function countryChange(body: UpdateUserBody, { row }: ChangeContext): Promise<ColumnChange> {
  const country = rules.countryCode(body.address!.country!);
  const user = await row();
  // A state belongs to its country: moving country clears it until the member picks a new one.
  return { country, state: country === user.country ? user.state : null };
}

/** Mood tags also become the member's prior tags of the GOJIMOJI context (GET /tags). */
const moodTagsShape: Shape = {
  seen: 'mood',
  apply: (body) => ({ moodTags: rules.moodTags(body.gojimoji!.tags!) }),
  written: (tx, row) => recordTags(tx, row.id, TagContext.GOJIMOJI, row.moodTags),
};

/** Every mood set is kept (mood_history), even the same one again: the member's private insights count them. */
const moodShape: Shape = {
  seen: 'mood',
  apply: (body) => ({ mood: rules.mood(body.gojimoji!.mood!) }),
  written: (tx, row) => recordMood(tx, row.id, row.mood as number),
};

/**
 * Quiet hours on, moved or off (decision 0044). Windows that ended before this change are not digested: the
 * marker starts now, so the first digest counts from here.
 */
function quietHoursChange(body: UpdateUserBody): ColumnChange {
  if (body.quiet_hours === null) return { quietStart: null, quietEnd: null };
  const { start, end } = rules.quietHours(body.quiet_hours!);
  return { quietStart: start, quietEnd: end, quietDigestThrough: new Date() };
}

/** Every PUT /user shape of docs/product/account-and-safety.md#profile (one setting per call) but the password, and Orbit's own, by the keys it sends. */
export const SHAPES = new Map<string, Shape>([
  [
    'first_name',
    {
      managedByProvider: true,
      seen: 'face',
      apply: (b) => ({ firstName: rules.personName(b.first_name!, 'first_name') }),
    },
  ],
  [
    'last_name',
    {
      managedByProvider: true,
      // The last name is part of the one display name (decision 0043), so others' stars show it.
      seen: 'face',
      apply: (b) => ({ lastName: rules.personName(b.last_name!, 'last_name') }),
    },
  ],
  [
    'avatar_image',
    {
      seen: 'face',
      apply: (b) => {
        const avatar = avatarNameOf(b.avatar_image!);
        if (!avatar) throw badRequest('validation', 'avatar_image must be one of av1 to av22');
        return { avatarImage: avatar };
      },
    },
  ],
  ['alias_add', { seen: 'face', apply: aliasChange }],
  ['alias_add,alias_remove', { seen: 'face', apply: aliasChange }],
  ['date_of_birth', { apply: (b) => ({ dateOfBirth: rules.parseDateOfBirth(b.date_of_birth!) }) }],
  ['height_meter', { apply: (b) => ({ heightMeter: rules.heightMeter(b.height_meter!) }) }],
  ['weight_kg', { apply: (b) => ({ weightKg: rules.weightKg(b.weight_kg!) }) }],
  ['address.country', { apply: countryChange }],
  [
    'address.state',
    { apply: async (b, { row }) => ({ state: rules.stateFor((await row()).country, b.address!.state!) }) },
  ],
  ['measurement_unit', { apply: (b) => ({ unitPreference: rules.measurementUnit(b.measurement_unit!) }) }],
  ['timezone', { apply: (b) => ({ timezone: rules.timezone(b.timezone!) }) }],
  ['persona_image', { managedByProvider: true, seen: 'face', apply: personaChange }],
  ['tag_notes', { apply: (b) => ({ tagNotes: rules.tagNotes(b.tag_notes!) }) }],
  ['gojimoji.mood', moodShape],
  ['gojimoji.tags', moodTagsShape],
  // Settings only the member's own devices hear of (decision 0044).
  ['quiet_hours', { apply: quietHoursChange }],
  ['wellbeing_mode', { apply: (b) => ({ wellbeingMode: b.wellbeing_mode! }) }],
]);
