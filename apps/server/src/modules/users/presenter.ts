import { avatarUrl, PersonaType, personaImageUrl, type UserProfile } from '@orbit/contract';
import { displayNameOf, identityOf, isResting, personaOf, quietHoursOf, type UserRow } from '../faces';

/** Stored YYYY-MM-DD, answered as the day-month-year text of docs/product/account-and-safety.md#profile. */
function dayMonthYear(date: string | null): string | null {
  if (!date) return null;
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year}`;
}

/** The member's own profile: everything they set, whatever others see of it (faces). */
export function presentUserProfile(user: UserRow, organizationIds: number[]): UserProfile {
  const persona = personaOf(user);
  return {
    user_id: user.id,
    id: user.id,
    // The name the member sees for themselves is the one their persona shows everyone it reaches.
    name: displayNameOf(user, true),
    screen_name: user.username,
    username: user.username,
    alias: user.alias,
    avatar_image: user.avatarImage,
    first_name: user.firstName,
    last_name: user.lastName,
    persona_image: persona,
    identity_image: { type: PersonaType.URL, value: avatarUrl(user.avatarImage) },
    identity: identityOf(user),
    identity_provider: user.identityProvider,
    // An account an operator put behind a provider by hand may have no recorded id there: its username stands.
    user_identity: user.identityProvider ? (user.userIdentity ?? user.username) : null,
    privacy_setting: user.privacySetting,
    unit_preference: user.unitPreference,
    height_meter: user.heightMeter,
    weight_kg: user.weightKg,
    date_of_birth: dayMonthYear(user.dateOfBirth),
    gender: user.gender,
    address: { country: user.country, state: user.state },
    timezone: user.timezone,
    notification_level: user.notificationLevel,
    organizations: organizationIds.map((id) => ({ id })),
    gojimoji: { mood: user.mood, tags: user.moodTags },
    tag_notes: user.tagNotes,
    image_url: personaImageUrl(persona),
    quiet_hours: quietHoursOf(user),
    // For the moment of the answer; the app then follows the clock itself with the same rule.
    quiet_now: isResting(user),
    wellbeing_mode: user.wellbeingMode,
  };
}
