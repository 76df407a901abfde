/** Business constants of the spec, written once (docs/product/home-and-stars.md#field-constants, docs/product/feeds-and-comments.md#post-limits, docs/product/home-and-stars.md#shell). */

export const DEFAULT_LANG = 'en_us';

/**
 * A cookie the page may read, beside the session cookie it cannot: it says only that this browser holds a
 * session, so that a signed-out load asks for no member's data (docs/decisions/0042). No secret is in it.
 */
export const SIGNED_IN_COOKIE = 'signed_in';
export const AVATAR_COUNT = 22;
export const AVATAR_IDS = Array.from({ length: AVATAR_COUNT }, (_, i) => `av${i + 1}`);

export const LIMITS = {
  /** Items of one section of an account import (POST /user/import): a few years of a very active member. */
  importItemsMax: 100_000,
  postMessage: 10000,
  sessionPost: 65536,
  tag: 280,
  message: 280,
  communityName: 30,
  communityInitials: 1,
  avatarName: 16,
  identityMin: 3,
  passwordMin: 8,
  passwordMax: 32,
  passwordInputMax: 31,
  uploadBytes: 26214400,
  uploadFilesPerPick: 4,
  surveyOptions: 5,
  pollMinOptions: 2,
  feedPageSize: 25,
  groupMinParticipantsExclusive: 2,
  /** A report's optional comment (issue 14). */
  reportComment: 1000,
} as const;

/** Profile ranges (docs/product/account-and-safety.md#profile-ranges): height 120..280 cm or 4..8 ft, weight 20..150 kg or 50..300 lb; stored metric. */
export const PROFILE_RANGES = {
  heightCm: { min: 120, max: 280 },
  heightFeet: { min: 4, max: 8 },
  heightInches: { min: 0, max: 12 },
  weightKg: { min: 20, max: 150 },
  weightLb: { min: 50, max: 300 },
  birthYearMin: 1900,
} as const;

export const UNITS = { lbPerKg: 2.20462, inPerM: 39.3701, miPerKm: 0.621371 } as const;

export const REGISTRATION_DEFAULTS = {
  measurement_unit: 1,
  country_code: 'US',
  timezone: 'America/New_York',
} as const;
export const DEFAULT_TIMEZONE = 'America/Chicago';

export const IMAGE_SIZES = {
  /** The post image preview of the session post writer and the composer (docs/product/calls-and-lessons.md#lesson-posts). */
  postPreview: 90,
  profileParam: 280,
  thumbnail: 280,
  crop: 210,
  editorWidth: 300,
  cropViewportMax: 70,
} as const;

export const UI_TIMINGS = {
  dialogOpenDelayMs: 25,
  imagePickerOpenDelayMs: 300,
  alertAutoCloseMs: 3000,
  memberFormAlertAutoCloseMs: 2000,
  busyDefaultDelayMs: 2000,
  realtimeStatusCheckMs: 2000,
  /**
   * A socket that has heard nothing, not even the pong of its ping, for this long is half-open (the network
   * went away without a close): the client drops it and resumes on a new one.
   */
  realtimePongTimeoutMs: 5000,
  versionReloadDelayMs: 5000,
  incomingCallHideMs: 30000,
  highlightMs: 2000,
  swipeMs: 400,
  longPressMs: 1500,
  postLongPressMs: 500,
  composerLongPressMs: 500,
  /** The live session's chat notification toast clears itself after 5 s (docs/product/calls-and-lessons.md#lesson-posts). */
  chatToastMs: 5000,
} as const;

/** The community icon palette (docs/product/communities.md#create): six colours, the first (dark navy) the default. */
export const COMMUNITY_COLORS = ['#1b2a4a', '#2e86ab', '#3bb273', '#f18f01', '#c73e1d', '#8e44ad'] as const;
export const DEFAULT_COMMUNITY_COLOR = COMMUNITY_COLORS[0];

/**
 * The dial picker of touch screens (docs/product/home-and-stars.md#pickers). Distances in CSS pixels, speeds in pixels per millisecond:
 * friction is the roll's deceleration (px/ms²), so a roll at the maximum speed runs 3.5² / 0.06 ≈ 204 px
 * (about five items) in 117 ms before the snap to the nearest item.
 */
