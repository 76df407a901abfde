import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { tokenFromLink, updateToken } from '../api/auth';
import { isOffline } from '../api/client';
import { queryKeys } from '../api/keys';
import { T } from '../i18n/texts';
import { showFailure } from '../ui/popup';

/**
 * A token handed in the address (000 §6, "POST /token ... then profiles are refreshed"): it leaves the
 * address at once (not kept in the history), becomes the session, and the member is loaded again. A failure
 * says "unable to update" / "please try again", or "oops" with the network message when offline (000 §8).
 */
export function TokenHandoff() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = tokenFromLink(window.location.hash);
    if (!token) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    updateToken(token).then(
      () => queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
      (error) => showFailure(T.unableToUpdate, isOffline(error)),
    );
  }, [queryClient]);
  return null;
}
