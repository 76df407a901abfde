import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, screenshotEachViewport, step } from './support/browser';
import { pngFile } from './support/files';
import { serverForFile } from './support/journey';
import { befriend, dialog, goHome, newMember } from './support/members';
import { openMessageList, writeInThread } from './support/messages';
import { buttonText, text, unreadName } from './support/texts';

const server = serverForFile();

/** The home view's private messages button: its name carries the waiting threads, none at zero. */
const messagesButton = (page: Page, count = 0) =>
  page.getByRole('main').getByRole('button', {
    name: unreadName('privateMessages', count),
    exact: true,
  });

async function send(thread: Locator, message: string): Promise<void> {
  const box = await writeInThread(thread, message);
  await expect.poll(() => box.inputValue()).toBe('');
}

const previewsOf = (list: Locator) => list.getByRole('list', { name: text('messagesConversations') });

describeInBrowser('private and group messages in two browsers', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('two friends write live, the unread divider shows once and goes, a third joins through a group', async () => {
    const [ann, ben, cat] = [
      await newMember(browser, server, 'ann'),
      await newMember(browser, server, 'ben'),
      await newMember(browser, server, 'cat'),
    ];
    await befriend(ann, ben);
    await befriend(ann, cat);
    for (const member of [ann, ben, cat]) await goHome(member);

    let annThread: Locator | undefined;
    await step(ann.page, 'Ann opens the thread with Ben from the new-message menu and writes', async () => {
      const list = await openMessageList(ann.page);
      await list.getByRole('button', { name: text('messagesNew'), exact: true }).click();
      await ann.page.getByRole('menuitem', { name: text('messagesPrivateMessage') }).click();
      await dialog(ann.page, text('messagesPrivateMessage'))
        .getByRole('button', { name: ben.username })
        .click();
      annThread = dialog(ann.page, ben.username);
      await send(annThread, 'Hello Ben');
      await send(annThread, 'Run at 7?');
      await annThread.getByText('Run at 7?', { exact: true }).waitFor();
      await annThread.getByText(text('you'), { exact: true }).first().waitFor();
    });

    await step(
      ben.page,
      'Ben sees the badge live, then the unread divider above the first unread',
      async () => {
        await messagesButton(ben.page, 1).waitFor();
        const list = await openMessageList(ben.page);
        const preview = previewsOf(list).getByRole('button', { name: new RegExp(ann.username) });
        await preview.getByText('Run at 7?').waitFor();
        await screenshotEachViewport(ben.page, 'messages-previews');
        await expectAccessible(ben.page, 'the messages list');
        await preview.click();
        const thread = dialog(ben.page, ann.username);
        const divider = thread.getByText(text('messagesUnread'), { exact: true });
        await divider.waitFor();
        await screenshotEachViewport(ben.page, 'messages-conversation');
        await expectAccessible(ben.page, 'a messages thread');
        await messagesButton(ben.page).waitFor({ state: 'attached' });
        await send(thread, 'Yes, see you there');
        await annThread?.getByText('Yes, see you there', { exact: true }).waitFor();
        await thread.getByRole('button', { name: text('back'), exact: true }).click();
        await previewsOf(list)
          .getByRole('button', { name: new RegExp(ann.username) })
          .click();
        await thread.getByText('Hello Ben', { exact: true }).waitFor();
        expect(await divider.count()).toBe(0);
      },
    );

    await step(ann.page, 'Ann sends a picture with a caption; Ben sees it live', async () => {
      if (!annThread) throw new Error('the thread with Ben is not open');
      await annThread.locator('input[type=file]').setInputFiles(pngFile('trail.png'));
      await annThread.getByText('trail.png', { exact: true }).waitFor();
      await send(annThread, 'The trail at dawn');
      const benThread = dialog(ben.page, ann.username);
      const picture = benThread.getByRole('button', { name: text('openFile', 'trail.png') });
      await picture.waitFor();
      await expect
        .poll(() => picture.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(8);
      await benThread.getByText('The trail at dawn', { exact: true }).waitFor();
      await screenshotEachViewport(ben.page, 'messages-picture');
    });

    await step(ann.page, 'Ann makes a group with Ben and Cat; Cat reads it', async () => {
      await ann.page.keyboard.press('Escape');
      const list = dialog(ann.page, text('privateMessages'));
      // The thread's last message carries a picture: its preview reads IMAGE, from the dictionary (docs/product/messages.md#previews).
      await previewsOf(list)
        .getByRole('button', { name: new RegExp(ben.username) })
        .getByText(text('messagesImagePreview'), { exact: true })
        .waitFor();
      await list.getByRole('button', { name: text('messagesNew'), exact: true }).click();
      await ann.page.getByRole('menuitem', { name: text('messagesGroupMessage') }).click();
      const form = dialog(ann.page, text('messagesGroupMessage'));
      const save = form.getByRole('button', { name: text('save'), exact: true });
      await form.getByLabel(text('messagesGroupName')).fill('Trail crew');
      for (const friend of [ben, cat]) {
        expect(await save.isDisabled()).toBe(true);
        await form.getByRole('button', { name: buttonText('messagesAddParticipant'), exact: true }).click();
        await dialog(ann.page, text('messagesAddParticipant'))
          .getByRole('button', { name: friend.username })
          .click();
      }
      await save.click();
      await send(dialog(ann.page, 'Trail crew'), 'Welcome, crew');
      // In the list, as in the thread, Ann's own last message is "You"'s; Cat sees Ann's name there.
      const annGroup = dialog(ann.page, 'Trail crew');
      await annGroup.getByRole('button', { name: text('back'), exact: true }).click();
      await previewsOf(dialog(ann.page, text('privateMessages')))
        .getByRole('button', { name: /Trail crew/ })
        .getByText(text('messagesLastBy', text('you'), 'Welcome, crew'), { exact: true })
        .waitFor();
      const catList = await openMessageList(cat.page);
      const catPreview = previewsOf(catList).getByRole('button', { name: /Trail crew/ });
      await catPreview
        .getByText(text('messagesLastBy', ann.username, 'Welcome, crew'), { exact: true })
        .waitFor();
      await catPreview.click();
      await dialog(cat.page, 'Trail crew').getByText('Welcome, crew', { exact: true }).waitFor();
    });

    for (const member of [ann, ben, cat]) expect(member.errors).toEqual([]);
  });
});
