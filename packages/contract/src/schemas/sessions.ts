import { type Static, Type } from 'typebox';
import { LIMITS } from '../constants';
import { IdentityType } from '../enums';
import { IceServerSchema } from './calls';
import { DisplayName, Id, Nullable } from './common';

/** A viewer's mic in a live session, as the server records it (the grant queue is the REQUESTED ones). */
export const SessionMicState = { NONE: 0, REQUESTED: 1, GRANTED: 2 } as const;
export type SessionMicState = (typeof SessionMicState)[keyof typeof SessionMicState];

/** The REQUEST MIC button's states (docs/product/calls-and-lessons.md#mic-requests): REQUESTED shows CANCEL, GRANTED shows MIC GRANTED. */
export const MicRequestButton = {
  ENABLED: 'ENABLED',
  REQUESTED: 'REQUESTED',
  GRANTED: 'GRANTED',
  DISABLED: 'DISABLED',
} as const;
export type MicRequestButton = (typeof MicRequestButton)[keyof typeof MicRequestButton];

/** The mic button's states (docs/product/calls-and-lessons.md#mic-requests): CLOSED remembers the state before it and restores it. */
export const MicButton = { OPEN: 'OPEN', MUTED: 'MUTED', CLOSED: 'CLOSED' } as const;
export type MicButton = (typeof MicButton)[keyof typeof MicButton];

/** Orbit's own bounds for what the spec leaves open: a session's name and description. */
export const SESSION_LIMITS = { name: 100, description: 1000 } as const;

/** How long a recording claim holds before another run takes it over (a crash mid-processing). */
export const RECORDING_LEASE_MS = 15 * 60 * 1000;

export const SessionCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: SESSION_LIMITS.name }),
    description: Type.Optional(Type.String({ maxLength: SESSION_LIMITS.description })),
  },
  { additionalProperties: false },
);
export type SessionCreateBody = Static<typeof SessionCreateBody>;

/**
 * A chat session (docs/product/calls-and-lessons.md#lesson-states: state 3 is live, any other saved) as the streaming rooms list and the room read it.
 */
export const ChatSession = Type.Object({
  id: Type.Integer(),
  community_id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  instructor_id: Type.Integer(),
  instructor_screen_name: Type.String(),
  instructor_image: Type.Object({ value: Nullable(Type.String()) }),
  start_time: Type.String(),
  state: Type.Integer({
    description: 'SessionState: 3 live, 9 ended, 12 processing, 13 failed, 19 replay ready',
  }),
  video_session_id: Type.Integer({ description: 'the Janus video room' }),
  janus_room_id: Type.Integer({ description: 'the Janus audio bridge' }),
  janus_server_name: Type.String({ description: 'the gateway of the pool the session’s rooms are on' }),
});
export type ChatSession = Static<typeof ChatSession>;

export const ChatSessionList = Type.Object({ sessions: Type.Array(ChatSession) });
export type ChatSessionList = Static<typeof ChatSessionList>;

export const CommunityParams = Type.Object({ id: Id });
export const SessionParams = Type.Object({ id: Id, sessionId: Id });
export const SessionIdParams = Type.Object({ id: Id });

/** One viewer of the VIEWERS page and the grant queue. */
export const SessionViewer = Type.Object({
  user_id: Type.Integer(),
  name: DisplayName,
  screen_name: Type.String(),
  image_url: Nullable(Type.String()),
  mic: Type.Integer({ description: 'SessionMicState' }),
  /** In the audio bridge now (from Janus), and whether Janus has them muted. */
  present: Type.Boolean(),
  muted: Type.Boolean(),
});
export type SessionViewer = Static<typeof SessionViewer>;

/** The session's mic standing: Q&A on or off, the queue in request order, the granted mics. */
export const SessionFloor = Type.Object({
  requests_enable: Type.Boolean(),
  pending: Type.Array(Type.Integer()),
  active: Type.Array(Type.Integer()),
  moderators: Type.Array(Type.Integer()),
});
export type SessionFloor = Static<typeof SessionFloor>;

/**
 * GET /gojitalk/{id}: the session and how to join its rooms. `janus_admin_passwd` is the audio bridge's pin
 * and `video_passwd` the video room's: credentials for this session's rooms only, never Janus's admin secret (docs/decisions/0020).
 */
export const SessionRoom = Type.Object({
  session: ChatSession,
  is_host: Type.Boolean(),
  my_mic: Type.Integer({ description: 'SessionMicState' }),
  floor: SessionFloor,
  janus_url: Nullable(
    Type.String({ description: 'the session’s gateway (janus_server_name), as browsers reach it' }),
  ),
  janus_admin_passwd: Nullable(Type.String()),
  video_passwd: Nullable(Type.String({ description: 'the video room pin' })),
  ice_servers: Type.Array(IceServerSchema),
});
export type SessionRoom = Static<typeof SessionRoom>;

/** A viewer's own mic requests. */
export const SessionMicBody = Type.Object(
  { action: Type.Union([Type.Literal('request'), Type.Literal('cancel'), Type.Literal('return')]) },
  { additionalProperties: false },
);
export type SessionMicBody = Static<typeof SessionMicBody>;

