import { StarType } from '@orbit/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import {
  describeInBrowser,
  launchBrowser,
  openContext,
  PHONE,
  screenshotEachViewport,
  step,
} from './support/browser';
import { serverForFile } from './support/journey';
import { dialog, type Member, ok, signIn } from './support/members';
import { buttonText, text } from './support/texts';

const DEMO_PASSWORD = 'Demo-pass-42';
const COMMUNITY = 'Inner Circle';

const server = serverForFile({ env: { SEED_DEMO: 'true', DEMO_PASSWORD } });

const path = (page: Page) => new URL(page.url()).pathname;
const home = (page: Page) => page.getByRole('button', { name: text('openMenu'), exact: true });

/** Home is shown, with no dialog over it, at the address /. */
async function expectHome(page: Page): Promise<void> {
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await home(page).waitFor();
  expect(path(page)).toBe('/');
}

async function communityId(member: Member): Promise<number> {
  const answer = await ok(member, 'GET', '/api/user/profiles');
  const star = answer.stars.find((s: { name: string }) => s.name === COMMUNITY);
  return star.community_id;
}

/** The paths of the browser's last `count` history entries up to the current one, as the browser holds them. */
async function lastEntries(page: Page, count: number): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { currentIndex, entries } = await cdp.send('Page.getNavigationHistory');
    return entries
      .slice(Math.max(0, currentIndex + 1 - count), currentIndex + 1)
      .map((e) => new URL(e.url).pathname);
  } finally {
    await cdp.detach();
  }
}

