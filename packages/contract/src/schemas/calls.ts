import { type Static, Type } from 'typebox';
import { CALL_LIMITS } from '../constants';
import { Id, Nullable } from './common';

/** POST /call/start (docs/product/calls-and-lessons.md#call-start): a community, or attendees plus an optional call group (the message thread). */
export const CallStartBody = Type.Object(
  {
    community_id: Type.Optional(Id),
    attendees: Type.Optional(
      Type.Array(Id, {
        minItems: 1,
        maxItems: CALL_LIMITS.maxAttendees,
        uniqueItems: true,
        description: `the members to call, the caller not counted (at most ${CALL_LIMITS.maxAttendees})`,
      }),
    ),
    call_group_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type CallStartBody = Static<typeof CallStartBody>;

/**
 * The call (docs/product/calls-and-lessons.md#call-join, docs/product/calls-and-lessons.md#call-join): a community's call, or a private one tied to a message thread (call_group_id).
 */
export const Call = Type.Object({
  id: Type.Integer(),
  community_id: Nullable(Type.Integer()),
  community_name: Nullable(Type.String()),
  caller_name: Type.String(),
  caller_id: Type.Integer(),
  call_group_id: Nullable(Type.Integer()),
});
export type Call = Static<typeof Call>;

export const CallIdParams = Type.Object({ id: Id });

export const IceServerSchema = Type.Object({
  urls: Type.Union([Type.String(), Type.Array(Type.String())]),
  username: Type.Optional(Type.String()),
  credential: Type.Optional(Type.String()),
});

/** One member in the call as the participants list shows them, muted or not (docs/product/calls-and-lessons.md#call-join Call participant). */
export const CallParticipant = Type.Object({
  id: Type.Integer({ description: 'the member (also their Janus feed id in the room)' }),
  display: Type.String(),
  image: Nullable(Type.String()),
  muted: Type.Boolean(),
  video: Type.Boolean(),
  me: Type.Boolean(),
});
export type CallParticipant = Static<typeof CallParticipant>;

/**
 * GET /private-call/{id}: how to reach the call's room. `janus_admin_passwd` is the room's pin, a
 * credential for this room only, never Janus's admin secret (docs/decisions/0019-calls.md). Every member of
 * a call is given the same gateway (docs/decisions/0027-janus-pool.md).
 */
export const PrivateCallSession = Type.Object({
  janus_url: Type.String({ description: 'the gateway the call is on, as browsers reach it' }),
  janus_server_name: Type.String({ description: 'that gateway’s name in the pool' }),
  janus_room_id: Type.Integer(),
  janus_admin_passwd: Type.String(),
  ice_servers: Type.Array(IceServerSchema),
  call: Call,
  participants: Type.Array(CallParticipant, { description: 'who has joined, me included' }),
});
export type PrivateCallSession = Static<typeof PrivateCallSession>;

/**
 * POST /call/start: the call (its id opens the call page, docs/product/calls-and-lessons.md#call-start) and, for the member who started or joined
 * it, its room session as GET /private-call/{id} answers it: the call page connects without asking again.
 */
export const CallStarted = Type.Object({
  ...Call.properties,
  session: PrivateCallSession,
});
export type CallStarted = Static<typeof CallStarted>;

/** GET /session/{id} (docs/product/calls-and-lessons.md#call-join, docs/product/calls-and-lessons.md#call-start): is the call still on, and for which community. */
export const CallSessionState = Type.Object({
  id: Type.Integer(),
  community_id: Nullable(Type.Integer()),
  live: Type.Boolean(),
});
export type CallSessionState = Static<typeof CallSessionState>;

/** POST /call/{id}/media: my microphone and camera, told to the others as CALL UPDATE. */
export const CallMediaBody = Type.Object(
  { muted: Type.Boolean(), video: Type.Boolean() },
  { additionalProperties: false },
);
export type CallMediaBody = Static<typeof CallMediaBody>;

/** CALL INVITE (docs/product/realtime.md#event-types): what the incoming call popup shows. */
export const CallInvite = Type.Object({
  name: Type.String(),
  image_url: Nullable(Type.String()),
  call_id: Type.Integer(),
  caller_id: Type.Integer(),
  community_id: Nullable(Type.Integer()),
});
export type CallInvite = Static<typeof CallInvite>;

/** CALL ACCEPT, REJECT and UPDATE: a member answered, or changed their microphone or camera. */
export const CallMemberEvent = Type.Object({
  call_id: Type.Integer(),
  user_id: Type.Integer(),
  muted: Type.Optional(Type.Boolean()),
  video: Type.Optional(Type.Boolean()),
});
export type CallMemberEvent = Static<typeof CallMemberEvent>;

/** CALL START and END carry the call id (START the whole call). */
export const CallEndEvent = Type.Object({ call_id: Type.Integer() });
export type CallEndEvent = Static<typeof CallEndEvent>;
