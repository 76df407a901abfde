import { T } from '../../i18n/texts';
import { hideDialogs } from '../../ui/dialogStore';
import { showError } from '../../ui/popup';

/** A failed moments call closes the module with the spec's text (docs/product/moments.md (the section of the failing call)). */
export async function closeMomentsWith(text: string): Promise<void> {
  await hideDialogs();
  showError(text, T.pleaseTryAgain);
}