export const DIAL_PICKER = {
  itemHeight: 40,
  dragThreshold: 3,
  snapMs: 250,
  friction: 0.03,
  maxRollSpeed: 3.5,
  speedSamples: 5,
  /** Orbit's choice: the items shown at once (two above and two below the chosen one). */
  visibleItems: 5,
} as const;

/** The popup stack (the stacked dialogs) starts at z-index 999 (docs/product/README.md#errors); alerts and the busy veil sit above it. */
export const POPUP_STACK_Z_INDEX = 999;

export const DIALOG_FULLSCREEN = { maxWidth: 540, maxHeight: 667 } as const;
/**
 * Orbit's desktop: above this width a call or live lesson takes the whole window as a stage, with its panels
 * beside the tiles rather than over them (issue 13); phones and tablets keep the stacked dialogs of docs/product/home-and-stars.md#shell.
 */
export const DESKTOP_MIN_WIDTH = 1024;

/** Calls (docs/product/calls-and-lessons.md#call-screen, #call-media): up to 5 remote feeds in a room, and four participants per page of the grid. */
export const CALL_LIMITS = {
  /** The video room relays up to 5 remote feeds: me plus 5 others. */
  maxAttendees: 5,
  participantsPerPage: 4,
} as const;

/** A call member's progress: invited, joined (accepted or started it), rejected (declined), left. */
export const CallMemberState = { INVITED: 1, JOINED: 2, REJECTED: 3, LEFT: 4 } as const;
export type CallMemberState = (typeof CallMemberState)[keyof typeof CallMemberState];

/** The call screen's media rules (docs/product/calls-and-lessons.md#call-screen, #call-media): bitrate steps, loss thresholds, memory, retries. */
export const CALL_MEDIA = {
  bitrates: [256000, 128000, 64000],
  lossDownPercent: 3,
  lossUpPercent: 1,
  increaseDelayMs: 15000,
  networkCheckMs: 5000,
  memoryCheckMs: 10000,
  memoryLimitRatio: 0.8,
  iceReattachMs: 1000,
  attachRetryMs: 5000,
  deviceCheckMs: 30000,
  video: { width: 640, height: 480, maxFps: 30 },
  maxRemoteFeeds: 5,
  popupColors: ['#2e86ab', '#3bb273', '#c73e1d'],
} as const;

export const STARFIELD = {
  radius: { small: 21, medium: 28, large: 35, own: 28 },
  gap: 10,
  orbitDelta: 50,
  zoneDelta: 50,
  rpm: -0.5,
  placementAttempts: 1000,
  dragThreshold: 3,
  reboundDelayMs: 2000,
  reboundDurationMs: 1000,
  displayedZoneBelow: 4,
  /** `grow` is Orbit's choice (the spec names the 1 s wait before a new star grows, not how long it grows). */
  timings: {
    pulse: 1000,
    fade: 1000,
    radiate: 2500,
    faceChange: 500,
    move: 4000,
    growAfter: 1000,
    grow: 1000,
  },
  paddingRatio: 0.22,
  badgeRatio: 1.3,
  fontSize: { small: 8, medium: 12, large: 16 },
  faceDrawMax: 0.7,
  /** A face changes after 1..3 s the first time, then every 1..2 s (docs/product/home-and-stars.md#star-faces). */
  faceFirstChangeMs: { min: 1000, max: 3000 },
  faceChangeEveryMs: { min: 1000, max: 2000 },
  /**
   * Orbit's display ratios per face, compared with the draw of 0..0.7 in this order: their sum (0.65) leaves
   * a draw of 0.65..0.7 reaching no face, so a face sometimes stays. A face a star lacks gets ratio 0.
   */
  faceRatios: { name: 0.25, avatar: 0.25, emoticon: 0.15 },
  /** Orbit's choice: placement attempts spent on one orbit before trying the next one out (20 per zone). */
  attemptsPerOrbit: 50,
  /** Orbit's choice: how far the background drifts when the field is dragged (parallax depth). */
  backgroundParallax: 0.4,
  background: { coverRatio: 0.02, radiusMin: 5, radiusMax: 14, gap: 20 },
} as const;
