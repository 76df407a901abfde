/**
 * Every route of the API by name, module by module: method and Fastify-style path, nothing else. Kept apart
 * from the declarations (which import the schemas) so that the web, which reads only these, bundles no
 * schema (docs/decisions/0035).
 */

/**
 * Files of posts and comments, the composer's image and link previews: a post or comment comes with its
 * files in one upload, and the composer's image is filed under its feed owner's id, `folder` (docs/product/feeds-and-comments.md#composer).
 */
export const ATTACHMENT_ROUTES = {
  userPostWithFiles: 'POST /users/:id/attachments',
  communityPostWithFiles: 'POST /communities/:id/attachments',
  userCommentWithFiles: 'POST /users/:id/feeds/:feedId/attachments',
  communityCommentWithFiles: 'POST /communities/:id/feeds/:feedId/attachments',
  addUserPostFiles: 'POST /users/:id/feeds/:feedId/attachments-put',
  addCommunityPostFiles: 'POST /communities/:id/feeds/:feedId/attachments-put',
  addUserCommentFiles: 'POST /comments/:id/attachments-put',
  addCommunityCommentFiles: 'POST /community/comments/:id/attachments-put',
  attachment: 'GET /attachments/:id',
  uploadPostImage: 'POST /user/post_image',
  postImage: 'GET /user/post_image',
  linkPreview: 'POST /getLinkPreview',
} as const;

/**
 * Registration, sign-in, sessions and passwords: registering, signing in
 * and the token handoff need no session, and a refused registration names the code the client turns into
 * its text, email_already_in_use or identity_not_available (docs/product/account-and-safety.md#registration).
 */
export const AUTH_ROUTES = {
  register: 'POST /register',
  login: 'POST /login',
  token: 'POST /token',
  me: 'GET /me',
  logout: 'POST /user/logout',
  validatePassword: 'POST /user/validate_password',
  confirmPassword: 'POST /user/confirm_password',
  identityAvailable: 'GET /user/identity_available',
  loginTwoFactor: 'POST /login/2fa',
} as const;

/**
 * Account security (issue 16): two-factor sign-in with a TOTP app, and the member's own devices (their
 * sign-in sessions), each of which they can sign out.
 */
export const SECURITY_ROUTES = {
  twoFactorStatus: 'GET /user/2fa',
  twoFactorSetup: 'POST /user/2fa/setup',
  twoFactorEnable: 'POST /user/2fa/enable',
  twoFactorDisable: 'DELETE /user/2fa',
  deviceSessions: 'GET /user/sessions',
  revokeDeviceSession: 'DELETE /user/sessions/:session_id',
  revokeOtherSessions: 'DELETE /user/sessions',
} as const;

/**
 * Account recovery (issue 16): a member who forgot their password asks for a link by mail and sets a new
 * password with its token; neither needs a session.
 */
export const PASSWORD_ROUTES = {
  forgotPassword: 'POST /password/forgot',
  resetPassword: 'POST /password/reset',
} as const;

/**
 * Calls: one starts with a community or a list of attendees, and the call screen reads the room's address
 * and credentials from the call (docs/product/messages.md (the section of the call: #previews).
 */
export const CALL_ROUTES = {
  startCall: 'POST /call/start',
  privateCall: 'GET /private-call/:id',
  callSession: 'GET /session/:id',
  callMedia: 'POST /call/:id/media',
  leaveCall: 'POST /call/:id/leave',
  rejectCall: 'POST /call/:id/reject',
} as const;

/**
 * Communities, their members and invites: only experts edit a community's info and image or remove members,
 * and nobody removes themselves (docs/product/communities.md#members; docs/product/feeds-and-comments.md#urgency).
 */
export const COMMUNITY_ROUTES = {
  communities: 'GET /communities',
  searchCommunities: 'GET /search/communities',
  community: 'GET /communities/:id',
  updateCommunity: 'PUT /communities/:id',
  joinCommunity: 'POST /join/community/',
  leaveCommunity: 'POST /leave/community',
  createCommunity: 'POST /create/communities',
  communityImage: 'POST /community/:id/image',
  organizations: 'GET /listorganizations',
  inviteToCommunity: 'POST /communities/:id/invite',
  answerInvite: 'PUT /communities/:id/invite',
  communityMembers: 'GET /communities/:id/members',
  communityNonmembers: 'GET /communities/:id/nonmembers',
  addCommunityMember: 'POST /communities/:id/members/:userId',
  removeCommunityMember: 'DELETE /communities/:id/members/:userId',
  appointCommunityExpert: 'PUT /communities/:id/experts/:userId',
} as const;

