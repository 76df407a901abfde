import type { Page } from 'playwright-core';
import { dialog } from './members';
import { buttonText, text } from './texts';

/**
 * The page's current minute as a datetime-local field reads it. Written as page source: tsx would wrap a
 * Node-side function in helpers the page does not have.
 */
const PAGE_MINUTE = `(() => {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  return now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate()) + 'T' + pad(now.getHours()) + ':' + pad(now.getMinutes());
})()`;

/**
 * Fills the open "log an activity" form with a session of `minutes` of `activity`, started this minute, and
 * saves it. The form's own default start (half an hour ago) is last week's for a member whose week has just
 * begun, and the journeys read the session back as this week's.
 */
export async function saveLoggedSession(page: Page, activity: string, minutes: number): Promise<void> {
  const form = dialog(page, text('logActivityTitle'));
  await form.getByLabel(text('activityType'), { exact: true }).selectOption({ label: activity });
  await form
    .getByLabel(text('activityStart'), { exact: true })
    .fill(await page.evaluate<string>(PAGE_MINUTE));
  await form.getByLabel(text('activityMinutes'), { exact: true }).fill(String(minutes));
  await form.getByRole('button', { name: buttonText('activitySave'), exact: true }).click();
  await form.waitFor({ state: 'detached' });
}