/** The caller's mic after a request of theirs: a SessionMicState. */
export const SessionMicAnswer = Type.Object({ mic: Type.Integer() });
export type SessionMicAnswer = Static<typeof SessionMicAnswer>;

/** The host's moderator actions (docs/product/calls-and-lessons.md#lesson-list audio bridge requests), each checked by the server. */
export const ModeratorAction = {
  GRANT: 'grant',
  UNGRANT: 'ungrant',
  UNGRANT_ALL: 'ungrant_all',
  ENABLE_REQUESTS: 'enable',
  DISABLE_REQUESTS: 'disable',
  MUTE: 'mute',
  UNMUTE: 'unmute',
  KICK: 'kick',
} as const;
export type ModeratorAction = (typeof ModeratorAction)[keyof typeof ModeratorAction];

export const SessionModerateBody = Type.Object(
  {
    action: Type.Union([
      Type.Literal(ModeratorAction.GRANT),
      Type.Literal(ModeratorAction.UNGRANT),
      Type.Literal(ModeratorAction.UNGRANT_ALL),
      Type.Literal(ModeratorAction.ENABLE_REQUESTS),
      Type.Literal(ModeratorAction.DISABLE_REQUESTS),
      Type.Literal(ModeratorAction.MUTE),
      Type.Literal(ModeratorAction.UNMUTE),
      Type.Literal(ModeratorAction.KICK),
    ]),
    user_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type SessionModerateBody = Static<typeof SessionModerateBody>;

export const SessionViewers = Type.Object({ viewers: Type.Array(SessionViewer), floor: SessionFloor });
export type SessionViewers = Static<typeof SessionViewers>;

/** The session post writer (docs/product/calls-and-lessons.md#lesson-posts): a message up to 65536 characters, named or anonymous. */
export const SessionPostBody = Type.Object(
  {
    message: Type.String({ description: `trimmed; at most ${LIMITS.sessionPost} characters` }),
    identity_type: Type.Optional(
      Type.Union([Type.Literal(IdentityType.NAME), Type.Literal(IdentityType.ANONYMOUS)]),
    ),
  },
  { additionalProperties: false },
);
export type SessionPostBody = Static<typeof SessionPostBody>;

export const SessionPost = Type.Object({
  id: Type.Integer(),
  session_id: Type.Integer(),
  author_screen_name: Type.String(),
  author_image: Nullable(Type.String()),
  identity_type: Type.Integer(),
  message: Type.String(),
  is_expert: Type.Boolean(),
  me: Type.Boolean(),
  created: Type.String(),
});
export type SessionPost = Static<typeof SessionPost>;

export const SessionPosts = Type.Object({ posts: Type.Array(SessionPost) });
export type SessionPosts = Static<typeof SessionPosts>;

/** A viewer's mic as SESSION_ACTIVITY `mic` carries it. */
const MicStateField = Type.Union([
  Type.Literal(SessionMicState.NONE),
  Type.Literal(SessionMicState.REQUESTED),
  Type.Literal(SessionMicState.GRANTED),
]);

/** `session`: the session itself changed (NEW, UPDATE, END); the streaming rooms list refreshes. */
export const SessionChanged = Type.Object({ kind: Type.Literal('session'), session: ChatSession });
/** `floor`: Q&A or the queue changed (UPDATE); the room's buttons follow. */
export const SessionFloorChanged = Type.Object({
  kind: Type.Literal('floor'),
  session_id: Type.Integer(),
  floor: SessionFloor,
});
/** `mic`: gotMic or micRemoved (UPDATE), to the one viewer concerned. */
export const SessionMicChanged = Type.Object({
  kind: Type.Literal('mic'),
  session_id: Type.Integer(),
  mic: MicStateField,
});
/** `kicked` (DELETE), to the viewer kicked out. */
export const SessionKicked = Type.Object({ kind: Type.Literal('kicked'), session_id: Type.Integer() });
/** `post` (NEW): a new session post, as the POSTS page lists it for the recipient. */
export const SessionPostAdded = Type.Object({
  kind: Type.Literal('post'),
  session_id: Type.Integer(),
  post: SessionPost,
});

/**
 * The live sessions' share of SESSION_ACTIVITY (docs/product/calls-and-lessons.md#call-join), tagged by `kind`: `session` refreshes the streaming
 * rooms list (NEW, UPDATE, END); `floor` tells the room that Q&A or the queue changed; `mic` and `kicked` go
 * to the one viewer concerned (gotMic, micRemoved, kicked); `post` carries a new session post.
 */
export const SessionActivity = Type.Union([
  SessionChanged,
  SessionFloorChanged,
  SessionMicChanged,
  SessionKicked,
  SessionPostAdded,
]);
export type SessionActivity = Static<typeof SessionActivity>;

/**
 * CHAT NEW (docs/product/calls-and-lessons.md#call-join): a post in a running session's chat room, told to the room's viewers (the host and those
 * who entered, kicked ones aside) but not its author: the room shows it as a toast that clears itself. The
 * data is the post as the POSTS page lists it for them.
 */
export const ChatEventData = SessionPost;
export type ChatEventData = SessionPost;