/**
 * Posts, comments and polls of the member and community feeds: only experts set a comment's urgency, and
 * a poll takes one vote per member, which a later choice moves (docs/product/feeds-and-comments.md#urgency).
 */
export const FEED_ROUTES = {
  userFeeds: 'GET /user/feeds',
  communityFeeds: 'GET /community/feeds',
  userPost: 'GET /user/feed/:id',
  communityPost: 'GET /community/feed/:id',
  createUserPost: 'POST /user/feed',
  createCommunityPost: 'POST /community/feed',
  editUserPost: 'PUT /user/feed/:id',
  deleteUserPost: 'DELETE /user/feed/:id',
  tagUserPost: 'PUT /user/feed/:id/tags',
  rateUserPost: 'POST /user/feed/:id/rate',
  highFiveUserPost: 'POST /user/feed/:id/h5',
  editCommunityPost: 'PUT /communities/:id/feeds/:feedId',
  deleteCommunityPost: 'DELETE /communities/:id/feeds/:feedId',
  tagCommunityPost: 'PUT /communities/:id/feeds/:feedId/tags',
  rateCommunityPost: 'POST /communities/:id/feeds/:feedId/rate',
  highFiveCommunityPost: 'POST /communities/:id/feeds/:feedId/h5',
  userComments: 'GET /user/comments',
  communityComments: 'GET /community/feed/comments',
  createUserComment: 'POST /user/comment',
  createCommunityComment: 'POST /community/feed/comment',
  editUserComment: 'PUT /users/:id/feeds/:feedId/comments/:commentId',
  deleteUserComment: 'DELETE /users/:id/feeds/:feedId/comments/:commentId',
  editCommunityComment: 'PUT /community/:id/feed/:feedId/comments/:commentId',
  deleteCommunityComment: 'DELETE /community/:id/feed/:feedId/comments/:commentId',
  createCommunityPoll: 'POST /communities/:id/polls',
  createPoll: 'POST /polls',
  answerCommunityPoll: 'POST /communities/:id/polls/:feedId/answers',
  answerPoll: 'POST /polls/:feedId/answers',
} as const;

/**
 * Friends, friend requests and the members list: a request is accepted (they become friends) or declined
 * (it is removed), and unfriending removes the friend (docs/product/friends.md#friend-requests).
 */
export const FRIEND_ROUTES = {
  friendRequest: 'PUT /user/friends/request',
  withdrawFriendRequest: 'DELETE /user/friends/request',
  unfriend: 'DELETE /user/friends',
  friends: 'GET /user/friends',
  /** The portal's own call: the same list. */
  portalFriends: 'GET /portal/user/friends',
  friendRequests: 'GET /user/friends/requests',
  friendsOfFriend: 'GET /user/friends-of-friend',
  /** docs/product/friends.md#friend-requests writes this path with a trailing slash; both spellings answer. */
  friendsOfFriendSlash: 'GET /user/friends-of-friend/',
  connections: 'GET /user/connections',
  members: 'GET /users',
} as const;

/**
 * Blocks (issue 14, docs/decisions/0046): a member keeps another away; idempotent both ways, and the list the
 * settings show.
 */
export const BLOCK_ROUTES = {
  block: 'PUT /user/blocks/:user_id',
  unblock: 'DELETE /user/blocks/:user_id',
  blocks: 'GET /user/blocks',
} as const;

/** Pinning a star of the home: the star's `pinned` toggles, and it answers the star's new state (docs/product/home-and-stars.md#star-types). */
export const STAR_ROUTES = {
  pinStar: 'POST /stars/:id/pin',
  unpinStar: 'POST /stars/:id/unpin',
} as const;

/**
 * The member's pictures: uploads, crops, the persona image; the preset session images, public so that a
 * plain image element shows them (docs/product/account-and-safety.md#persona).
 */
export const IMAGE_ROUTES = {
  sessionImages: 'GET /v3/session_images',
  sessionImage: 'GET /v3/session_images/:file',
  uploadTempImage: 'POST /user/temp_image',
  tempImage: 'GET /user/temp_image',
  cropImage: 'POST /crop',
  personaImage: 'POST /user/image_id',
  image: 'GET /user/image',
} as const;

