import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, VIEWPORTS } from './support/browser';
import { serverForFile } from './support/journey';
import { newMember, ok } from './support/members';
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
});
