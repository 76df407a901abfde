import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, screenshotEachViewport, step } from './support/browser';
import { serverForFile } from './support/journey';
import { dialog, newMember, signIn } from './support/members';
import { buttonText, text } from './support/texts';

const DEMO_PASSWORD = 'Demo-pass-42';
const COMMUNITY = 'Inner Circle';

const server = serverForFile({ env: { SEED_DEMO: 'true', DEMO_PASSWORD } });

/**
 * The accessible name of what has focus, and whether it sits inside `scope`. Arrow keys move the focus a task
 * later (Radix's roving focus), so a journey polls for it.
 */
async function focused(page: Page, scope?: Locator): Promise<{ name: string; inside: boolean }> {
  const name = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });
  const inside = scope ? await scope.evaluate((root) => root.contains(document.activeElement)) : false;
  return { name, inside };
}

/** `text` as a pattern that matches it literally. */
const escapeRegExp = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const menuButton = (page: Page) => page.getByRole('button', { name: text('openMenu'), exact: true });

describeInBrowser('keyboard only', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the header comes first, the side menu moves with arrows, layers trap Tab and give focus back', async () => {
    const member = await newMember(browser, server, 'keys');
    const { page } = member;

    await step(page, 'Tab reaches the menu, messages and notifications buttons before any star', async () => {
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).toBe(text('openMenu'));
      await page.keyboard.press('Tab');
      // A button's name carries its badge's count when there is one: "Notifications (1)".
      expect((await focused(page)).name.startsWith(text('privateMessages'))).toBe(true);
      await page.keyboard.press('Tab');
      expect((await focused(page)).name.startsWith(text('notifications'))).toBe(true);
    });

    const nav = page.getByRole('navigation');
    await step(page, 'the side menu opens on its first entry and moves with the arrow keys', async () => {
      await menuButton(page).focus();
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await focused(page, nav)).name).toBe(text('home'));
      await page.keyboard.press('ArrowDown');
      await expect.poll(async () => (await focused(page, nav)).name).toBe(text('search'));
      await page.keyboard.press('ArrowUp');
      await expect.poll(async () => (await focused(page, nav)).name).toBe(text('home'));
      await page.keyboard.press('ArrowUp');
      await expect.poll(async () => (await focused(page, nav)).name).toBe(text('logout'));
      await screenshotEachViewport(page, 'keyboard-side-menu');
    });

    await step(
      page,
      'Tab stays in the side menu; Escape closes it and focus is back on the menu button',
      async () => {
        for (let press = 0; press < 4; press++) {
          await page.keyboard.press('Tab');
          expect((await focused(page, nav)).inside).toBe(true);
        }
        await page.keyboard.press('Escape');
        await expect.poll(async () => (await focused(page)).name).toBe(text('openMenu'));
      },
    );

    await step(
      page,
      'a dialog opened from the menu keeps Tab inside and gives focus back on Escape',
      async () => {
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await focused(page, nav)).name).toBe(text('home'));
        await page.keyboard.press('End');
        await expect.poll(async () => (await focused(page, nav)).name).toBe(text('logout'));
        await page.keyboard.press('ArrowUp');
        await expect.poll(async () => (await focused(page, nav)).name).toBe(text('settings'));
        await page.keyboard.press('Enter');
        const settings = dialog(page, text('settings'));
        await settings.waitFor();
        const tabbable = await settings.evaluate(
          (root) => root.querySelectorAll('button:not([disabled]), a[href], input, select, textarea').length,
        );
        for (let press = 0; press <= tabbable; press++) {
          await page.keyboard.press('Tab');
          expect((await focused(page, settings)).inside).toBe(true);
        }
        await page.keyboard.press('Shift+Tab');
        expect((await focused(page, settings)).inside).toBe(true);
        await page.keyboard.press('Escape');
        await settings.waitFor({ state: 'detached' });
        await expect.poll(async () => (await focused(page)).name).toBe(text('openMenu'));
      },
    );

    expect(member.errors).toEqual([]);
    await member.context.close();
  });

  it('Tab walks the stars; a star with a badge says its count in its name and Enter opens it', async () => {
    const member = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const { page } = member;
    const field = page.getByTestId('star-field');
    const [before, after] = text('starWaiting', '\u0000').split('\u0000');
    const waiting = new RegExp(`, ${escapeRegExp(before)}(\\d+\\+?)${escapeRegExp(after)}$`);
    let badged = '';

    await step(page, 'Tab moves from the header to star after star, to one with a badge', async () => {
      await menuButton(page).focus();
      const stars = await field.getByRole('button').count();
      for (let press = 0; press < stars + 3 && !badged; press++) {
        await page.keyboard.press('Tab');
        const { name, inside } = await focused(page, field);
        if (inside && waiting.test(name)) badged = name;
      }
      expect(badged, 'a star with a badge reached by Tab').not.toBe('');
      const star = field.getByRole('button', { name: badged, exact: true });
      // Its name starts with the label shown, and the count drawn is the one said (WCAG 2.5.3).
      const label = (await star.locator('[data-star-label]').textContent()) ?? '';
      expect(label).not.toBe('');
      expect(badged.startsWith(label)).toBe(true);
      expect(await star.locator('[data-badge]').getAttribute('data-badge')).toBe(badged.match(waiting)?.[1]);
      await screenshotEachViewport(page, 'keyboard-badged-star');
    });

    await step(page, 'Enter opens its place; Escape closes it and focus is back on the star', async () => {
      await page.keyboard.press('Enter');
      const place = page.getByRole('dialog');
      await place.waitFor();
      await page.keyboard.press('Escape');
      await place.waitFor({ state: 'detached' });
      await expect.poll(async () => (await focused(page)).name).toBe(badged);
    });

    expect(member.errors).toEqual([]);
    await member.context.close();
  });

  it("Escape on a post's item menu closes only that menu, and focus is back on its button", async () => {
    const expert = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const { page } = expert;
    const words = `Keys ${randomBytes(2).toString('hex')}`;
    const community = page.getByRole('dialog');

    await step(page, 'the expert opens the community and posts', async () => {
      await page
        .getByRole('main')
        .getByRole('button', { name: new RegExp(`(^|\\W)${COMMUNITY}(\\W|$)`) })
        .first()
        .click();
      const box = community.getByRole('textbox', { name: text('writePost') });
      await box.fill(words);
      await box.press('Enter');
      await community.getByRole('article').filter({ hasText: words }).waitFor();
      await expectAccessible(page, 'a community feed');
    });

    await step(page, 'the item menu opens from the keyboard; Escape closes it alone', async () => {
      const card = community.getByRole('article').filter({ hasText: words });
      const options = card.getByRole('button', { name: text('postOptions'), exact: true });
      await options.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect.poll(async () => (await focused(page, menu)).name).toBe(buttonText('feedEdit'));
      await page.keyboard.press('ArrowDown');
      await expect.poll(async () => (await focused(page, menu)).name).toBe(buttonText('feedDelete'));
      await screenshotEachViewport(page, 'keyboard-item-menu');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await community.isVisible()).toBe(true);
      await expect.poll(async () => (await focused(page)).name).toBe(text('postOptions'));
    });

    await step(page, 'the next Escape goes back one step: the community closes', async () => {
      await page.keyboard.press('Escape');
      await community.waitFor({ state: 'detached' });
    });

    expect(expert.errors).toEqual([]);
    await expert.context.close();
  });
});