/** The dictionaries and the version gate: both come before sign-in (docs/product/home-and-stars.md#version-check). */
export const LOCALE_ROUTES = {
  locale: 'GET /locale',
  version: 'GET /gv',
} as const;

/** The member's prior tags, offered again in the composer (docs/product/feeds-and-comments.md#tags). */
export const TAG_ROUTES = { priorTags: 'GET /tags' } as const;

/** What the admin screens may write to. */
export const ADMIN_ROUTES = { adminOrganizations: 'GET /admin/organizations' } as const;

/** The realtime socket's address with a one-use ticket (docs/decisions/0004-realtime.md). */
export const REALTIME_ROUTES = { socketUrl: 'GET /wsurl' } as const;

/** What operators' tools read (issue 27): liveness, readiness and Prometheus metrics. */
export const OPERATIONS_ROUTES = {
  health: 'GET /health',
  readiness: 'GET /ready',
  metrics: 'GET /metrics',
} as const;

/** Private and group messages (docs/product/messages.md (the section of the call: #previews). Only a thread's participants read or write it: 404 for others. */
export const MESSAGE_ROUTES = {
  messagePreviews: 'GET /pms/previews',
  messagePreview: 'GET /pms/previews/:group_id',
  messages: 'GET /pms/list/:group_id',
  readMessages: 'POST /pms/read/:group_id',
  sendMessage: 'POST /pms/send/:group_id',
  sendMessageWithFiles: 'POST /pms/:group_id/attachments',
  addMessageFiles: 'POST /pms/:group_id/pm/:pm_id/attachments-put',
  editMessage: 'PUT /pms/group/:group_id/:pm_id',
  deleteMessage: 'DELETE /pms/group/:group_id/:pm_id',
  createMessageGroup: 'POST /pms/group',
  directThread: 'POST /pms/direct',
  setGroupImage: 'POST /pms/group/:id/image',
  groupImage: 'GET /pms/group/:group_id/image',
} as const;

/**
 * Moments between members: a new one is a treasure without participants, a share with the factor off and
 * a dare with it on; viewing marks the pending ones seen (status 2), ignoring sets status 3 (docs/product/moments.md#criteria).
 */
export const MOMENT_ROUTES = {
  appCriteria: 'GET /app',
  createMoment: 'POST /user/moments',
  searchMoments: 'GET /user/moments/search',
  momentsSeen: 'POST /v4/user/moments-status',
  ignoreMoment: 'PUT /user/moments',
  replayedSession: 'GET /user/moments/replayed_session',
  momentLeaderboard: 'GET /user/moments/leaderboard',
} as const;

/**
 * The member's notifications, each unread until read, all read when the list is left (docs/product/realtime.md#notifications-list), and the
 * administrators' maintenance notice.
 */
export const NOTIFICATION_ROUTES = {
  notifications: 'GET /notifications',
  readAllNotifications: 'POST /notifications/read-all',
  readNotification: 'POST /notifications/:id/read',
  acceptChallenge: 'POST /notifications/:id/accept',
  announceMaintenance: 'POST /notifications/maintenance',
} as const;

/** Incentive plans: the member's progress and the organisation admins' plans. */
export const INCENTIVE_ROUTES = {
  incentivePlans: 'GET /user/incentive/plans',
  incentiveDetails: 'GET /user/incentive/details',
  incentiveHistorySummary: 'GET /user/incentive/history/summary',
  incentiveHistoryDetails: 'GET /user/incentive/history/details',
  adminIncentivePlans: 'GET /admin/incentive-plans',
  createIncentivePlan: 'POST /admin/incentive-plans',
  updateIncentivePlan: 'PUT /admin/incentive-plans/:id',
} as const;

/** Surveys: the member's answers and the organisation admins' surveys. */
export const SURVEY_ROUTES = {
  surveys: 'GET /surveys',
  answerSurvey: 'POST /surveys/response/:id',
  adminSurveys: 'GET /admin/surveys',
  createSurvey: 'POST /admin/surveys',
  updateSurvey: 'PUT /admin/surveys/:id',
} as const;

/** The yearly tournament: its bracket and high fives. */
export const TOURNAMENT_ROUTES = {
  tournamentProgress: 'GET /tournament/progress',
  tournamentHighFive: 'PUT /tournament/user/h5',
  tournamentImage: 'GET /tournament/user/image',
} as const;

/**
 * The home, the member's profile and settings, avatars: a member edits only their own profile, and one
 * PUT /user changes one setting (docs/product/account-and-safety.md#profile, #persona).
 */
