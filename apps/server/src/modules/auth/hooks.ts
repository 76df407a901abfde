import type { Queryable } from '../../db/client';
import type { MailContext } from '../../platform/mail';

/**
 * What the auth module announces and modules above it act on, subscribed in wiring.ts (decision 0033): the
 * passwords module mails an added member their set-password link and voids reset links at sign-in.
 */

/** A member whom a signed-in member registered (the add-member form), in the registration's transaction. */
export interface AddedMember {
  userId: number;
  email: string;
  username: string;
  /** The adding request's origin and language, for the mail's link and words. */
  context: MailContext;
}

type AddedListener = (tx: Queryable, member: AddedMember) => Promise<void>;
type SignedInListener = (db: Queryable, userId: number) => Promise<void>;

const added: AddedListener[] = [];
const signedIn: SignedInListener[] = [];

function subscribe<L>(list: L[], listener: L): () => void {
  list.push(listener);
  return () => void list.splice(list.indexOf(listener), 1);
}

export const onMemberAdded = (listener: AddedListener) => subscribe(added, listener);
export const onSignedIn = (listener: SignedInListener) => subscribe(signedIn, listener);

export async function announceMemberAdded(tx: Queryable, member: AddedMember): Promise<void> {
  for (const listener of added) await listener(tx, member);
}

/** After a successful sign-in (the session exists). */
export async function announceSignedIn(db: Queryable, userId: number): Promise<void> {
  for (const listener of signedIn) await listener(db, userId);
}
