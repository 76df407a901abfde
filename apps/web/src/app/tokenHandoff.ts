import { tokenFromLink, updateToken } from '../api/auth';
import { isOffline } from '../api/client';
import { T } from '../i18n/texts';
import { showFailure } from '../ui/popup';
import { forgetLastSeen } from './offlineCache';

/**
 * A token handed in the address (docs/product/home-and-stars.md#profiles-response, "POST /token ... then profiles are refreshed"), taken before the
 * app first asks for the member, so that the first answer already knows the session: it leaves the address
 * at once (not kept in the history) and becomes the session. A failure says "unable to update" / "please
 * try again", or "oops" with the network message when offline (docs/product/README.md#errors); the popup shows once the app is up.
 */
export async function handOffToken(): Promise<void> {
  const token = tokenFromLink(window.location.hash);
  if (!token) return;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  try {
    await updateToken(token);
    // The handed session may be another member's: what the last one saw must not show first.
    forgetLastSeen();
  } catch (error) {
    showFailure(T.unableToUpdate, isOffline(error));
  }
}
