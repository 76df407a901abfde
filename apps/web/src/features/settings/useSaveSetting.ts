import { useUpdateUser } from '../../api/profiles';
import type { UserProfile, UserUpdate } from '../../api/types';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { usePopupStore } from '../../ui/popup';
import { confirmDone } from '../../ui/toast';

/**
 * Saves one profile setting with PUT /user; a failure shows "unable to change <setting>" /
 * "please try again" (docs/product/account-and-safety.md#profile). Resolves to the updated profile, or null when it failed.
 */
export function useSaveSetting() {
  const { t } = useTranslation();
  const update = useUpdateUser();
  return async (change: UserUpdate, setting: string, failureTitle: string = T.unableToChange) => {
    try {
      const saved = await update.mutateAsync(change);
      confirmDone(T.saved);
      return saved;
    } catch {
      usePopupStore
        .getState()
        .show({ title: failureTitle, message: T.pleaseTryAgain, values: positional(t(setting)) });
      return null as UserProfile | null;
    }
  };
}
