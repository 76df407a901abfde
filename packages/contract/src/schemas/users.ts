import { type Static, Type } from 'typebox';
import { AVATAR_IDS, LIMITS } from '../constants';
import { PersonaType } from '../enums';
import { QUIET_CLOCK_PATTERN } from '../quiet';
import { DisplayName, Nullable } from './common';

/** Where the server serves a preset avatar (av1..av22). */
export function avatarUrl(avatar: string): string {
  return `/api/v3/avatars/${avatar}.png`;
}

/** The avatar name in a preset avatar name or in the URL GET /v3/avatars handed out; null for anything else. */
export function avatarNameOf(value: string): string | null {
  const name = /^(?:\/api\/v3\/avatars\/)?(av\d{1,2})(?:\.png)?$/.exec(value.trim())?.[1] ?? null;
  return name && AVATAR_IDS.includes(name) ? name : null;
}

export function imageUrl(imageId: number | string): string {
  return `/api/user/image?image_id=${imageId}`;
}

/**
 * The picture a persona shows (docs/product/account-and-safety.md#persona): an uploaded image (type 2) or a URL (types 3, 4). Type 1 is the
 * product's own star image in a gender style, drawn by the client, so it has no URL.
 */
export function personaImageUrl(persona: { type: number; value: string }): string | null {
  if (persona.type === PersonaType.UPLOADED) return imageUrl(persona.value);
  if (persona.type === PersonaType.URL || persona.type === PersonaType.URL_ALT) return persona.value;
  return null;
}

/** ISO 3166-1 alpha-2: every officially assigned code. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** The state pickers (docs/product/account-and-safety.md#profile-ranges): US states plus DC, and Canadian provinces and territories, by postal code. */
export const STATES_BY_COUNTRY: Record<string, Record<string, string>> = {
  US: {
    AL: 'Alabama',
    AK: 'Alaska',
    AZ: 'Arizona',
    AR: 'Arkansas',
    CA: 'California',
    CO: 'Colorado',
    CT: 'Connecticut',
    DE: 'Delaware',
    DC: 'District of Columbia',
    FL: 'Florida',
    GA: 'Georgia',
    HI: 'Hawaii',
    ID: 'Idaho',
    IL: 'Illinois',
    IN: 'Indiana',
    IA: 'Iowa',
    KS: 'Kansas',
    KY: 'Kentucky',
    LA: 'Louisiana',
    ME: 'Maine',
    MD: 'Maryland',
    MA: 'Massachusetts',
    MI: 'Michigan',
    MN: 'Minnesota',
    MS: 'Mississippi',
    MO: 'Missouri',
    MT: 'Montana',
    NE: 'Nebraska',
    NV: 'Nevada',
    NH: 'New Hampshire',
    NJ: 'New Jersey',
    NM: 'New Mexico',
    NY: 'New York',
    NC: 'North Carolina',
    ND: 'North Dakota',
    OH: 'Ohio',
    OK: 'Oklahoma',
    OR: 'Oregon',
    PA: 'Pennsylvania',
    RI: 'Rhode Island',
    SC: 'South Carolina',
    SD: 'South Dakota',
    TN: 'Tennessee',
    TX: 'Texas',
    UT: 'Utah',
    VT: 'Vermont',
    VA: 'Virginia',
    WA: 'Washington',
    WV: 'West Virginia',
    WI: 'Wisconsin',
    WY: 'Wyoming',
  },
  CA: {
    AB: 'Alberta',
    BC: 'British Columbia',
    MB: 'Manitoba',
    NB: 'New Brunswick',
    NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia',
    NT: 'Northwest Territories',
    NU: 'Nunavut',
    ON: 'Ontario',
    PE: 'Prince Edward Island',
    QC: 'Quebec',
    SK: 'Saskatchewan',
    YT: 'Yukon',
  },
};

/** Profile text limits the server enforces: tags and notes 280 (docs/product/activities-and-leaderboards.md#mood-tags); names 50, ours (docs/product/account-and-safety.md#profile has none). */
export const PROFILE_TEXT_LIMITS = {
  name: 50,
  tagNotes: LIMITS.tag,
  tag: LIMITS.tag,
  stateName: 64,
} as const;

