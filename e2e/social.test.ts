import { EN_US, translate } from '@orbit/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, screenshot, screenshotEachViewport } from './support/browser';
import { serverForFile } from './support/journey';
import { type Member, newMember } from './support/members';
import { buttonText, text } from './support/texts';

const server = serverForFile();

async function openMenuEntry(page: Page, entry: string): Promise<Locator> {
  await page.getByRole('button', { name: text('openMenu'), exact: true }).click();
  await page.getByRole('navigation').getByRole('button', { name: entry, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: entry });
  await dialog.waitFor();
  return dialog;
}

/** A star of the home view: a button whose name holds these words (the star field names each star). */
function homeStar(page: Page, words: string): Locator {
  return page.getByRole('main').getByRole('button', { name: new RegExp(`(^|\\W)${words}(\\W|$)`) });
}

const friendStarName = (name: string) =>
  translate(EN_US, 'star.label', name, translate(EN_US, 'star_kind.5'));

/** One step of the journey: a failure names the step and leaves a screenshot of each member's page. */
async function step(members: Member[], name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    for (const member of members) {
      await screenshot(member.page, `failed-${name.replace(/\W+/g, '-')}-${member.username}`).catch(() => {});
    }
    if (err instanceof Error) err.message = `[step: ${name}] ${err.message}`;
    throw err;
  }
}

