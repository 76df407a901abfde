import { randomBytes } from 'node:crypto';
import { EN_US, translate } from '@orbit/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import {
  describeInBrowser,
  launchBrowser,
  openContext,
  screenshotEachViewport,
  step,
} from './support/browser';
import { serverForFile } from './support/journey';
import { api, MEMBER_PASSWORD, type Member, newMember, ok, signIn } from './support/members';
import { text } from './support/texts';

const DEMO_PASSWORD = 'Demo-pass-42';

const server = serverForFile({ env: { SEED_DEMO: 'true', DEMO_PASSWORD } });

/** A public community made by `expert` (its creator, so its expert), joined by each of `members`. */
async function communityOf(expert: Member, members: Pick<Member, 'context' | 'origin'>[]) {
  const name = `Calm ${randomBytes(2).toString('hex')}`;
  const { id } = await ok(expert, 'POST', '/api/create/communities', { name, access_type: 1 });
  for (const member of members) {
    await ok(member, 'POST', '/api/join/community/', { id, community_role: 4 });
  }
  return { id: id as number, name };
}

/** The community's page with its feed, opened from its address. */
async function openCommunity(page: Page, id: number): Promise<Locator> {
  await page.goto(`/community/${id}`);
  await page.getByRole('textbox', { name: text('writePost') }).waitFor();
  return page.getByRole('dialog').last();
}

/** A member who only calls the API (no page, so no home view to load): reporters and authors. */
async function apiMember(browser: Browser, prefix: string) {
  const username = `${prefix}${randomBytes(3).toString('hex')}`;
  const context = await openContext(browser, server.baseUrl);
  const session = { context, origin: server.baseUrl };
  const registered = await api(session, 'POST', '/api/register', {
    email: `${username}@example.test`,
    password: MEMBER_PASSWORD,
    username,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await ok(session, 'POST', '/api/login', { identity: username, password: MEMBER_PASSWORD });
  return { ...session, username, userId: (await registered.json()).user_id as number };
}

/** The admin area's Reports tab, opened from the side menu; answers the admin area. */
async function openAdminReports(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: text('openMenu'), exact: true }).click();
  await page.getByRole('button', { name: text('adminTitle'), exact: true }).click();
  const area = page.getByRole('dialog', { name: text('adminTitle') });
  await area.getByText(text('reports'), { exact: true }).click();
  return area;
}

const post = (scope: Locator, words: string) => scope.getByRole('article').filter({ hasText: words });

it('lists the report calls in the OpenAPI document', async () => {
  const response = await fetch(`${server.baseUrl}/api/openapi.json`);
  const paths = (await response.json()).paths as Record<string, Record<string, unknown>>;
  expect(Object.keys(paths)).toEqual(
    expect.arrayContaining([
      '/api/reports',
      '/api/reports/{id}',
      '/api/admin/reports',
      '/api/communities/{id}/reports',
    ]),
  );
});

