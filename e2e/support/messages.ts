import type { Locator, Page } from 'playwright-core';
import { dialog } from './members';
import { text } from './texts';

/** Opens the private messages list from the home view's button (its name carries the waiting count). */
export async function openMessageList(page: Page): Promise<Locator> {
  await page
    .getByRole('main')
    .getByRole('button', { name: new RegExp(`^${text('privateMessages')}`) })
    .click();
  const list = dialog(page, text('privateMessages'));
  await list.getByRole('searchbox', { name: text('messagesSearch') }).waitFor();
  return list;
}

/** Types a message in a thread's composer and sends it with Enter; what follows is the caller's to check. */
export async function writeInThread(thread: Locator, message: string): Promise<Locator> {
  const box = thread.getByRole('textbox', { name: text('messagesWrite') });
  await box.fill(message);
  await box.press('Enter');
  return box;
}
