import { refusedWith } from '../../api/errors';
import { useSendFriendRequest, useUnfriend, useWithdrawFriendRequest } from '../../api/social';
import { T } from '../../i18n/texts';
import { showError, usePopupStore } from '../../ui/popup';

/**
 * Runs a call; a failure shows the spec's title over "please try again" (docs/product/README.md#errors) and answers false. A
 * refusal because one of the two blocked the other says so instead (issue 14).
 */
async function attempt(call: () => Promise<unknown>, failureTitle?: string): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    showFailure(error, failureTitle);
    return false;
  }
}

/**
 * A call's failure under `failureTitle`: "please try again" (`retry`), or, when one of the two members blocked
 * the other, why it was refused, dismissed with OK: trying again would not help (docs/decisions/0046).
 */
export function showFailure(
  error: unknown,
  failureTitle?: string,
  retry: string | undefined = failureTitle ? T.pleaseTryAgain : undefined,
): void {
  if (refusedWith(error, 'blocked')) {
    usePopupStore.getState().show({ title: failureTitle, message: T.blockRefused, dismiss: T.ok });
  } else showError(failureTitle, retry);
}

/** The friend request and friendship calls with their failure messages, shared by every social screen. */
export function useFriendActions() {
  const send = useSendFriendRequest();
  const withdraw = useWithdrawFriendRequest();
  const unfriend = useUnfriend();
  return {
    busy: send.isPending || withdraw.isPending || unfriend.isPending,
    send: (userId: number, message?: string) =>
      attempt(() => send.mutateAsync({ userId, message }), T.unableToSendFriendRequest),
    accept: (userId: number) => attempt(() => send.mutateAsync({ userId }), T.unableToAcceptFriendRequest),
    reject: (userId: number) => attempt(() => withdraw.mutateAsync(userId), T.unableToRejectFriendRequest),
    // The spec words no unfriend failure (docs/product/friends.md#friend-requests): the default popup says something went wrong.
    unfriend: (userId: number) => attempt(() => unfriend.mutateAsync(userId)),
  };
}