/**
 * A member's account as a whole (decision 0048): everything they own or wrote as one document, its personal
 * part imported into a new account, and the account erased.
 */
/** Web Push (issue 26, decision 0053): the server's key, a device's subscriptions, what reaches them. */
export const PUSH_ROUTES = {
  pushKey: 'GET /push/key',
  subscribePush: 'POST /push/subscriptions',
  pushSubscriptions: 'GET /push/subscriptions',
  unsubscribePush: 'DELETE /push/subscriptions/:id',
  pushPreferences: 'GET /push/preferences',
  updatePushPreferences: 'PUT /push/preferences',
} as const;

/** Reminders and the weekly goal (issue 26, decision 0054): the member's own, never anyone else's. */
export const REMINDER_ROUTES = {
  reminders: 'GET /user/reminders',
  updateReminders: 'PUT /user/reminders',
  weeklyGoal: 'GET /user/goal',
  updateWeeklyGoal: 'PUT /user/goal',
  goalProgress: 'GET /user/goal/progress',
} as const;

export const ACCOUNT_ROUTES = {
  exportAccount: 'GET /user/export',
  importAccount: 'POST /user/import',
  eraseAccount: 'DELETE /user',
} as const;

export const USER_ROUTES = {
  profiles: 'GET /user/profiles',
  profile: 'GET /user/profile',
  updateUser: 'PUT /user',
  notificationLevel: 'PUT /v4/users/:id',
  picture: 'GET /user/picture',
  socialSync: 'PUT /fb/user',
  avatars: 'GET /v3/avatars',
  avatar: 'GET /v3/avatars/:file',
} as const;

/**
 * Finding members: by name for the search screen, or by an exact username or alias for a private request
 * (docs/product/friends.md#search, #private-request).
 */
export const SEARCH_ROUTES = {
  searchUsers: 'GET /search/users',
  privateUser: 'GET /search/private_user',
} as const;

/**
 * Live lessons (GojiWise): a community's lessons are its members'; the host moderates the floor, a viewer
 * asks for the mic, and the recording plays once it is ready (docs/product/feeds-and-comments.md#live-updates, docs/product/calls-and-lessons.md#lesson-room; docs/product/communities.md#members).
 */
export const LESSON_ROUTES = {
  lessons: 'GET /communities/:id/chat-sessions',
  liveLessons: 'GET /communities/:id/chat-sessions-live',
  createLesson: 'POST /communities/:id/chat-sessions',
  lessonRoom: 'GET /gojitalk/:id',
  leaveLessonRoom: 'POST /gojitalk/:id/leave',
  endLesson: 'POST /communities/:id/chat-sessions/:sessionId/end',
  lessonMic: 'POST /communities/:id/chat-sessions/:sessionId/mic',
  moderateLesson: 'POST /communities/:id/chat-sessions/:sessionId/moderate',
  lessonViewers: 'GET /communities/:id/chat-sessions/:sessionId/viewers',
  lessonPosts: 'GET /communities/:id/chat-sessions/:sessionId/posts',
  createLessonPost: 'POST /communities/:id/chat-sessions/:sessionId/posts',
  lessonRecording: 'GET /communities/:id/chat-sessions/:sessionId/mediafile',
} as const;

/**
 * Activity: logging and integrations' sessions, THIS WEEK, the history (the current and two previous years,
 * or the last 12 months) and the leaderboards, a community's or everyone's (docs/product/friends.md#member-page).
 */
export const ACTIVITY_ROUTES = {
  logActivity: 'POST /user/activity/sessions',
  ingestActivity: 'POST /integrations/activity/sessions',
  activitySummary: 'GET /user/activity/summary',
  activityHistory: 'GET /user/activity/history',
  leaderboard: 'GET /user/community/leaderboard',
} as const;

/** The member's own mood insights: moods against active minutes per day (issue 14). */
export const MOOD_ROUTES = { moodInsights: 'GET /user/mood/insights' } as const;

/**
 * Reports (issue 14): a member reports what they can see; a community's experts read its reports, the
 * organisation admins all of them, and either dismisses one or removes what it names.
 */
export const REPORT_ROUTES = {
  createReport: 'POST /reports',
  communityReports: 'GET /communities/:id/reports',
  adminReports: 'GET /admin/reports',
  resolveReport: 'PUT /reports/:id',
} as const;
