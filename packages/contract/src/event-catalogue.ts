import { type Static, type TSchema, Type } from 'typebox';
import { type EventSubtype, EventType } from './enums';
import { ActivityLogged } from './schemas/activities';
import { CallEndEvent, CallInvite, CallMemberEvent } from './schemas/calls';
import { FeedComment, FeedPost } from './schemas/feeds';
import { PmDeleted, PrivateMessage } from './schemas/messages';
import { MaintenanceEventData, NotificationChange, NotificationUpdate } from './schemas/notifications';
import { Report, ReportGone } from './schemas/reports';
import {
  ChatEventData,
  SessionChanged,
  SessionFloorChanged,
  SessionKicked,
  SessionMicChanged,
  SessionPostAdded,
} from './schemas/sessions';
import { FriendEntry, FriendRequestEntry } from './schemas/social';
import { Gojimoji } from './schemas/users';

/**
 * USER_PROFILES (docs/product/home-and-stars.md#profiles-response): refetch /user/profiles. It names what changed: a member's own profile or star set
 * (`user_id`), a community's membership, invites or picture (`community_id`), or a survey or incentive plan
 * of the member's organisation (`organization_id`). With `gojimoji` it is a delta instead: member `user_id`
 * has a new mood, and the client puts it on that member's stars without refetching (issue 17).
 */
export const ProfilesChanged = Type.Object({
  user_id: Type.Optional(Type.Integer()),
  community_id: Type.Optional(Type.Integer()),
  organization_id: Type.Optional(Type.Integer()),
  gojimoji: Type.Optional(Gojimoji),
});
export type ProfilesChanged = Static<typeof ProfilesChanged>;

/** FRIEND_REQUEST REJECT: the member who declined (or withdrew) the request. */
export const FriendRequestRejected = Type.Object({ user_id: Type.Integer() });

/** CHANNEL NEW or DELETE: the member's sockets follow a community's channel from `from` on, or no longer. */
export const ChannelFollow = Type.Object({ community_id: Type.Integer(), from: Type.Integer() });
export type ChannelFollow = Static<typeof ChannelFollow>;

/** The key of an event without a subtype (USER_PROFILES) in the catalogue: `String(null)`. */
export const NO_SUBTYPE = 'null';
type SubtypeKey = EventSubtype | typeof NO_SUBTYPE;

/**
 * Every realtime event the server sends, by type and subtype, with its payload's schema: the one place an
 * event is declared. The server's `emit` and the web's handler table are typed by it, and the test suite
 * checks every emitted payload against it (docs/decisions/0034).
 */
export const EVENT_CATALOGUE = {
  [EventType.COMMUNITY_POST]: { NEW: FeedPost, UPDATE: FeedPost, DELETE: FeedPost },
  [EventType.USER_POST]: { NEW: FeedPost, UPDATE: FeedPost, DELETE: FeedPost },
  [EventType.COMMUNITY_COMMENT]: { NEW: FeedComment, UPDATE: FeedComment, DELETE: FeedComment },
  [EventType.PM]: { NEW: PrivateMessage, UPDATE: PrivateMessage, DELETE: PmDeleted },
  [EventType.USER_PROFILES]: { [NO_SUBTYPE]: ProfilesChanged },
  [EventType.CALL]: {
    INVITE: CallInvite,
    START: CallEndEvent,
    END: CallEndEvent,
    ACCEPT: CallMemberEvent,
    REJECT: CallMemberEvent,
    UPDATE: CallMemberEvent,
  },
  [EventType.CHAT]: { NEW: ChatEventData },
  [EventType.FRIEND_REQUEST]: {
    SENT: FriendRequestEntry,
    ACCEPT: FriendEntry,
    REJECT: FriendRequestRejected,
  },
  // One union on `kind` per subtype: the activities feature's `activity` and the live sessions' kinds.
  [EventType.SESSION_ACTIVITY]: {
    NEW: Type.Union([ActivityLogged, SessionChanged, SessionPostAdded]),
    UPDATE: Type.Union([SessionChanged, SessionFloorChanged, SessionMicChanged]),
    END: SessionChanged,
    DELETE: SessionKicked,
  },
  [EventType.MAINTENANCE_NOTIFICATION]: { NEW: MaintenanceEventData },
  [EventType.NOTIFICATION]: { NEW: NotificationChange, UPDATE: NotificationUpdate },
  [EventType.CHANNEL]: { NEW: ChannelFollow, DELETE: ChannelFollow },
  // A moderator's report lists (decision 0052): a new open report, one dismissed or acted on, or one gone
  // with the erased account it named.
  [EventType.REPORT]: { NEW: Report, UPDATE: Report, DELETE: ReportGone },
} as const satisfies { [T in EventType]: Partial<Record<SubtypeKey, TSchema>> };

type Catalogue = typeof EVENT_CATALOGUE;
type KeyOf<T extends EventType> = keyof Catalogue[T] & SubtypeKey;
type SubtypeOfKey<K> = K extends typeof NO_SUBTYPE ? null : K;
type KeyOfSubtype<S> = S extends null ? typeof NO_SUBTYPE : S;
type SchemaAt<T extends EventType, K> = K extends keyof Catalogue[T]
  ? Catalogue[T][K] extends infer X extends TSchema
    ? X
    : never
  : never;

/** The subtypes an event type is sent with (`null` for USER_PROFILES). */
export type EventSubtypeOf<T extends EventType> = T extends EventType ? SubtypeOfKey<KeyOf<T>> : never;

/** The payload of an event of type `T` and subtype `S` (a union when either is). */
export type EventData<T extends EventType, S = EventSubtypeOf<T>> = T extends EventType
  ? S extends EventSubtypeOf<T>
    ? Static<SchemaAt<T, KeyOfSubtype<S>>>
    : never
  : never;

/** The schema of one event's payload, or undefined for a pair the catalogue does not declare. */
export function eventSchema(type: string, subtype: string | null): TSchema | undefined {
  const bySubtype: Readonly<Record<string, TSchema>> | undefined = Object.hasOwn(EVENT_CATALOGUE, type)
    ? EVENT_CATALOGUE[type as EventType]
    : undefined;
  const key = String(subtype);
  return bySubtype && Object.hasOwn(bySubtype, key) ? bySubtype[key] : undefined;
}