describeInBrowser('reports', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a member reports a post, the expert removes it, and it vanishes from another member’s open feed live', async () => {
    // The demo member is an organisation admin, who may create communities: its creator is its expert.
    const expert = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const [author, reporter, reader] = await Promise.all(
      ['author', 'reporter', 'reader'].map((prefix) => newMember(browser, server, prefix)),
    );
    const community = await communityOf(expert, [author, reporter, reader]);
    const words = `Cheap pills ${randomBytes(2).toString('hex')}`;
    await ok(author, 'POST', '/api/community/feed', { message: words, community_id: community.id });

    const readerFeed = await openCommunity(reader.page, community.id);
    await post(readerFeed, words).waitFor();

    await step(
      reporter.page,
      'the member reports the post as self-harm and sees where support is',
      async () => {
        const { page } = reporter;
        const feed = await openCommunity(page, community.id);
        const card = post(feed, words);
        await card.hover();
        await card.getByRole('button', { name: text('postOptions') }).click();
        await page.getByRole('menuitem', { name: text('report') }).click();
        const form = page.getByRole('dialog', { name: EN_US['report.title.post'] });
        await form.waitFor();
        const send = form.getByRole('button', { name: text('reportSend') });
        expect(await send.isDisabled()).toBe(true);
        await form.getByText(EN_US['report.reason.4'], { exact: true }).click();
        await form.getByLabel(text('reportComment')).fill('This worries me');
        await screenshotEachViewport(page, 'report-dialog');
        await expectAccessible(page, 'the report dialog');
        await send.click();
        const support = page.getByRole('dialog', { name: text('reportSupportTitle') });
        await support.waitFor();
        await page.getByText(text('reportSent')).waitFor();
        expect(
          await support.getByRole('link', { name: text('reportSupportLink') }).getAttribute('href'),
        ).toMatch(/^https:\/\//);
        await screenshotEachViewport(page, 'report-support');
        await expectAccessible(page, 'the support message');
      },
    );

    await step(expert.page, 'the expert opens the community’s reports and removes the post', async () => {
      const { page } = expert;
      const feed = await openCommunity(page, community.id);
      await feed.getByRole('button', { name: text('reports'), exact: true }).click();
      const reports = page.getByRole('dialog', { name: text('reports') });
      const item = reports.getByRole('listitem').filter({ hasText: words });
      await item.waitFor();
      await item.getByText('This worries me').waitFor();
      await screenshotEachViewport(page, 'reports-expert');
      await expectAccessible(page, 'the reports view');
      await item.getByRole('button', { name: text('reportsRemove') }).click();
      // The confirmation names what goes.
      const target = translate(EN_US, 'reports.target.post', author.username);
      const confirm = page.getByRole('dialog', {
        name: translate(EN_US, 'reports.confirm_remove_title', target),
      });
      await confirm.waitFor();
      await screenshotEachViewport(page, 'reports-confirm-remove');
      await confirm.getByRole('button', { name: text('yes') }).click();
      await page.getByText(text('reportsRemoved')).waitFor();
      await reports.getByText(text('reportsEmpty')).waitFor();
    });

    await step(reader.page, 'the post vanishes from the other member’s open feed, live', async () => {
      await expect.poll(() => post(readerFeed, words).count(), { timeout: 15_000 }).toBe(0);
    });

    await step(reporter.page, 'the member reports the author from the author’s page', async () => {
      const { page } = reporter;
      await page.goto(`/member/${author.userId}`);
      const report = page.getByRole('button', { name: text('report'), exact: true });
      await report.waitFor();
      await screenshotEachViewport(page, 'report-member-page');
      await report.click();
      const form = page.getByRole('dialog', { name: translate(EN_US, 'report.title.user', author.username) });
      await form.getByText(EN_US['report.reason.1'], { exact: true }).click();
      await form.getByRole('button', { name: text('reportSend') }).click();
      await page.getByText(text('reportSent')).waitFor();
      await form.waitFor({ state: 'detached' });
    });

    await step(expert.page, 'an organisation admin finds it in the admin area and dismisses it', async () => {
      const { page } = expert;
      const admin = await openAdminReports(page);
      const item = admin.getByRole('listitem', {
        name: translate(EN_US, 'reports.target.user', author.username),
      });
      await item.waitFor();
      await screenshotEachViewport(page, 'reports-admin');
      await expectAccessible(page, 'the admin reports');
      await item.getByRole('button', { name: text('reportsDismiss') }).click();
      await page.getByText(text('reportsDismissed')).waitFor();
      await item.waitFor({ state: 'detached' });
    });

    for (const member of [expert, author, reporter, reader]) expect(member.errors).toEqual([]);
  });

  it('a moderator’s open list takes a new report live and loses it when another moderator dismisses it', async () => {
    const admin = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const expert = await newMember(browser, server, 'expert');
    const [author, reporter] = await Promise.all(['author', 'reporter'].map((p) => apiMember(browser, p)));
    const community = await communityOf(admin, [expert, author, reporter]);
    await ok(admin, 'PUT', `/api/communities/${community.id}/experts/${expert.userId}`);
    const words = `Shady offer ${randomBytes(2).toString('hex')}`;
    const { id: postId } = await ok(author, 'POST', '/api/community/feed', {
      message: words,
      community_id: community.id,
    });

    /** The community's reports, opened from its page, empty until a report comes. */
    const openReports = async (page: Page) => {
      const feed = await openCommunity(page, community.id);
      await feed.getByRole('button', { name: text('reports'), exact: true }).click();
      const reports = page.getByRole('dialog', { name: text('reports') });
      await reports.getByText(text('reportsEmpty')).waitFor();
      return reports;
    };
    const adminList = await openReports(admin.page);
    const expertList = await openReports(expert.page);
    const reported = (list: Locator) => list.getByRole('listitem').filter({ hasText: words });

    await step(admin.page, 'a member reports the post: both open lists take it, live', async () => {
      const sent = await api(reporter, 'POST', '/api/reports', {
        target_type: 'post',
        target_id: postId,
        reason: 1,
        comment: 'Sold by the dozen',
      });
      expect(sent.status()).toBe(201);
      await reported(adminList).getByText('Sold by the dozen').waitFor();
      await reported(expertList).waitFor();
      await screenshotEachViewport(admin.page, 'reports-live-new');
      await expectAccessible(admin.page, 'a report come in live');
    });

    await step(
      expert.page,
      'the other moderator dismisses it: it leaves the first one’s list, live',
      async () => {
        await reported(expertList)
          .getByRole('button', { name: text('reportsDismiss') })
          .click();
        await expert.page.getByText(text('reportsDismissed')).waitFor();
        await expect.poll(() => reported(adminList).count()).toBe(0);
        await adminList.getByText(text('reportsEmpty')).waitFor();
        await screenshotEachViewport(admin.page, 'reports-live-dismissed');
      },
    );

    await step(admin.page, 'a report only admins read comes into the admin area, live', async () => {
      const { page } = admin;
      const area = await openAdminReports(page);
      await area
        .getByRole('list', { name: text('reports') })
        .or(area.getByText(text('reportsEmpty')))
        .waitFor();
      const sent = await api(reporter, 'POST', '/api/reports', {
        target_type: 'user',
        target_id: author.userId,
        reason: 2,
      });
      expect(sent.status()).toBe(201);
      await area
        .getByRole('listitem', { name: translate(EN_US, 'reports.target.user', author.username) })
        .waitFor();
      await screenshotEachViewport(page, 'reports-live-admin');
    });

    for (const member of [admin, expert]) expect(member.errors).toEqual([]);
    for (const member of [author, reporter]) await member.context.close();
  });
});
