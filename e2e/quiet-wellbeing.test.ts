import fs from 'node:fs';
import path from 'node:path';
import { EN_US, translate } from '@orbit/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saveLoggedSession } from './support/activities';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, screenshotEachViewport, step, VIEWPORTS } from './support/browser';
import { serverForFile } from './support/journey';
import { befriend, dialog, newMember, ok } from './support/members';
import { buttonText, text } from './support/texts';

/** When set, the settings rows are saved there at each viewport, to be looked at by eye. */
const SHOTS_DIR = process.env.SHOTS_DIR;

const server = serverForFile();

/** The settings, opened from the side menu. */
async function openSettings(page: Page) {
  await page.getByRole('button', { name: text('openMenu'), exact: true }).click();
  await page
    .getByRole('navigation')
    .getByRole('button', { name: text('settings'), exact: true })
    .click();
  const settings = page.getByRole('dialog', { name: text('settings') });
  await settings.waitFor();
  return settings;
}

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
    const settings = await openSettings(page);
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

  it('sets reminders and a weekly goal, sees the ring move after a run, and wellbeing mode takes it away', async () => {
    const member = await newMember(browser, server, 'goal');
    const { page } = member;
    const main = page.getByRole('main');
    const ring = main.getByTestId('goal-ring');
    const ownStar = main.getByRole('button', { name: new RegExp(translate(EN_US, 'star_kind.99')) });

    await step(page, 'the member sets both reminders in the settings', async () => {
      const settings = await openSettings(page);
      const reminders = settings.getByRole('region', { name: text('reminders') });
      await reminders.getByRole('switch', { name: text('moodReminder') }).click();
      await reminders.getByLabel(text('reminderMoodTime')).fill('21:15');
      await reminders.getByRole('switch', { name: text('activityReminder') }).click();
      await reminders.getByRole('button', { name: text('weekday2'), exact: true }).click();
      await reminders.getByRole('button', { name: text('weekday5'), exact: true }).click();
      await expect
        .poll(async () => ok(member, 'GET', '/api/user/reminders'))
        .toEqual({
          mood: { enabled: true, time: '21:15' },
          activity: { enabled: true, time: '18:00', days: [1, 2, 3] },
        });
      expect(
        await reminders
          .getByRole('button', { name: text('weekday2'), exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await reminders.scrollIntoViewIfNeeded();
      await screenshotEachViewport(page, 'settings-reminders');
    });

    await step(page, 'the member sets a weekly goal of 60 minutes', async () => {
      const settings = page.getByRole('dialog', { name: text('settings') });
      const goal = settings.getByRole('region', { name: text('weeklyGoal') });
      await goal.getByRole('switch', { name: text('weeklyGoal') }).click();
      const minutes = goal.getByLabel(text('weeklyGoalMinutes'));
      await minutes.fill('60');
      await minutes.press('Enter');
      await expect
        .poll(async () => ok(member, 'GET', '/api/user/goal'))
        .toEqual({ weekly_active_minutes: 60 });
      await goal.scrollIntoViewIfNeeded();
      await screenshotEachViewport(page, 'settings-weekly-goal');
      await expectAccessible(page, 'the reminders and the weekly goal');
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });
    });

    await step(page, 'the home shows an empty ring around the own star', async () => {
      await ring.waitFor();
      expect(await ring.getAttribute('data-share')).toBe('0.00');
    });

    await step(page, 'a 30-minute run fills half the ring without a reload', async () => {
      await ownStar.click();
      const own = dialog(page, member.username);
      await own
        .getByRole('region', { name: text('thisWeek') })
        .getByRole('button', { name: buttonText('logActivity'), exact: true })
        .click();
      await saveLoggedSession(page, 'running', 30);
      await page.keyboard.press('Escape');
      await own.waitFor({ state: 'detached' });
      await expect.poll(() => ring.getAttribute('data-share')).toBe('0.50');
      expect(await ownStar.getAttribute('aria-describedby')).toBeTruthy();
      await screenshotEachViewport(page, 'home-goal-ring');
    });

    await step(page, 'wellbeing mode takes the ring away', async () => {
      const settings = await openSettings(page);
      await settings.getByRole('switch', { name: text('wellbeingMode') }).click();
      await expect
        .poll(async () => (await ok(member, 'GET', '/api/user/profiles')).user_profile.wellbeing_mode)
        .toBe(true);
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });
      await ownStar.waitFor();
      await expect.poll(() => ring.count()).toBe(0);
    });

    expect(member.errors).toEqual([]);
  });
});
