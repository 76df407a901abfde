import type { Tx } from '../client';

/** What every seed area works in: the one transaction, and the password hashes computed before it. */
export interface SeedContext {
  tx: Tx;
  demoPasswordHash: string;
  /** One hash shared by the other members: they are not meant to sign in, and argon2 is slow by design. */
  memberPasswordHash: string;
}

/** What the areas seeded so far created, handed to the next area (friends, communities, posts...). */
export interface SeedWorld {
  organizationId: number;
  demoUserId: number;
  memberIds: number[];
}