describeInBrowser('navigation in the address', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('Back and Forward walk the dialog stack, a reload and a link reopen it, and Back never leaves the app', async () => {
    const member = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const { page } = member;
    const id = await communityId(member);
    const community = dialog(page, COMMUNITY);
    const members = dialog(page, text('members'));

    await step(page, 'a community, then its members list, each get an address', async () => {
      await page
        .getByRole('main')
        .getByRole('button', { name: new RegExp(`(^|\\W)${COMMUNITY}(\\W|$)`) })
        .first()
        .click();
      await community.waitFor();
      expect(path(page)).toBe(`/community/${id}`);
      await community.getByRole('button', { name: /^\d+ members$/ }).click();
      await members.waitFor();
      expect(path(page)).toBe(`/community/${id}/members/${id}`);
    });

    await step(
      page,
      'Back returns to the community, Back again to home, Forward to the community',
      async () => {
        await page.goBack();
        await members.waitFor({ state: 'detached' });
        await community.waitFor();
        expect(path(page)).toBe(`/community/${id}`);
        // As with the dialog's own Back button, focus is back on what opened the view.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
          .toMatch(/^\d+ members$/);
        await page.goBack();
        await expectHome(page);
        await page.goForward();
        await community.waitFor();
        expect(path(page)).toBe(`/community/${id}`);
      },
    );

    await step(page, 'a reload reopens the community, and its Back button still goes home', async () => {
      await page.reload();
      await community.waitFor();
      await community.getByRole('article').first().waitFor();
      await screenshotEachViewport(page, 'navigation-community-reloaded');
      await community.getByRole('button', { name: text('back'), exact: true }).click();
      await expectHome(page);
    });

    const other = (await ok(member, 'GET', `/api/communities/${id}/members`)).members.find(
      (m: { user_id: number }) => m.user_id !== member.userId,
    );
    await step(
      page,
      'a shared link to a member opens their page in a fresh tab; Back goes home, not out',
      async () => {
        const fresh = await member.context.newPage();
        await fresh.goto(`/member/${other.user_id}`);
        const page2 = dialog(fresh, other.name);
        await page2.waitFor();
        await screenshotEachViewport(fresh, 'navigation-member-link');
        await fresh.goBack();
        await expectHome(fresh);
        await fresh.close();
      },
    );

    await step(page, 'a shared link to a thread opens it', async () => {
      const previews = await ok(member, 'GET', '/api/pms/previews');
      const thread = previews.previews[0];
      const fresh = await member.context.newPage();
      await fresh.goto(`/thread/${thread.group_id}`);
      await dialog(fresh, thread.group_name).waitFor();
      await screenshotEachViewport(fresh, 'navigation-thread-link');
      await fresh.close();
    });

    await step(
      page,
      "a post's menu copies its address, and the link opens the post with its comments",
      async () => {
        await member.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
          origin: server.baseUrl,
        });
        await page.goto(`/community/${id}`);
        const first = community.getByRole('article').first();
        await first.getByRole('button', { name: text('postOptions') }).click();
        await page.getByRole('menuitem', { name: text('feedCopyLink') }).click();
        await page.getByText(text('feedLinkCopied')).waitFor();
        const link = await page.evaluate(() => navigator.clipboard.readText());
        expect(new URL(link).pathname).toMatch(new RegExp(`^/community/${id}/post/\\d+$`));
        const fresh = await member.context.newPage();
        await fresh.goto(link);
        const post = dialog(fresh, text('feedPostTitle'));
        await post.getByRole('article').waitFor();
        await post.getByRole('textbox', { name: text('writeComment') }).waitFor();
        await screenshotEachViewport(fresh, 'navigation-post-link');
        await fresh.goBack();
        await dialog(fresh, COMMUNITY).waitFor();
        expect(path(fresh)).toBe(`/community/${id}`);
        await fresh.close();
      },
    );

    await step(page, 'a member signed out who follows a link signs in and lands on it', async () => {
      const context = await openContext(browser, server.baseUrl, PHONE);
      const fresh = await context.newPage();
      await fresh.goto(`/member/${other.user_id}`);
      await fresh.getByLabel(text('identity')).fill('demo@orbit.local');
      await fresh.getByLabel(text('password')).fill(DEMO_PASSWORD);
      await fresh.getByRole('button', { name: text('signIn'), exact: true }).click();
      await dialog(fresh, other.name).waitFor();
      expect(path(fresh)).toBe(`/member/${other.user_id}`);
      await fresh.goBack();
      await expectHome(fresh);
      await context.close();
    });

    await step(page, 'a call reopened from its address asks to rejoin, and Leave goes home', async () => {
      await page.goto('/call/424242');
      const prompt = dialog(page, text('callRejoinQuestion'));
      await prompt.waitFor();
      await screenshotEachViewport(page, 'navigation-rejoin-call');
      await prompt.getByRole('button', { name: text('callLeave'), exact: true }).click();
      await expectHome(page);
    });

    await step(page, 'Rejoin opens the call screen in its place, at the same address', async () => {
      await page.goto('/call/424242');
      await dialog(page, text('callRejoinQuestion'))
        .getByRole('button', { name: text('callRejoin'), exact: true })
        .click();
      // No such call here: the call screen says it could not be joined; what matters is that it is the one shown.
      await dialog(page, text('callCall')).waitFor();
      expect(path(page)).toBe('/call/424242');
      await page.goBack();
      await expectHome(page);
    });

    expect(member.errors).toEqual([]);
    await member.context.close();
  });

  it('moments, surveys, incentives, the tournament, history, leaderboard and settings reopen from their addresses', async () => {
    const member = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const { page } = member;

    for (const [address, title] of [
      ['/moments', text('momentsTitle')],
      ['/surveys', text('surveysTitle')],
      ['/incentives', text('incentivesTitle')],
      ['/tournament', text('tournamentTitle')],
      ['/history', text('history')],
      ['/leaderboard', text('leaderboardTitle')],
      ['/settings', text('settings')],
    ] as const) {
      await step(page, `${address} opens its view, after a reload too, and Back goes home`, async () => {
        await page.goto(address);
        const view = dialog(page, title);
        await view.waitFor();
        await page.reload();
        await view.waitFor();
        expect(path(page)).toBe(address);
        await expect.poll(() => view.getByText(text('loading')).count()).toBe(0);
        await screenshotEachViewport(page, `navigation${address.replace('/', '-')}`);
        await expectAccessible(page, `${address} opened by its address`);
        await page.goBack();
        await expectHome(page);
      });
    }

    await step(
      page,
      'a settings list reopens above the settings, and Back goes to the settings',
      async () => {
        await page.goto('/settings/devices');
        // The browser holds the entries the page wrote before it reloads: a reload that overtakes their commit
        // loses them, as no member can (the browser, not the app, was seen to drop them in a fast run).
        await expect.poll(() => lastEntries(page, 3)).toEqual(['/', '/settings', '/settings/devices']);
        await page.reload();
        await dialog(page, text('devicesTitle')).waitFor();
        await page.goBack();
        await dialog(page, text('settings')).waitFor();
        expect(path(page)).toBe('/settings');
      },
    );

    expect(member.errors).toEqual([]);
    await member.context.close();
  });

  it("the side menu's entries each have an icon, and a poll post shows its question once", async () => {
    const member = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const { page } = member;

    await step(page, 'every entry of the side menu has its icon, in one column', async () => {
      await home(page).click();
      const entries = page
        .getByRole('navigation', { name: text('appName') })
        .getByRole('listitem')
        .getByRole('button');
      await entries.first().waitFor();
      const boxes = await entries.evaluateAll((buttons) =>
        buttons.map((button) => {
          const icon = button.querySelector('svg')?.getBoundingClientRect();
          return icon ? { left: Math.round(icon.left), width: Math.round(icon.width) } : null;
        }),
      );
      expect(boxes.length).toBeGreaterThan(5);
      expect(boxes).not.toContain(null);
      expect(new Set(boxes.map((box) => JSON.stringify(box))).size).toBe(1);
      await screenshotEachViewport(page, 'navigation-side-menu');
      await expectAccessible(page, 'the side menu');
      await page.keyboard.press('Escape');
    });

    const id = await communityId(member);
    const feed = await ok(member, 'GET', `/api/community/feeds?community_id=${id}`);
    const poll = feed.community_feeds.find((post: { poll_data: unknown }) => post.poll_data !== null);
    await step(page, "a poll post shows its question once, as the poll's title", async () => {
      await page.goto(`/community/${id}`);
      const card = dialog(page, COMMUNITY).getByRole('article').filter({ hasText: poll.poll_data.question });
      await card.getByRole('button', { name: poll.poll_data.options[0] }).waitFor();
      await expect.poll(() => card.getByText(poll.poll_data.question, { exact: true }).count()).toBe(1);
      await card.scrollIntoViewIfNeeded();
      await screenshotEachViewport(page, 'navigation-poll-post');
      await expectAccessible(page, 'a community feed with a poll');
    });

    expect(member.errors).toEqual([]);
    await member.context.close();
  });

  it("a survey reopens from its address, and a friend's page sends a message", async () => {
    const member = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const { page } = member;

    const survey = (await ok(member, 'GET', '/api/surveys')).surveys[0];
    await step(page, 'a survey opened from the list has its address, and a reload reopens it', async () => {
      await page.goto('/surveys');
      const surveys = dialog(page, text('surveysTitle'));
      await surveys.getByRole('button', { name: new RegExp(`^${survey.survey.name}`) }).click();
      const opened = dialog(page, survey.survey.name);
      await opened.waitFor();
      expect(path(page)).toBe(`/surveys/survey/${survey.id}`);
      await page.reload();
      await opened.getByText(survey.survey.questions[0].text).first().waitFor();
      await screenshotEachViewport(page, 'navigation-survey-reloaded');
      await page.goBack();
      await surveys.waitFor();
      expect(path(page)).toBe('/surveys');
      await page.goBack();
      await expectHome(page);
    });

    await step(page, 'a survey the member does not have says it is no longer available', async () => {
      await page.goto('/survey/424242');
      await page.getByRole('dialog').getByText(text('notFound')).waitFor();
    });

    const friend = (await ok(member, 'GET', '/api/user/profiles')).stars.find(
      (star: { star_type: number }) => star.star_type === StarType.FRIEND,
    );
    await step(page, "a friend's page offers Send message, which opens their private thread", async () => {
      const { name } = await ok(member, 'GET', `/api/user/profile?user_id=${friend.user_id}`);
      await page.goto(`/member/${friend.user_id}`);
      const friendPage = dialog(page, name);
      await friendPage.getByRole('button', { name: buttonText('messagesSend'), exact: true }).click();
      const thread = dialog(page, name);
      await thread.getByLabel(text('messagesWrite')).waitFor();
      expect(path(page)).toMatch(new RegExp(`^/member/${friend.user_id}/thread/\\d+$`));
      await screenshotEachViewport(page, 'navigation-friend-thread');
      await page.goBack();
      await friendPage.getByRole('button', { name: buttonText('messagesSend'), exact: true }).waitFor();
      await screenshotEachViewport(page, 'navigation-friend-page');
    });

    expect(member.errors).toEqual([]);
    await member.context.close();
  });

  it('one member, one name: stars, profile header, settings, a thread and a leaderboard row agree (0043)', async () => {
    const member = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const { page } = member;
    const profiles = await ok(member, 'GET', '/api/user/profiles');
    const me = profiles.user_profile;
    const friend = profiles.stars.find((star: { star_type: number }) => star.star_type === StarType.FRIEND);
    const friendName: string = (await ok(member, 'GET', `/api/user/profile?user_id=${friend.user_id}`)).name;
    const field = page.getByTestId('star-field');

    await step(page, 'the own star and a friend star are named with the full names', async () => {
      expect([me.name, friendName]).toEqual(['Dana Rivera', friend.name]);
      expect(friendName).toMatch(/^\S+ \S+/);
      // The own star shows its picture, no label: its accessible name carries the name.
      expect(await field.getByTestId('own-star').getAttribute('aria-label')).toMatch(
        new RegExp(`^${me.name},`),
      );
      const friendStar = field.getByRole('button', { name: new RegExp(`^${friendName},`) });
      expect(await friendStar.locator('[data-star-label]').textContent()).toBe(friendName);
    });

    await step(
      page,
      "the friend's page and a message of theirs in the thread say the same name",
      async () => {
        await page.goto(`/member/${friend.user_id}`);
        const friendPage = dialog(page, friendName);
        await friendPage.getByRole('heading', { name: friendName }).first().waitFor();
        await screenshotEachViewport(page, 'names-friend-page');
        await friendPage.getByRole('button', { name: buttonText('messagesSend'), exact: true }).click();
        const thread = dialog(page, friendName);
        await thread.getByLabel(text('messagesWrite')).waitFor();
        const groupId = Number(path(page).split('/').pop());
        const { messages } = await ok(member, 'GET', `/api/pms/list/${groupId}`);
        const theirs = messages.find((m: { user_id: number }) => m.user_id === friend.user_id);
        expect(theirs.name).toBe(friendName);
        await thread
          .getByRole('listitem')
          .filter({ hasText: theirs.message })
          .getByText(friendName, { exact: true })
          .first()
          .waitFor();
        await screenshotEachViewport(page, 'names-thread');
      },
    );

    await step(page, 'settings name the member and label the handle', async () => {
      await page.goto('/');
      await expectHome(page);
      await home(page).click();
      await page
        .getByRole('navigation')
        .getByRole('button', { name: text('settings'), exact: true })
        .click();
      const settings = dialog(page, text('settings'));
      await settings.getByText(me.name, { exact: true }).first().waitFor();
      await settings.getByText(text('usernameLine', me.screen_name), { exact: true }).waitFor();
      await screenshotEachViewport(page, 'names-settings');
      await expectAccessible(page, 'settings with the name and the handle');
    });

    await step(page, 'a leaderboard row names a member as their profile does, on screen too', async () => {
      const { scores } = await ok(member, 'GET', '/api/user/community/leaderboard?global=true');
      const other = scores.find((score: { is_me: boolean; score?: number }) => !score.is_me && score.score);
      const { name } = await ok(member, 'GET', `/api/user/profile?user_id=${other.user_id}`);
      expect(other.identity.name).toBe(name);
      expect(other.identity.name).not.toBe(other.identity.screen_name);
      await page.goto('/leaderboard');
      const board = dialog(page, text('leaderboardTitle'));
      await board.getByText(text('leaderboardDetails'), { exact: true }).click();
      const rows = board.getByRole('list', { name: text('leaderboardDetails') });
      await rows.getByRole('listitem').getByText(name, { exact: true }).waitFor();
      expect(await rows.getByText(other.identity.screen_name).count()).toBe(0);
      await screenshotEachViewport(page, 'names-leaderboard');
      await page.goBack();
      await expectHome(page);
    });

    expect(member.errors).toEqual([]);
    await member.context.close();
  });

  it('a signed-out load of / and of /signin logs no error in the console', async () => {
    const context = await openContext(browser, server.baseUrl, PHONE);
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => logged.push(error.message));
    for (const start of ['/', '/signin']) {
      await step(page, `a signed-out load of ${start} shows sign-in`, async () => {
        await page.goto(start);
        await page.getByRole('button', { name: text('signIn'), exact: true }).waitFor();
        // What the app asks for once shown (the menu's counts, the live connection) has had its time to fail.
        await page.waitForLoadState('networkidle');
        expect(path(page)).toBe('/signin');
      });
    }
    expect(logged).toEqual([]);
    await context.close();
  });

  it('a link to a community that is gone opens a dialog named Error that says so', async () => {
    const { page, context } = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    await step(page, 'the gone community', async () => {
      await page.goto('/community/987654');
      await dialog(page, text('popupTitle')).getByText(text('notFound'), { exact: true }).waitFor();
      await screenshotEachViewport(page, 'navigation-gone-community');
      await expectAccessible(page, 'a community that is gone');
    });
    await context.close();
  });
});