export const PersonaImage = Type.Object({
  type: Type.Integer({
    description: '1 own star image (value male|female|other), 2 uploaded image id, 3/4 URL',
  }),
  value: Type.String(),
});
export type PersonaImage = Static<typeof PersonaImage>;

export const Gojimoji = Type.Object({
  mood: Nullable(Type.Integer({ minimum: 1, maximum: 5 })),
  tags: Type.Array(Type.String()),
});
export type Gojimoji = Static<typeof Gojimoji>;

const Identity = Type.Object({
  screen_name: Type.String({
    description: 'the avatar identity name: the alias, or the username without one',
  }),
  avatar: Type.String({ description: 'the avatar image name, av1..av22' }),
});

/**
 * The member's own profile (docs/product/account-and-safety.md#profile, docs/product/account-and-safety.md#profile "User (me)"): privacy 1 public, 2 private; units 1 imperial,
 * 2 metric; notification level 0 off, 1 partial, 2 full.
 */
/** Quiet hours in the member's time zone, "HH:MM" each; the end before the start crosses midnight. */
export const QuietHoursSetting = Type.Object(
  {
    start: Type.String({ pattern: QUIET_CLOCK_PATTERN, description: 'HH:MM, 24 hours' }),
    end: Type.String({ pattern: QUIET_CLOCK_PATTERN, description: 'HH:MM, 24 hours; not the start' }),
  },
  { additionalProperties: false },
);

export const UserProfile = Type.Object({
  user_id: Type.Integer(),
  id: Type.Integer(),
  name: DisplayName,
  screen_name: Type.String(),
  username: Type.String(),
  alias: Nullable(Type.String()),
  avatar_image: Type.String({ description: 'av1..av22; its picture is at avatarUrl(avatar_image)' }),
  first_name: Type.String(),
  last_name: Type.String({ description: 'NA means empty' }),
  persona_image: PersonaImage,
  identity_image: Type.Object(
    { type: Type.Integer(), value: Type.String() },
    { description: "the avatar identity's picture as a type-3 (URL) image" },
  ),
  identity: Identity,
  identity_provider: Nullable(Type.String()),
  user_identity: Nullable(Type.String({ description: "the member's account id at their identity provider" })),
  privacy_setting: Type.Integer({ description: '1 public, 2 private' }),
  unit_preference: Type.Integer({ description: '1 imperial, 2 metric' }),
  height_meter: Nullable(Type.Number()),
  weight_kg: Nullable(Type.Number()),
  date_of_birth: Nullable(Type.String({ description: 'DD-MM-YYYY' })),
  gender: Nullable(Type.Integer({ description: '1 male, 2 female, 3 other' })),
  address: Type.Object({ country: Type.String(), state: Nullable(Type.String()) }),
  timezone: Type.String(),
  notification_level: Type.Integer({ description: '0 off, 1 partial, 2 full' }),
  organizations: Type.Array(Type.Object({ id: Type.Integer() })),
  gojimoji: Gojimoji,
  tag_notes: Type.String(),
  image_url: Nullable(Type.String({ description: "the persona's picture; null for a type-1 persona" })),
  quiet_hours: Nullable(QuietHoursSetting),
  quiet_now: Type.Boolean({ description: 'the member is in their quiet hours at the time of the answer' }),
  wellbeing_mode: Type.Boolean({ description: 'public counts and rankings are left out for this member' }),
});
export type UserProfile = Static<typeof UserProfile>;

/** What another member sees of a profile: a private one shows its avatar identity, not its persona. */
export const PublicProfile = Type.Object({
  user_id: Type.Integer(),
  id: Type.Integer(),
  name: DisplayName,
  screen_name: Type.String(),
  alias: Nullable(Type.String()),
  avatar_image: Type.String(),
  persona_image: Nullable(PersonaImage),
  identity: Identity,
  privacy_setting: Type.Integer(),
  image_url: Nullable(Type.String()),
  gojimoji: Gojimoji,
  is_friend: Type.Boolean({ description: 'the caller and this member are friends' }),
  direction: Nullable(
    Type.Integer({ description: 'a pending friend request: 1 incoming (they asked you), 2 outgoing' }),
  ),
});
export type PublicProfile = Static<typeof PublicProfile>;

