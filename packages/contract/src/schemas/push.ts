import { type Static, Type } from 'typebox';
import { Id } from './common';

/**
 * Web Push (issue 26, docs/decisions/0053): what a push says it is, so that the service worker can word,
 * group and open it. REMINDER is the daily check-in's, sent by the reminders once they exist.
 */
export const PushType = {
  PM: 'PM',
  MENTION: 'MENTION',
  FRIEND_REQUEST: 'FRIEND_REQUEST',
  MOMENT: 'MOMENT',
  CALL: 'CALL',
  COMMUNITY: 'COMMUNITY',
  REMINDER: 'REMINDER',
} as const;
export type PushType = (typeof PushType)[keyof typeof PushType];

export const PUSH_LIMITS = {
  /** Subscriptions a member keeps: a new one beyond them ends the oldest. */
  subscriptions: 20,
  /** Characters of what was written that a push with previews on carries. */
  preview: 140,
  /** Time to live of a call's ring: a call nobody can answer any more is not worth a ring. */
  callTtlSeconds: 60,
  /** Time to live of every other push. */
  ttlSeconds: 24 * 60 * 60,
} as const;

/** The decrypted payload a push service hands the service worker: no token, no email, no mood. */
export const PushPayload = Type.Object({
  type: Type.Union([
    Type.Literal(PushType.PM),
    Type.Literal(PushType.MENTION),
    Type.Literal(PushType.FRIEND_REQUEST),
    Type.Literal(PushType.MOMENT),
    Type.Literal(PushType.CALL),
    Type.Literal(PushType.COMMUNITY),
    Type.Literal(PushType.REMINDER),
  ]),
  title: Type.String(),
  body: Type.String(),
  /** The app path that opens it (the addresses of decision 0042). */
  url: Type.String(),
  /** Pushes of one tag replace each other on the lock screen (one thread, one call). */
  tag: Type.String(),
});
export type PushPayload = Static<typeof PushPayload>;

/** GET /push/key: the VAPID public key, base64url of the uncompressed P-256 point. */
export const PushKeyResponse = Type.Object({ public_key: Type.String() });
export type PushKeyResponse = Static<typeof PushKeyResponse>;

/**
 * POST /push/subscriptions: the browser's `PushSubscription.toJSON()`. Its fields are checked by the server,
 * not the schema, so that every bad subscription is one code (`invalid_subscription`).
 */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.Optional(Type.Unknown()),
  keys: Type.Optional(Type.Unknown()),
  expirationTime: Type.Optional(Type.Unknown()),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

export const PushSubscriptionCreated = Type.Object({ subscription_id: Type.Integer() });
export type PushSubscriptionCreated = Static<typeof PushSubscriptionCreated>;

/** One device that receives pushes; its keys are never read back. */
export const PushSubscriptionEntry = Type.Object({
  subscription_id: Type.Integer(),
  created_at: Type.String(),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  /** Made by the sign-in session of this request: this device. */
  current: Type.Boolean(),
});
export type PushSubscriptionEntry = Static<typeof PushSubscriptionEntry>;

export const PushSubscriptionsResponse = Type.Object({ subscriptions: Type.Array(PushSubscriptionEntry) });
export type PushSubscriptionsResponse = Static<typeof PushSubscriptionsResponse>;

export const PushSubscriptionParams = Type.Object({ id: Id });

/** What a member lets reach their lock screen; `previews` puts what was written there too. */
export const PushPreferences = Type.Object({
  messages: Type.Boolean(),
  mentions: Type.Boolean(),
  friend_requests: Type.Boolean(),
  moments: Type.Boolean(),
  calls: Type.Boolean(),
  community: Type.Boolean(),
  reminders: Type.Boolean(),
  previews: Type.Boolean(),
});
export type PushPreferences = Static<typeof PushPreferences>;

export const PUSH_PREFERENCE_DEFAULTS: PushPreferences = {
  messages: true,
  mentions: true,
  friend_requests: true,
  moments: true,
  calls: true,
  community: true,
  reminders: true,
  previews: false,
};

/** PUT /push/preferences: any of them; an unknown field or a wrong type is a 400. */
const Switch = Type.Optional(Type.Boolean());
export const PushPreferencesBody = Type.Object(
  {
    messages: Switch,
    mentions: Switch,
    friend_requests: Switch,
    moments: Switch,
    calls: Switch,
    community: Switch,
    reminders: Switch,
    previews: Switch,
  },
  { additionalProperties: false },
);
export type PushPreferencesBody = Static<typeof PushPreferencesBody>;
