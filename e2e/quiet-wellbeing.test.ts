import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, screenshotEachViewport, step, VIEWPORTS } from './support/browser';
import { serverForFile } from './support/journey';
import { befriend, dialog, newMember, ok } from './support/members';
import { text } from './support/texts';

/** When set, the settings rows are saved there at each viewport, to be looked at by eye. */
const SHOTS_DIR = process.env.SHOTS_DIR;

const server = serverForFile();

describeInBrowser('quiet hours and wellbeing mode in the settings (decision 0044)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('turns quiet hours on at the night, moves their end, and turns wellbeing mode on', async () => {
    const member = await newMember(browser, server, 'rest');
    const { page } = member;
    const me = async () => (await ok(member, 'GET', '/api/user/profiles')).user_profile;
    await page.getByRole('button', { name: text('openMenu'), exact: true }).click();
    await page
      .getByRole('navigation')
      .getByRole('button', { name: text('settings'), exact: true })
      .click();
    const settings = page.getByRole('dialog', { name: text('settings') });
    await settings.waitFor();
    const quiet = settings.getByRole('switch', { name: text('quietHours') });
    expect(await quiet.isChecked()).toBe(false);
    await quiet.click();
    const until = settings.getByLabel(text('quietHoursUntil'));
    await until.waitFor();
    expect(await settings.getByLabel(text('quietHoursFrom')).inputValue()).toBe('22:00');
    await expect.poll(async () => (await me()).quiet_hours).toEqual({ start: '22:00', end: '07:00' });
    await until.fill('06:30');
    await expect.poll(async () => (await me()).quiet_hours).toEqual({ start: '22:00', end: '06:30' });
    const wellbeing = settings.getByRole('switch', { name: text('wellbeingMode') });
    await wellbeing.click();
    await expect.poll(async () => (await me()).wellbeing_mode).toBe(true);
    if (SHOTS_DIR) {
      fs.mkdirSync(SHOTS_DIR, { recursive: true });
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await wellbeing.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: path.join(SHOTS_DIR, `settings-quiet-${viewport.width}x${viewport.height}.png`),
        });
      }
    }
    await quiet.click();
    await expect.poll(async () => (await me()).quiet_hours).toBeNull();
    expect(await until.count()).toBe(0);
  });

  it('a call in quiet hours rings no popup, and a missed call waits in the notifications', async () => {
    const ann = await newMember(browser, server, 'caller');
    const ben = await newMember(browser, server, 'rest');
    await befriend(ann, ben);
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    // Quiet hours around now, in Ben's zone (UTC here), so the call lands inside them.
    await ok(ben, 'PUT', '/api/user', { timezone: 'UTC' });
    await ok(ben, 'PUT', '/api/user', {
      quiet_hours: { start: hhmm(Date.now() - 3_600_000), end: hhmm(Date.now() + 3_600_000) },
    });
    // Any call popup that ever shows on Ben's page is noted, however briefly it stays.
    await ben.page.evaluate(() => {
      const seen = window as unknown as { orbitPopupSeen: boolean };
      seen.orbitPopupSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[role="alertdialog"]')) seen.orbitPopupSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });

    await step(ben.page, 'Ann calls Ben while he rests', async () => {
      await ok(ann, 'POST', '/api/call/start', { attendees: [ben.userId] });
    });

    await step(ben.page, 'the missed call waits in his notifications', async () => {
      await ben.page
        .getByRole('main')
        .getByRole('button', { name: new RegExp(`^${text('notifications')}`) })
        .click();
      const list = dialog(ben.page, text('notificationsTitle'));
      // Written with the call's start, in the same unit of work as any popup would have been sent; it names Ann.
      await list
        .getByRole('button')
        .filter({ hasText: 'Missed call' })
        .filter({ hasText: ann.username })
        .waitFor();
      expect(
        await ben.page.evaluate(() => (window as unknown as { orbitPopupSeen: boolean }).orbitPopupSeen),
      ).toBe(false);
      await screenshotEachViewport(ben.page, 'quiet-missed-call');
    });
  });
});