/** One star of the home view (docs/product/home-and-stars.md#star-types); fields that do not apply to a star's type are null. */
export const ProfileStar = Type.Object({
  star_id: Type.String(),
  star_type: Type.Integer(),
  zone: Type.Integer(),
  size: Type.Integer({ minimum: 1, maximum: 3 }),
  color: Nullable(Type.String()),
  color_ring: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
  avatar_image: Nullable(Type.String()),
  badge_image: Nullable(Type.String()),
  effect: Nullable(Type.String()),
  pinned: Type.Boolean(),
  interaction_date: Nullable(Type.String()),
  name: Type.String(),
  screen_name: Nullable(Type.String()),
  user_id: Nullable(Type.Integer()),
  community_id: Nullable(Type.Integer()),
  persona_image: Nullable(PersonaImage),
  gojimoji: Nullable(Gojimoji),
  type: Nullable(Type.Integer()),
  kind: Nullable(Type.Integer()),
  org_name: Nullable(Type.String()),
  incentive_plans: Nullable(Type.Array(Type.Object({ incentive_plan_id: Type.Integer() }))),
  bg_app_id: Nullable(Type.Integer()),
  session_type: Nullable(Type.Integer()),
  activity_type: Nullable(Type.Integer()),
  badge_count: Type.Optional(
    Nullable(Type.Integer({ description: 'the number a group star carries (REQUESTS: incoming requests)' })),
  ),
  group_id: Type.Optional(
    Nullable(Type.Integer({ description: 'the message group a PRIVATE_MESSAGES star opens' })),
  ),
});
export type ProfileStar = Static<typeof ProfileStar>;

export const SettingsProfile = Type.Object({
  unit_preference: Type.Integer(),
  notification_level: Type.Integer(),
  privacy_setting: Type.Integer(),
  has_identity: Type.Boolean({
    description: 'the member holds their own identity (no external provider): the full settings view',
  }),
  identity_provider: Nullable(Type.String()),
  social_sync: Type.Boolean({
    description: 'a social-network provider is set up: the settings show the social-network sync row',
  }),
});

export const ProfilesResponse = Type.Object({
  user_profile: UserProfile,
  stars: Type.Array(ProfileStar),
  last_stars: Type.Array(ProfileStar),
  organizations: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), org_roles: Type.Array(Type.Integer()) }),
  ),
  settings_profile: SettingsProfile,
  notif_qty: Type.Integer(),
  pending_pms_qty: Type.Integer(),
  me_star_pulse: Type.Boolean(),
});
export type ProfilesResponse = Static<typeof ProfilesResponse>;

export const ProfileQuery = Type.Object({ user_id: Type.Optional(Type.Integer({ minimum: 1 })) });
export const ProfileResponse = Type.Union([UserProfile, PublicProfile]);

/**
 * PUT /user: exactly one of the docs/product/account-and-safety.md#profile shapes per call ({first_name}, {last_name}, {avatar_image},
 * {alias_remove, alias_add}, {date_of_birth}, {height_meter}, {weight_kg}, {address:{country}},
 * {address:{state}}, {measurement_unit}, {timezone}, {persona_image}, {password_old, password_new},
 * {tag_notes}, {gojimoji:{mood}}, {gojimoji:{tags}}), and Orbit's {quiet_hours} and {wellbeing_mode}
 * (decision 0044). The server checks the shape and every range.
 */
