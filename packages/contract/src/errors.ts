import type { LocaleKey } from './locale/en_us';

/**
 * The text of a refusal the web has no words of its own for: the default popup's message (docs/product/README.md#errors: title
 * "Error", message "Something went wrong").
 */
export const GENERIC_ERROR_TEXT = 'error.message' satisfies LocaleKey;
const GENERIC = GENERIC_ERROR_TEXT;

/**
 * Every error code the server sends (the refusal's `error`, and the codes of `errors[]`), snake_case, each with the
 * locale key of the text the web shows for it; a code the web has no words for yet shows the generic text.
 * The server's error helpers take only these codes; the web maps a code to its text here and never matches
 * on message text (docs/decisions/0034).
 */
export const ERROR_CATALOGUE = {
  // Any call (docs/product/README.md#errors): invalid input, no session, not allowed, nothing there, the framework's limits.
  validation: GENERIC,
  bad_request: GENERIC,
  unauthorized: GENERIC,
  forbidden: 'error.forbidden',
  bad_origin: GENERIC,
  not_found: 'error.not_found',
  too_large: GENERIC,
  unsupported_type: GENERIC,
  malformed_form: GENERIC,
  rate_limited: 'auth.rate_limited',
  internal: GENERIC,
  /** The database did not answer (gone, restarting, failing over): 503 with Retry-After, nothing changed. */
  unavailable: GENERIC,
  /** The instance is draining (SIGTERM): it takes no new socket; the client goes on at another (issue 27). */
  draining: GENERIC,
  invalid_page_key: GENERIC,
  out_of_range: GENERIC,

  // Sign-in, registration and passwords: email_already_in_use reads "Email
  // already in use", identity_not_available "User already exists!" (docs/product/account-and-safety.md#registration).
  invalid_credentials: 'auth.invalid_credentials',
  /** An operator disabled the account (`orbit user:disable`, decision 0057): no sign-in until enabled. */
  account_disabled: 'auth.account_disabled',

  // Two-factor sign-in (issue 16, decision 0050): a wrong, used or stale code, a challenge that expired or
  // took too many wrong codes (sign in again), and setting up or turning off in the wrong state.
  invalid_code: 'two_factor.invalid_code',
  invalid_challenge: 'two_factor.invalid_challenge',
  two_factor_enabled: GENERIC,
  two_factor_not_enabled: GENERIC,
  two_factor_not_set_up: 'two_factor.not_set_up',
  invalid_token: GENERIC,
  invalid_ticket: GENERIC,
  incorrect_password: 'password.incorrect',
  // POST /user/import: the file is not an Orbit export (or one of a newer version).
  invalid_import: 'account.invalid_import',
  invalid_password: 'registration.invalid_password',
  common_password: 'auth.common_password',
  invalid_username: 'registration.invalid_username',
  email_already_in_use: 'registration.email_already_in_use',
  identity_not_available: 'registration.user_already_exists',
  registration_closed: GENERIC,

  // The member's profile, images and social-network sync.
  invalid_avatar_name: 'avatar.invalid_name',
  alias_changed: GENERIC,
  invalid_image: 'upload.unable_to_upload_image',
  managed_by_identity_provider: GENERIC,
  no_social_provider: GENERIC,
  invalid_social_token: GENERIC,
  social_provider_unavailable: GENERIC,
  identity_provider_mismatch: GENERIC,
  social_account_linked: GENERIC,

  // Organisation administration, announcements, search.
  not_org_admin: 'error.forbidden',
  not_an_administrator: GENERIC,
  invalid_query: GENERIC,

  // Friends and members.
  self_request: GENERIC,
  not_friends: GENERIC,
  not_a_friend: GENERIC,
  already_friends: GENERIC,
  duplicate_request: GENERIC,
  message_too_long: GENERIC,
  // Blocks (issue 14): nobody blocks themselves; a block refuses contact both ways.
  cannot_block_self: GENERIC,
  blocked: 'blocks.refused',

  // Communities: joining meets the terms (docs/product/communities.md#join); only experts manage members, info and image, and
  // nobody removes themselves (docs/product/communities.md#members); a name of 1..30 characters and one initial (docs/product/communities.md#create).
  invalid_role: GENERIC,
  terms_not_accepted: GENERIC,
  names_required: GENERIC,
  already_member: GENERIC,
  already_invited: GENERIC,
  invite_required: GENERIC,
  not_a_member: GENERIC,
  not_an_expert: GENERIC,
  last_expert: GENERIC,
  cannot_remove_self: GENERIC,
  invalid_name: GENERIC,
  invalid_initials: GENERIC,
  invalid_color: GENERIC,
  invalid_owner: GENERIC,
  may_not_create: GENERIC,
  no_invite: GENERIC,

  // Feeds, comments and polls: a message needs text or an attachment (docs/product/feeds-and-comments.md#post-limits); only experts set urgency and
  // an expired poll takes no vote (docs/product/feeds-and-comments.md#urgency).
  empty_message: GENERIC,
  target_required: GENERIC,
  invalid_target: GENERIC,
  invalid_tag: GENERIC,
  tag_too_long: GENERIC,
  urgency_experts_only: GENERIC,
  not_a_poll: GENERIC,
  poll_expired: 'poll.closed',
  invalid_answer: GENERIC,
  invalid_poll: GENERIC,
  invalid_expiration: GENERIC,
  not_author: GENERIC,
  not_allowed: GENERIC,
  link_preview_failed: GENERIC,

  // Attachments.
  no_files: GENERIC,
  too_many_files: GENERIC,
  invalid_attachment: GENERIC,

  // Private messages: a group needs more than 2 participants including its creator (docs/product/messages.md#message-limits).
  self: GENERIC,
  group_too_small: GENERIC,
  not_a_group: GENERIC,

  // Notifications and moments: only a challenge invitation is accepted (docs/product/realtime.md#notifications-list); a dare or share needs
  // participants (docs/product/moments.md#criteria, #moment-type).
  not_a_challenge: GENERIC,
  no_participants: 'moments.no_participants',
  treasure_has_participants: GENERIC,
  session_info_too_long: GENERIC,
  unknown_criterion: GENERIC,
  choose_one_criterion: GENERIC,
  moment_completed: GENERIC,

  // Activities, leaderboards, incentives, surveys and the tournament.
  invalid_activity_type: GENERIC,
  invalid_session: GENERIC,
  history_out_of_range: GENERIC,
  leaderboard_needs_scope: GENERIC,
  plan_required: GENERIC,
  invalid_range: GENERIC,
  duplicate_activity: GENERIC,
  invalid_community: GENERIC,
  invalid_date: GENERIC,
  invalid_time_window: GENERIC,
  blank_text: GENERIC,
  survey_has_responses: GENERIC,
  survey_not_started: GENERIC,
  survey_closed: GENERIC,
  answers_mismatch: GENERIC,
  answer_out_of_range: GENERIC,
  already_responded: GENERIC,
  tournament_over: GENERIC,
  own_high_five: GENERIC,

  // Calls: started for a community or for attendees (docs/product/calls-and-lessons.md#call-screen); a room holds me and 5 remote feeds (docs/product/calls-and-lessons.md#call-media).
  media_unavailable: 'stream.no_server',
  no_such_call: GENERIC,
  no_such_thread: GENERIC,
  call_ended: 'call.ended',
  call_full: 'call.full',
  call_target: GENERIC,
  call_yourself: GENERIC,
  not_in_call: GENERIC,
  not_in_group: GENERIC,
  not_invited: GENERIC,

  // Live sessions: an ended session shows it has ended, a kicked viewer is told so, and only the host
  // moderates (docs/product/calls-and-lessons.md#lesson-room, #lesson-moderation).
  no_such_session: GENERIC,
  session_ended: 'stream.session_has_ended',
  not_the_host: GENERIC,
  kicked: 'stream.kicked',
  mic_state: GENERIC,
  host_mic: GENERIC,
  requests_disabled: GENERIC,
  user_required: GENERIC,
  host_target: GENERIC,
  no_such_viewer: GENERIC,
  mic_not_granted: GENERIC,
  not_in_room: GENERIC,
  no_media: GENERIC,
  empty_post: GENERIC,
  post_max_size: 'stream.post_max_size',

  // Reports (issue 14): a member reports someone else, and a report is acted on once.
  cannot_report_self: 'report.cannot_report_self',
  already_resolved: 'report.already_resolved',

  // Web Push (issue 26, decision 0053): an endpoint that is not an https URL of a public host, keys that are
  // not a P-256 point and a 16-byte secret, or a missing one.
  invalid_subscription: GENERIC,
} as const satisfies Record<string, LocaleKey>;

/** A stable error code (docs/product/README.md#errors). */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Each code by its own name, for reading it in code: `ErrorCode.kicked`. */
export const ErrorCode = Object.fromEntries(Object.keys(ERROR_CATALOGUE).map((code) => [code, code])) as {
  readonly [C in ErrorCode]: C;
};

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

/** The locale key of the text for a refusal's code; a code not in the catalogue shows the generic text. */
export function errorTextKey(code: string): LocaleKey {
  return isErrorCode(code) ? ERROR_CATALOGUE[code] : GENERIC;
}

export interface ApiErrorBody {
  error: ErrorCode;
  message: string;
  details?: unknown;
  errors?: { code: ErrorCode; message: string }[];
}