describeInBrowser('social graph journey in two browsers', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('A finds B and asks; B sees it live and accepts; both see each other; A pins and unfriends B', async () => {
    const a = await newMember(browser, server, 'ann');
    const b = await newMember(browser, server, 'bob');
    const both = [a, b];
    const message = 'Hi Bob, we met at the run club';

    await step(both, 'B picks a mood and a mood tag on the own star page', async () => {
      await homeStar(b.page, translate(EN_US, 'star_kind.99')).click();
      const own = b.page.getByRole('dialog', { name: b.username });
      await own.getByRole('button', { name: text('changeMood'), exact: true }).click();
      const picker = b.page.getByRole('dialog', { name: text('iFeel') });
      const excited = picker.getByRole('button', { name: translate(EN_US, 'mood.5'), exact: true });
      await excited.click();
      await expect.poll(() => excited.getAttribute('aria-pressed')).toBe('true');
      const tag = picker.getByLabel(text('newTag'), { exact: true });
      await tag.fill('morning run');
      await tag.press('Enter');
      await tag.fill('  Morning Run ');
      await tag.press('Enter');
      const tags = picker.getByRole('list', { name: text('tagsTitle') });
      await tags.getByText('morning run', { exact: true }).waitFor();
      await screenshotEachViewport(b.page, 'mood-picker');
      expect(await tags.getByRole('listitem').count()).toBe(1);
    });

    await step(both, 'B shares how they feel anonymously through the new post composer', async () => {
      const picker = b.page.getByRole('dialog', { name: text('iFeel') });
      await picker.getByRole('button', { name: text('newPost'), exact: true }).click();
      const composer = b.page.getByRole('dialog', { name: text('newPost') });
      await composer.getByText('morning run', { exact: true }).waitFor();
      await composer.getByRole('checkbox').check();
      await composer.getByRole('textbox', { name: text('writePost') }).fill('Light legs today');
      await screenshotEachViewport(b.page, 'new-post-composer');
      await composer.getByRole('button', { name: buttonText('feedSend'), exact: true }).click();
      await composer.waitFor({ state: 'detached' });
      await picker.getByRole('button', { name: text('back'), exact: true }).click();
      const own = b.page.getByRole('dialog', { name: b.username });
      await own.getByRole('article').filter({ hasText: 'Light legs today' }).waitFor();
      await own.getByRole('button', { name: text('close'), exact: true }).click();
    });

    await step(both, 'A searches B with Enter and sends a request with a message', async () => {
      const search = await openMenuEntry(a.page, text('search'));
      const field = search.getByRole('searchbox', { name: text('searchField') });
      await field.fill(b.username.slice(0, 5));
      await field.press('Enter');
      const result = search.getByRole('button', { name: b.username });
      await result.waitFor();
      await screenshotEachViewport(a.page, 'search');
      await expectAccessible(a.page, 'search');
      await result.click();
      const confirmation = a.page.getByRole('dialog', { name: text('addFriend') });
      await confirmation.getByLabel(text('requestMessage'), { exact: true }).fill(message);
      await confirmation.getByRole('button', { name: buttonText('friendConfirm'), exact: true }).click();
      const page = a.page.getByRole('dialog', { name: b.username });
      await page.getByText(text('requestPending'), { exact: true }).waitFor();
    });

    let requests: Locator;
    await step(both, "B's request badge and requests list update without a reload", async () => {
      // The REQUESTS star's name carries its badge: "Requests, 1 waiting".
      await homeStar(b.page, `${text('requestsTitle')}, ${translate(EN_US, 'star.waiting', 1)}`).waitFor();
      requests = await openRequestsScreen(b.page);
      const row = requests.getByRole('listitem').filter({ hasText: a.username });
      await row.getByText(message).waitFor();
      expect(await b.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
      await screenshotEachViewport(b.page, 'requests');
      await row.getByRole('button', { name: a.username }).click();
      const banner = b.page.getByRole('region', {
        name: translate(EN_US, 'social.wants_to_be_friends', a.username),
      });
      await banner.getByRole('button', { name: text('friendDecline'), exact: true }).waitFor();
      await screenshotEachViewport(b.page, 'user-star-request');
      await b.page
        .getByRole('dialog', { name: a.username })
        .getByRole('button', { name: text('back'), exact: true })
        .click();
    });

    await step(both, 'B accepts; both home views show each other as friend stars', async () => {
      const row = requests.getByRole('listitem').filter({ hasText: a.username });
      await row.getByRole('button', { name: buttonText('requestAccept'), exact: true }).click();
      await requests.getByText(text('noRequests'), { exact: true }).waitFor();
      await b.page
        .getByRole('dialog')
        .getByRole('button', { name: text('close'), exact: true })
        .click();
      await a.page
        .getByRole('dialog')
        .getByRole('button', { name: text('close'), exact: true })
        .click();
      await homeStar(b.page, friendStarName(a.username)).waitFor();
      await homeStar(a.page, friendStarName(b.username)).waitFor();
    });

    await step(both, "B's new mood shows on B's star in A's home at once, without a reload", async () => {
      const setMood = async (mood: number) => {
        await homeStar(b.page, translate(EN_US, 'star_kind.99')).click();
        const own = b.page.getByRole('dialog', { name: b.username });
        await own.getByRole('button', { name: text('changeMood'), exact: true }).click();
        const picker = b.page.getByRole('dialog', { name: text('iFeel') });
        const face = picker.getByRole('button', { name: translate(EN_US, `mood.${mood}`), exact: true });
        await face.click();
        await expect.poll(() => face.getAttribute('aria-pressed')).toBe('true');
        await b.page.keyboard.press('Escape');
        await b.page.keyboard.press('Escape');
        await own.waitFor({ state: 'detached' });
      };
      const feeling = (mood: number) =>
        `${friendStarName(b.username)}, ${translate(EN_US, 'star.feeling', translate(EN_US, `mood.${mood}`))}`;
      await homeStar(a.page, feeling(5)).waitFor();
      // The mood travels as a delta A's app puts on the star: A's home is not fetched again for it.
      const refetches: string[] = [];
      const count = (request: { url(): string }) => {
        if (request.url().includes('/api/user/profiles')) refetches.push(request.url());
      };
      a.page.on('request', count);
      await setMood(2);
      await homeStar(a.page, feeling(2)).waitFor();
      a.page.off('request', count);
      expect(refetches).toEqual([]);
      await setMood(5);
      await homeStar(a.page, feeling(5)).waitFor();
    });

    await step(both, "A opens B's star and pins it", async () => {
      await homeStar(a.page, friendStarName(b.username)).click();
      const page = a.page.getByRole('dialog', { name: b.username });
      await page.getByRole('button', { name: buttonText('pin'), exact: true }).click();
      await page.getByRole('button', { name: buttonText('unpin'), exact: true }).waitFor();
      await page
        .getByRole('img', { name: translate(EN_US, 'social.mood_of', translate(EN_US, 'mood.5')) })
        .waitFor();
      await page.getByText('morning run', { exact: true }).waitFor();
      await screenshotEachViewport(a.page, 'user-star-page');
      await expectAccessible(a.page, 'a member page');
    });

    await step(both, "A unfriends B and B's star fades out", async () => {
      const page = a.page.getByRole('dialog', { name: b.username });
      await page.getByRole('button', { name: buttonText('friendUnfriend'), exact: true }).click();
      await page.getByRole('button', { name: buttonText('friendFriend'), exact: true }).waitFor();
      await page.getByRole('button', { name: text('close'), exact: true }).click();
      await homeStar(a.page, b.username).waitFor({ state: 'detached' });
      await homeStar(b.page, a.username).waitFor({ state: 'detached' });
    });

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('a private request finds a member by persona name; inactive and community search show their empty texts', async () => {
    const c = await newMember(browser, server, 'cat');
    const d = await newMember(browser, server, 'dan');
    const both = [c, d];

    await step(both, 'an unknown persona name is refused with "persona does not exist"', async () => {
      const form = await openMenuEntry(c.page, text('privateRequest'));
      await form.getByLabel(text('personaName'), { exact: true }).fill(`${d.username}x`);
      await form.getByRole('button', { name: text('sendRequest'), exact: true }).click();
      const popup = c.page.getByRole('alertdialog', { name: text('personaDoesNotExist') });
      await popup.getByRole('button').click();
      await form.getByLabel(text('personaName'), { exact: true }).fill(d.username);
      await form.getByRole('button', { name: text('sendRequest'), exact: true }).click();
      const page = c.page.getByRole('dialog', { name: d.username });
      await page.getByText(text('requestPending'), { exact: true }).waitFor();
      await page.getByRole('button', { name: text('close'), exact: true }).click();
    });

    await step(both, 'the request reaches the other member', async () => {
      const requests = await openRequestsScreen(d.page);
      await requests.getByRole('listitem').filter({ hasText: c.username }).waitFor();
    });

    await step(both, 'inactive shows the spec empty texts, page by page', async () => {
      const inactive = await openMenuEntry(c.page, text('inactive'));
      await inactive.getByText(text('inactiveEmptyFriends'), { exact: true }).waitFor();
      await inactive.getByText(text('inactiveGames'), { exact: true }).click();
      await inactive.getByText(text('inactiveEmptyGames'), { exact: true }).waitFor();
      await screenshotEachViewport(c.page, 'inactive');
      await inactive.getByRole('button', { name: text('close'), exact: true }).click();
    });

    await step(both, 'community search answers an empty list until communities exist', async () => {
      const search = await openMenuEntry(c.page, text('search'));
      await search.getByText(text('searchCommunitiesKind'), { exact: true }).click();
      const field = search.getByRole('searchbox', { name: text('searchField') });
      await field.fill('runners');
      await field.press('Enter');
      await search.getByText(text('noResults'), { exact: true }).waitFor();
    });

    expect(c.errors).toEqual([]);
    expect(d.errors).toEqual([]);
    await c.context.close();
    await d.context.close();
  });
});

/** The requests screen opens from the REQUESTS star (docs/product/home-and-stars.md#star-types), whose name counts the requests waiting. */
async function openRequestsScreen(page: Page): Promise<Locator> {
  await homeStar(page, text('requestsTitle')).click();
  const dialog = page.getByRole('dialog', { name: text('requestsTitle') });
  await dialog.waitFor();
  return dialog;
}
