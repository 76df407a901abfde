import { organizations } from '../schema';
import type { SeedContext } from './world';

export const DEMO_ORGANISATION = 'Orbit Demo';

/** The demo organisation, open for registration so that a visitor can join it without an invite. */
export async function seedOrganisation({ tx }: SeedContext): Promise<number> {
  const [row] = await tx
    .insert(organizations)
    .values({ name: DEMO_ORGANISATION, registrationOpen: true })
    .returning({ id: organizations.id });
  return row.id;
}
