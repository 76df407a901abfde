import { useLocation } from 'react-router';

/**
 * A member signed out who follows a link signs in and lands on what it names, not on home
 * (docs/decisions/0042): the path rides along to the sign-in page in the history state.
 */
interface ReturnState {
  returnTo: string;
}

export const signInState = (path: string): ReturnState | undefined =>
  path === '/' ? undefined : { returnTo: path };

/** Where to go once signed in: the link followed, only ever a path of this app, or home. */
export function useReturnPath(): string {
  const returnTo = (useLocation().state as Partial<ReturnState> | null)?.returnTo;
  return typeof returnTo === 'string' && /^\/(?![/\\])/.test(returnTo) ? returnTo : '/';
}

/** The sign-in page's state after a password reset: it says the password was saved and everyone signed out. */
export const passwordResetState = { passwordReset: true } as const;

export const usePasswordJustReset = (): boolean =>
  (useLocation().state as { passwordReset?: boolean } | null)?.passwordReset === true;
