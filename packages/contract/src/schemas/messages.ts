import { type Static, Type } from 'typebox';
import { LIMITS } from '../constants';
import { DisplayName, Id, Nullable } from './common';

/** A private message holds as much as a post (10000 characters); the spec sets no lower limit for it. */
export const PM_MESSAGE_MAX = LIMITS.postMessage;
/** Messages per page of GET /pms/list. */
export const PM_PAGE_SIZE = 25;
export const PM_GROUP_NAME_MAX = 100;
/** Orbit's cap on a group's size (the spec sets only the lower bound: more than 2 including the creator). */
export const PM_GROUP_MAX_PARTICIPANTS = 50;
/** Previews answered by GET /pms/previews: the most recently active threads. */
export const PM_PREVIEWS_MAX = 200;
/** An unread counter stops counting here: a badge needs no exact figure beyond it. */
export const PM_UNREAD_COUNT_CAP = 999;
/** What a preview shows instead of the text when the last message carries attachments (docs/product/messages.md#previews). */
export const PM_IMAGE_TEXT = 'IMAGE';

export const PmState = { UNREAD: 'unread', READ: 'read' } as const;
export type PmState = (typeof PmState)[keyof typeof PmState];
const State = Type.Union([Type.Literal(PmState.UNREAD), Type.Literal(PmState.READ)]);

/** An attachment of a private message (docs/product/messages.md#previews): its file type code, name, url and size. */
export const PmAttachment = Type.Object({
  type: Type.Integer({ description: 'file type code' }),
  fileName: Type.String(),
  url: Type.String(),
  size: Type.Integer(),
});
export type PmAttachment = Static<typeof PmAttachment>;

/**
 * A private message, unread until its thread is opened (docs/product/messages.md#previews, #unread), as GET /pms/list and PM events carry it.
 */
export const PrivateMessage = Type.Object({
  pm_id: Type.Integer(),
  group_id: Type.Integer(),
  user_id: Nullable(Type.Integer({ description: 'null once the author erased their account' })),
  name: DisplayName,
  screen_name: Type.String(),
  ts: Type.String(),
  message: Type.String(),
  state: State,
  image_url: Nullable(Type.String({ description: "the author's picture" })),
  attachments: Type.Array(PmAttachment),
  edited: Type.Boolean(),
});
export type PrivateMessage = Static<typeof PrivateMessage>;

/** A thread's preview (docs/product/messages.md#previews): one thread in the list, with its last message and unread count (docs/product/messages.md#unread). */
export const PmPreview = Type.Object({
  group_id: Type.Integer(),
  group_name: Type.String({ description: 'the group name, or the other members’ names' }),
  is_group: Type.Boolean(),
  name: Nullable(Type.String({ description: "the last message's author, by the name they go by (0043)" })),
  screen_name: Nullable(Type.String({ description: "the last message's author" })),
  prev_screen_name: Nullable(Type.String({ description: 'the author of the message before it' })),
  names: Type.Array(DisplayName, { description: 'the other participants, by the names they go by (0043)' }),
  screen_names: Type.Array(Type.String(), { description: 'the other participants' }),
  ts: Type.String({ description: 'the last message, or the thread’s creation' }),
  text: Type.String({ description: 'the last message; IMAGE when it has attachments' }),
  message: Type.String({ description: 'the same as text' }),
  state: State,
  image_url: Nullable(Type.String({ description: "the other member's picture, or the last author's" })),
  group_image_url: Nullable(Type.String()),
  user_ids: Type.Array(Type.Integer()),
  users_ids: Type.Array(Type.Integer()),
  unread_count: Type.Integer({
    description: `messages from others not read yet, counted up to ${PM_UNREAD_COUNT_CAP}`,
  }),
  attachments: Type.Array(PmAttachment),
  can_send: Type.Boolean({
    description: 'false in a one-to-one thread whose other member is not a friend: the composer is hidden',
  }),
});
export type PmPreview = Static<typeof PmPreview>;

export const PmPreviewsQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 64, description: 'a participant or group name' })),
});
export const PmPreviewsResponse = Type.Object({ previews: Type.Array(PmPreview) });
export type PmPreviewsResponse = Static<typeof PmPreviewsResponse>;

export const PmGroupParams = Type.Object({ group_id: Id });
export const PmMessageParams = Type.Object({ group_id: Id, pm_id: Id });
export const PmGroupIdParams = Type.Object({ id: Id });

export const PmListQuery = Type.Object({
  page_key: Type.Optional(Type.String({ maxLength: 200, description: 'an older_key or newer_key' })),
});
export const PmListResponse = Type.Object({
  messages: Type.Array(PrivateMessage, { description: 'newest first' }),
  older_key: Nullable(Type.String()),
  newer_key: Nullable(Type.String()),
  last_read_pm_id: Type.Integer({
    description: 'the newest message the caller had read: the Unread messages divider goes after it',
  }),
});
export type PmListResponse = Static<typeof PmListResponse>;

export const PmMessageBody = Type.Object(
  {
    message: Type.String({
      maxLength: PM_MESSAGE_MAX * 2,
      description: `trimmed, at most ${PM_MESSAGE_MAX}`,
    }),
  },
  { additionalProperties: false },
);
export type PmMessageBody = Static<typeof PmMessageBody>;
export const PmSent = Type.Object({ group_id: Type.Integer(), pm_id: Type.Integer() });
/** POST /pms/{group_id}/attachments: the message written with its files. */
export const PmSentWithFiles = Type.Object({
  group_id: Type.Integer(),
  pm_id: Type.Integer(),
  attachments: Type.Array(PmAttachment),
});
/** The `data` field of POST /pms/{group_id}/attachments: the message's text, which the files may replace. */
export const PmFilesData = Type.Partial(PmMessageBody);
/** The put path: the files added to one's own message. */
export const PmFilesAdded = Type.Object({ attachments: Type.Array(PmAttachment) });

export const PmCreateGroupBody = Type.Object(
  {
    user_ids: Type.Array(Id, { maxItems: PM_GROUP_MAX_PARTICIPANTS }),
    name: Type.Optional(Type.String({ maxLength: PM_GROUP_NAME_MAX })),
  },
  { additionalProperties: false },
);
export type PmCreateGroupBody = Static<typeof PmCreateGroupBody>;
export const PmGroupCreated = Type.Object({ id: Type.Integer() });

export const PmDirectBody = Type.Object({ user_id: Id }, { additionalProperties: false });
export const PmDirectResponse = Type.Object({ group_id: Type.Integer() });

export const PmGroupImageResponse = Type.Object({ imageUrl: Type.String() });

export const PmReadResponse = Type.Object({
  group_id: Type.Integer(),
  last_read_pm_id: Type.Integer(),
  pending_pms_qty: Type.Integer({ description: 'threads with unread messages left' }),
});

/** PM/DELETE carries which message went. */
export const PmDeleted = Type.Object({ group_id: Type.Integer(), pm_id: Type.Integer() });
export type PmDeleted = Static<typeof PmDeleted>;

/** The group picture's URL carries its image id (`v`), so a new picture is a new URL to caches. */
export const PmGroupImageQuery = Type.Object({
  v: Type.Optional(Type.Integer({ minimum: 1 })),
  s: Type.Optional(Type.Integer({ minimum: 16, maximum: 2048, description: 'fit the image inside s x s' })),
});
