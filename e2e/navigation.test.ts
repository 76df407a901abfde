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
import { text } from './support/texts';

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
        const page2 = dialog(fresh, other.screen_name);
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
      await dialog(fresh, other.screen_name).waitFor();
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
