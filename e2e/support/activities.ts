import type { Page } from 'playwright-core';
import { dialog } from './members';
import { buttonText, text } from './texts';

/** Fills the open "log an activity" form with a session of `minutes` of `activity` and saves it. */
export async function saveLoggedSession(page: Page, activity: string, minutes: number): Promise<void> {
  const form = dialog(page, text('logActivityTitle'));
  await form.getByLabel(text('activityType'), { exact: true }).selectOption({ label: activity });
  await form.getByLabel(text('activityMinutes'), { exact: true }).fill(String(minutes));
  await form.getByRole('button', { name: buttonText('activitySave'), exact: true }).click();
  await form.waitFor({ state: 'detached' });
}
