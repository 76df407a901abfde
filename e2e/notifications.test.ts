import { EN_US } from '@orbit/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, screenshotEachViewport, step } from './support/browser';
import { serverForFile } from './support/journey';
import { api, befriend, dialog, newMember, ok } from './support/members';
import { buttonText, text, unreadName } from './support/texts';

const server = serverForFile();

/** The home view's notification button: its name carries the unread count, none when the badge is hidden. */
const notificationButton = (page: Page, count = 0) =>
  page.getByRole('main').getByRole('button', {
    name: unreadName('notifications', count),
    exact: true,
  });

/** A MOMENTS star (11) of the home view: "<producer>, moments". */
const momentsStar = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('button', { name: new RegExp(`, ${EN_US['star_kind.11']}$`) })
    .first();

describeInBrowser('notifications and moments in a real browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a comment raises the badge live, the list clears it; a dare without participants is refused, one sent from moment create is pending for its friend', async () => {
    const ann = await newMember(browser, server, 'ann');
    const ben = await newMember(browser, server, 'ben');
    await befriend(ann, ben);

    await step(ann.page, 'a comment on her post raises the badge live', async () => {
      await notificationButton(ann.page).waitFor();
      const post = await ok(ann, 'POST', '/api/user/feed', { message: 'Morning run done' });
      await ok(ben, 'POST', '/api/user/comment', {
        feed_id: post.id,
        user_id: ann.userId,
        message: 'Well done!',
      });
      await notificationButton(ann.page, 1).waitFor();
      // The header's buttons with a count: each named by what it shows first (WCAG 2.5.3).
      await screenshotEachViewport(ann.page, 'home-notification-badge');
      await expectAccessible(ann.page, 'home with a notification badge');
    });

    await step(ann.page, 'the list shows it unread; going back clears the badge', async () => {
      await notificationButton(ann.page, 1).click();
      const list = dialog(ann.page, text('notificationsTitle'));
      await list.getByRole('list').getByText(text('notificationUnread'), { exact: false }).waitFor();
      await screenshotEachViewport(ann.page, 'notifications-list');
      await expectAccessible(ann.page, 'the notifications list');
      await list.getByRole('button', { name: text('back'), exact: true }).click();
      await notificationButton(ann.page).waitFor();
      const profiles = await (await api(ann, 'GET', '/api/user/profiles')).json();
      expect(profiles.notif_qty).toBe(0);
    });

    await step(ben.page, 'a dare is sent through the moment create screen', async () => {
      // A share from Ann gives Ben a MOMENTS star: the way into the moments list (docs/product/moments.md#moments-list).
      await ok(ann, 'POST', '/api/user/moments', { participants: { friend_ids: [ben.userId] } });
      await ben.page.reload();
      await momentsStar(ben.page).click();
      const moments = dialog(ben.page, text('momentsTitle'));
      await moments.getByRole('list', { name: text('momentsPending') }).waitFor();
      await moments.getByRole('button', { name: text('momentNew'), exact: true }).click();
      const create = dialog(ben.page, text('momentNew'));
      await create.getByRole('button', { name: text('momentSave'), exact: true }).waitFor();
      await create.getByLabel(text('momentApp')).selectOption({ label: EN_US['app.2'] });
      await create
        .getByRole('group', { name: text('momentShowFactor') })
        .getByText(text('momentFactorOn'))
        .click();
      await create
        .getByRole('group', { name: text('momentCriteria') })
        .getByText('Distance')
        .click();
      await create.getByLabel(text('momentMessage')).fill('5 km before Friday?');
      // A dare needs someone to dare: with nobody chosen it is refused (docs/product/communities.md#create).
      await create.getByRole('button', { name: text('momentSave'), exact: true }).click();
      const refusal = ben.page.getByRole('alertdialog', { name: text('noParticipants') });
      await refusal.getByText(text('selectParticipant'), { exact: true }).waitFor();
      await screenshotEachViewport(ben.page, 'moment-no-participants');
      await refusal.getByRole('button').first().click();
      await create.getByRole('checkbox', { name: ann.username }).check();
      await create.getByRole('button', { name: text('momentSendButton'), exact: true }).click();
      await moments.waitFor();
      await moments.getByText(text('momentsOutgoing'), { exact: true }).click();
      await moments.getByText('5 km before Friday?').waitFor();
    });

    await step(ann.page, 'the dare shows as pending for its recipient', async () => {
      await ann.page.reload();
      await momentsStar(ann.page).click();
      const moments = dialog(ann.page, text('momentsTitle'));
      const pending = moments.getByRole('list', { name: text('momentsPending') });
      await pending.getByText('5 km before Friday?').waitFor();
      await expect(
        pending.getByRole('button', { name: buttonText('momentPlay'), exact: true }).count(),
      ).resolves.toBe(1);
      await screenshotEachViewport(ann.page, 'moments-list');
      await expectAccessible(ann.page, 'the moments list');
    });

    expect([...ann.errors, ...ben.errors]).toEqual([]);
    await ann.context.close();
    await ben.context.close();
  });
});
