import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';

/**
 * The heading of a view opened from its address before its name is known: the name once loaded, "Loading…"
 * until then, and "Error" when it cannot be loaded (gone, or never the member's to see). The heading names the
 * dialog, so it is never empty: a dialog without a name is announced as a bare "dialog" (WCAG 4.1.2).
 */
export function AddressedTitle({ name, failed }: { name: string | null | undefined; failed: boolean }) {
  const { t } = useTranslation();
  if (name) return name;
  return t(failed ? T.popupTitle : T.loading);
}