export const UpdateUserBody = Type.Object(
  {
    first_name: Type.Optional(Type.String({ maxLength: 1000 })),
    last_name: Type.Optional(Type.String({ maxLength: 1000 })),
    avatar_image: Type.Optional(Type.String({ maxLength: 200 })),
    alias_remove: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    alias_add: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    date_of_birth: Type.Optional(
      Type.String({ maxLength: 40, description: 'MM/DD/YYYY, DD-MM-YYYY or YYYY-MM-DD' }),
    ),
    height_meter: Type.Optional(Type.Number({ description: '1.20..2.80' })),
    weight_kg: Type.Optional(Type.Number({ description: '20..150' })),
    address: Type.Optional(
      Type.Object(
        {
          country: Type.Optional(Type.String({ maxLength: 10 })),
          state: Type.Optional(Type.String({ maxLength: 200 })),
        },
        { additionalProperties: false },
      ),
    ),
    measurement_unit: Type.Optional(Type.Integer({ description: '1 imperial, 2 metric' })),
    timezone: Type.Optional(Type.String({ maxLength: 100 })),
    persona_image: Type.Optional(
      Type.Object(
        { type: Type.Integer(), value: Type.Union([Type.String({ maxLength: 2048 }), Type.Integer()]) },
        { additionalProperties: false },
      ),
    ),
    password_old: Type.Optional(Type.String({ maxLength: 200 })),
    password_new: Type.Optional(Type.String({ maxLength: 200 })),
    tag_notes: Type.Optional(Type.String({ maxLength: 10000 })),
    gojimoji: Type.Optional(
      Type.Object(
        {
          mood: Type.Optional(Type.Integer()),
          tags: Type.Optional(Type.Array(Type.String({ maxLength: 10000 }), { maxItems: 100 })),
        },
        { additionalProperties: false },
      ),
    ),
    quiet_hours: Type.Optional(Nullable(QuietHoursSetting)),
    wellbeing_mode: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const NotificationLevelBody = Type.Object(
  { notification_level: Type.Integer({ description: '0 off, 1 partial, 2 full' }) },
  { additionalProperties: false },
);

export const AvatarsResponse = Type.Object({ avatars: Type.Array(Type.String()) });
export const AvatarParams = Type.Object({ file: Type.String({ maxLength: 20 }) });
/** The identity_provider of a PUT /fb/user link (docs/product/account-and-safety.md#persona); having one shows the sync row (docs/product/account-and-safety.md#identity-provider). */
export const SOCIAL_PROVIDER = 'facebook';

/** PUT /fb/user: the member's account at the social network and the token its sign-in gave the client. */
export const SocialSyncBody = Type.Object(
  {
    user_id: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Integer({ minimum: 1 })], {
      description: "the member's account id at the social network",
    }),
    access_token: Type.String({ minLength: 1, maxLength: 4096 }),
  },
  { additionalProperties: false },
);
export type SocialSyncBody = Static<typeof SocialSyncBody>;

/** GET /v3/session_images (docs/product/account-and-safety.md#persona): style class name to image URL. */
export const SessionImagesResponse = Type.Record(Type.String(), Type.String(), {
  description:
    'style class name (session-<id>, session-o<id> for the other set, session-generic) to image url',
});
export type SessionImagesResponse = Static<typeof SessionImagesResponse>;
export const SessionImageParams = Type.Object({ file: Type.String({ maxLength: 40 }) });

/** Images (docs/product/account-and-safety.md#persona): a persona upload previews at s=280, then a square crop of 210 is kept (docs/product/account-and-safety.md#persona). */
export const TempImageQuery = Type.Object({
  s: Type.Optional(Type.Integer({ minimum: 16, maximum: 2048, description: 'preview size (280)' })),
});
export const ImageIdQuery = Type.Object({
  image_id: Type.Integer({ minimum: 1 }),
  s: Type.Optional(Type.Integer({ minimum: 16, maximum: 2048, description: 'fit the image inside s x s' })),
});
export const UploadedImage = Type.Object({
  image_id: Type.Integer(),
  image_url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export const CropBody = Type.Object({
  image_id: Type.Integer({ minimum: 1 }),
  s: Type.Number({ exclusiveMinimum: 0, description: 'side of the square crop (210 in the editor)' }),
  x: Type.Number({ description: 'left edge of the crop' }),
  y: Type.Number({ description: 'top edge of the crop' }),
  width: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      description:
        'width at which the image was shown; x, y and s are in that scale (default: its own width)',
    }),
  ),
});
export const CroppedImage = Type.Object({ image_id: Type.Integer(), image_url: Type.String() });
export const DataImageBody = Type.Object({
  image: Type.String({ description: 'data:image/...;base64,...' }),
});
export const PictureResponse = Type.Object({ image_url: Nullable(Type.String()) });
