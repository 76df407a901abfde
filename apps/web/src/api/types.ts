import type { PersonaImage, QuietHours, UnitPreference } from '@orbit/contract';

/** Server shapes come from the contract's schemas, so the web app reads exactly what the server sends. */
export type {
  PersonaImage,
  ProfileStar as Star,
  ProfilesResponse as Profiles,
  UserProfile,
} from '@orbit/contract';

/** One PUT /user carries exactly one of these shapes (docs/product/account-and-safety.md#profile). */
export type UserUpdate =
  | { first_name: string }
  | { last_name: string }
  | { avatar_image: string }
  | { alias_remove: string | null; alias_add: string }
  | { date_of_birth: string }
  | { height_meter: number }
  | { weight_kg: number }
  | { address: { country: string } }
  | { address: { state: string } }
  | { measurement_unit: UnitPreference }
  | { timezone: string }
  | { persona_image: PersonaImage }
  | { password_old: string; password_new: string }
  | { gojimoji: { mood: number } }
  | { gojimoji: { tags: string[] } }
  | { tag_notes: string }
  | { quiet_hours: QuietHours | null }
  | { wellbeing_mode: boolean };

export interface RegisterInput {
  email: string;
  password?: string;
  username?: string;
  organization_id?: number;
  measurement_unit: UnitPreference;
  country_code: string;
  timezone: string;
}
