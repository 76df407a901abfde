import { OrgRole, PERSONA_GENDER_STYLES, PersonaType, PrivacySetting, UnitPreference } from '@orbit/contract';
import { organizationMembers, users } from '../schema';
import { DEMO_EMAIL, DEMO_PEOPLE, DEMO_PERSON, type DemoPerson } from './people';
import type { SeedContext } from './world';

/** Members in the US keep imperial units, as its registration default does; everyone else is metric. */
function unitFor(country: string) {
  return country === 'US' ? UnitPreference.IMPERIAL : UnitPreference.METRIC;
}

function userRow(person: DemoPerson, email: string, passwordHash: string) {
  return {
    email,
    username: person.username,
    passwordHash,
    firstName: person.firstName,
    lastName: person.lastName,
    alias: person.alias,
    avatarImage: person.avatar,
    personaType: PersonaType.STAR,
    personaValue: PERSONA_GENDER_STYLES[person.gender - 1],
    gender: person.gender,
    privacySetting: person.private ? PrivacySetting.PRIVATE : PrivacySetting.PUBLIC,
    unitPreference: unitFor(person.country),
    heightMeter: person.heightCm / 100,
    weightKg: person.weightKg,
    dateOfBirth: `${person.born}-01`,
    country: person.country,
    state: person.state,
    timezone: person.timezone,
    mood: person.mood,
    moodTags: person.tags,
  };
}

/** The demo account (organisation admin: it may create communities) and the other members. */
export async function seedMembers(
  { tx, demoPasswordHash, memberPasswordHash }: SeedContext,
  organizationId: number,
): Promise<{ demoUserId: number; memberIds: number[] }> {
  const rows = await tx
    .insert(users)
    .values([
      userRow(DEMO_PERSON, DEMO_EMAIL, demoPasswordHash),
      ...DEMO_PEOPLE.map((person) => userRow(person, `${person.username}@orbit.local`, memberPasswordHash)),
    ])
    .returning({ id: users.id, email: users.email });
  const demoUserId = rows.find((row) => row.email === DEMO_EMAIL)!.id;
  await tx.insert(organizationMembers).values(
    rows.map((row) => ({
      organizationId,
      userId: row.id,
      orgRoles: row.id === demoUserId ? [OrgRole.ADMIN, OrgRole.MEMBER] : [OrgRole.MEMBER],
    })),
  );
  return { demoUserId, memberIds: rows.filter((row) => row.id !== demoUserId).map((row) => row.id) };
}
