import { type Static, Type } from 'typebox';
import { LIMITS } from '../constants';
import { Nullable } from './common';
import { BlockEntry } from './social';
import { QuietHoursSetting } from './users';

/** What names an Orbit export: the import refuses any other document. */
export const ACCOUNT_EXPORT_FORMAT = 'orbit-account-export';
export const ACCOUNT_EXPORT_VERSION = 1;

/** The screen name a message shows once its author erased their account (the web words it itself). */
export const DELETED_MEMBER_NAME = 'deleted member';

/** DELETE /user: the member's password confirms the erasure. */
export const EraseAccountBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type EraseAccountBody = Static<typeof EraseAccountBody>;

/**
 * The profile and settings of an export, in PUT /user's own terms, so that an import checks them with the
 * same rules; what the import cannot set (email, username, alias, persona picture) is exported only.
 */
export const ExportedProfile = Type.Object({
  first_name: Type.Optional(Type.String({ maxLength: 1000 })),
  last_name: Type.Optional(Type.String({ maxLength: 1000 })),
  avatar_image: Type.Optional(Type.String({ maxLength: 200 })),
  date_of_birth: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  height_meter: Type.Optional(Nullable(Type.Number())),
  weight_kg: Type.Optional(Nullable(Type.Number())),
  address: Type.Optional(
    Type.Object({
      country: Type.Optional(Type.String({ maxLength: 10 })),
      state: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    }),
  ),
  measurement_unit: Type.Optional(Type.Integer()),
  timezone: Type.Optional(Type.String({ maxLength: 100 })),
  notification_level: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  quiet_hours: Type.Optional(Nullable(QuietHoursSetting)),
  wellbeing_mode: Type.Optional(Type.Boolean()),
});
export type ExportedProfile = Static<typeof ExportedProfile>;

/** One logged activity session of an export (manual or from an application). */
export const ExportedActivityLog = Type.Object({
  activity_type: Type.Integer({ minimum: -1000, maximum: 1000 }),
  session_type: Type.Integer({ minimum: -1000, maximum: 100000 }),
  session_kind: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  app_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 7 }))),
  external_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
  start: Type.String({ format: 'date-time' }),
  duration_ms: Type.Integer({ minimum: 0, maximum: 7 * 24 * 3600 * 1000 }),
  calories: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  steps: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
  distance_m: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
});
export type ExportedActivityLog = Static<typeof ExportedActivityLog>;

export const ExportedMood = Type.Object({
  mood: Type.Integer({ minimum: 0, maximum: 100 }),
  set_at: Type.String({ format: 'date-time' }),
});
export type ExportedMood = Static<typeof ExportedMood>;

export const ExportedTag = Type.Object({
  context: Type.Integer({ minimum: 0, maximum: 100 }),
  tag: Type.String({ minLength: 1, maxLength: 10000 }),
  last_used_at: Type.String({ format: 'date-time' }),
});
export type ExportedTag = Static<typeof ExportedTag>;

/** The member's notes: the tag editor's notes and their current mood tags. */
export const ExportedNotes = Type.Object({
  tag_notes: Type.String({ maxLength: 10000 }),
  mood_tags: Type.Optional(Type.Array(Type.String({ maxLength: 10000 }), { maxItems: 100 })),
});
export type ExportedNotes = Static<typeof ExportedNotes>;

const MAX_IMPORTED = LIMITS.importItemsMax;

/**
 * POST /user/import: the personal part of an export (GET /user/export's document as it was downloaded; its
 * other sections are ignored). Every section is optional; importing the same document twice adds nothing.
 */
export const AccountImport = Type.Object({
  format: Type.Literal(ACCOUNT_EXPORT_FORMAT),
  version: Type.Integer({ minimum: 1, maximum: ACCOUNT_EXPORT_VERSION }),
  profile: Type.Optional(ExportedProfile),
  activity_logs: Type.Optional(Type.Array(ExportedActivityLog, { maxItems: MAX_IMPORTED })),
  mood_history: Type.Optional(Type.Array(ExportedMood, { maxItems: MAX_IMPORTED })),
  tags: Type.Optional(Type.Array(ExportedTag, { maxItems: MAX_IMPORTED })),
  notes: Type.Optional(ExportedNotes),
  blocks: Type.Optional(Type.Array(BlockEntry, { maxItems: MAX_IMPORTED })),
});
export type AccountImport = Static<typeof AccountImport>;

/** What an import added or set: counts of new items (0 the second time), and whether profile and notes were set. */
export const ImportResult = Type.Object({
  profile: Type.Boolean(),
  notes: Type.Boolean(),
  activity_logs: Type.Integer(),
  mood_history: Type.Integer(),
  tags: Type.Integer(),
  blocks: Type.Integer(),
});
export type ImportResult = Static<typeof ImportResult>;

/** An uploaded file of the member, embedded in the export (base64), so the document stands alone. */
export const ExportedFile = Type.Object({
  kind: Type.String({ description: 'persona, temp, community, group, attachment, recording' }),
  file_name: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  created_at: Type.String(),
  data_base64: Nullable(Type.String({ description: 'null when the bytes are no longer stored' })),
});
export type ExportedFile = Static<typeof ExportedFile>;

/**
 * GET /user/export: everything the member owns or wrote, one section per kind (decision 0048). The personal
 * sections have the import's shapes; the others are records for the member to keep.
 */
export const AccountExport = Type.Object(
  {
    format: Type.Literal(ACCOUNT_EXPORT_FORMAT),
    version: Type.Integer(),
    exported_at: Type.String(),
    user_id: Type.Integer(),
  },
  { additionalProperties: true, description: 'and one section per kind of data' },
);
export type AccountExport = Static<typeof AccountExport>;
