import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EN_US, translate } from '@orbit/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  collectPageErrors,
  DESKTOP,
  describeInBrowser,
  launchBrowser,
  openContext,
  screenshotEachViewport,
  step,
} from './support/browser';
import { assertWebAppBuilt, type OrbitServer, startServer } from './support/server';
import { text } from './support/texts';

const DEMO_PASSWORD = 'Demo-pass-42';
const PASSWORD = 'Orbit-feeds-42';
const GENERIC_TERMS = 'Mindful Minutes';
const PRIVATE_COMMUNITY = 'Inner Circle';
/** A small real PNG (8x8, one colour), written where the file picker can take it. */
const PNG_8X8 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNwaPiPFTEMLQkAeo1vwWDCXEAAAAAASUVORK5CYII=';
const IMAGE = path.join(os.tmpdir(), `orbit-view-${process.pid}.png`);

let server: OrbitServer;

beforeAll(async () => {
  assertWebAppBuilt();
  fs.writeFileSync(IMAGE, Buffer.from(PNG_8X8, 'base64'));
  server = await startServer({ env: { SEED_DEMO: 'true', DEMO_PASSWORD } });
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(IMAGE, { force: true });
});

interface Person {
  context: BrowserContext;
  page: Page;
  errors: string[];
  userId: number;
}

async function signedIn(browser: Browser, identity: string, password: string): Promise<Person> {
  const context = await openContext(browser, server.baseUrl, DESKTOP);
  const login = await context.request.post('/api/login', {
    data: { identity, password },
    headers: { origin: server.baseUrl },
  });
  expect(login.status(), await login.text()).toBe(200);
  const profiles = await (await context.request.get('/api/user/profiles')).json();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto('/');
  await page.getByRole('button', { name: text('openMenu'), exact: true }).waitFor();
  return { context, page, errors, userId: profiles.user_profile.user_id };
}

async function registered(browser: Browser, username: string): Promise<Person> {
  const context = await openContext(browser, server.baseUrl, DESKTOP);
  const answer = await context.request.post('/api/register', {
    data: { email: `${username}@example.test`, password: PASSWORD, username },
    headers: { origin: server.baseUrl },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  await context.close();
  return signedIn(browser, username, PASSWORD);
}

/** A call made with the person's own session, as the page would make it. */
async function call(person: Person, method: 'get' | 'post' | 'put' | 'delete', url: string, data?: unknown) {
  const answer = await person.context.request[method](url, {
    data,
    headers: { origin: server.baseUrl },
  });
  return { status: answer.status(), body: await answer.json().catch(() => null) };
}

async function communityId(person: Person, name: string): Promise<number> {
  const found = await call(person, 'get', `/api/search/communities?textsearch=${encodeURIComponent(name)}`);
  const community = found.body.communities.find((c: { name: string }) => c.name === name);
  return community.community_id ?? community.id;
}

/** The community's page, opened from its star on the home view. */
async function openCommunity(page: Page, name: string): Promise<Locator> {
  await page.goto('/');
  await page
    .getByRole('main')
    .getByRole('button', { name: new RegExp(`(^|\\W)${name}(\\W|$)`) })
    .first()
    .click();
  const feed = page.getByRole('region', { name, exact: true }).last();
  await feed.getByRole('textbox', { name: text('writePost') }).waitFor();
  return page.getByRole('dialog');
}

const post = (scope: Locator, words: string) => scope.getByRole('article').filter({ hasText: words });
const optionButton = (card: Locator, option: string) =>
  card.getByRole('button', { name: new RegExp(`^${option}`) });

describeInBrowser('communities and feeds', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a member posts a poll and an image, the expert answers with an urgent comment, then removes the member', async () => {
    const expert = await signedIn(browser, 'demo@orbit.local', DEMO_PASSWORD);
    const username = `mem${randomBytes(3).toString('hex')}`;
    const member = await registered(browser, username);
    const question = `Walk time ${randomBytes(2).toString('hex')}?`;
    const caption = `Our view ${randomBytes(2).toString('hex')}`;
    const urgentText = 'Please check the weather first';
    const generic = await communityId(member, GENERIC_TERMS);

    await step(member.page, 'the member joins the generic-terms community', async () => {
      const joined = await call(member, 'post', '/api/join/community/', {
        id: generic,
        community_role: 4,
        accepted_terms: true,
      });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    });

    const expertDialog = await openCommunity(expert.page, GENERIC_TERMS);
    const memberDialog = await openCommunity(member.page, GENERIC_TERMS);

    await step(member.page, 'the member posts a poll; the expert sees it live', async () => {
      await memberDialog.getByRole('button', { name: text('addMenu') }).click();
      await memberDialog.getByRole('menuitemcheckbox', { name: text('createAPoll') }).click();
      await memberDialog.getByLabel(text('pollQuestion')).fill(question);
      await memberDialog.getByLabel(translate(EN_US, 'poll.option', 1), { exact: true }).fill('Dawn');
      await memberDialog.getByLabel(translate(EN_US, 'poll.option', 2), { exact: true }).fill('Dusk');
      await memberDialog.getByRole('button', { name: text('createPoll') }).click();
      await post(memberDialog, question).waitFor();
      await post(expertDialog, question).waitFor();
    });

    await step(member.page, 'the member posts an image; the expert sees it live', async () => {
      await memberDialog.getByRole('button', { name: text('addMenu') }).click();
      await memberDialog.getByRole('menuitemcheckbox', { name: text('attachFiles') }).click();
      await memberDialog.locator('input[type=file]').first().setInputFiles(IMAGE);
      await memberDialog.getByRole('textbox', { name: text('writePost') }).fill(caption);
      await memberDialog.getByRole('textbox', { name: text('writePost') }).press('Enter');
      await post(expertDialog, caption)
        .getByRole('button', { name: translate(EN_US, 'file_preview.open', path.basename(IMAGE)) })
        .waitFor();
      await post(memberDialog, caption).waitFor();
      await screenshotEachViewport(expert.page, 'community-feed-expert');
    });

    await step(expert.page, 'the expert comments on the poll with urgency high', async () => {
      const card = post(expertDialog, question);
      await card.getByRole('button', { name: translate(EN_US, 'feed.comments_count', 0) }).click();
      const urgency = card.getByRole('button', { name: /^Urgency/ });
      for (let i = 0; i < 3; i += 1) await urgency.click();
      await expect
        .poll(() => urgency.getAttribute('aria-label'))
        .toBe(translate(EN_US, 'comments.urgency', EN_US['urgency.3']));
      await card.getByRole('textbox', { name: text('writeComment') }).fill(urgentText);
      await card.getByRole('button', { name: text('feedSend') }).click();
      await card.getByText(urgentText).waitFor();
      await card.getByText(urgentText).scrollIntoViewIfNeeded();
      await screenshotEachViewport(expert.page, 'community-urgent-comment');
    });

    await step(member.page, 'the member does not see the urgent comment', async () => {
      const card = post(memberDialog, question);
      const badge = card.getByRole('button', { name: translate(EN_US, 'feed.comments_count', 0) });
      await badge.click();
      await card.getByRole('textbox', { name: text('writeComment') }).waitFor();
      await expect.poll(() => card.getByText(urgentText).count()).toBe(0);
    });

    await step(member.page, 'the member moves a vote and both counts change at once', async () => {
      const card = post(memberDialog, question);
      await optionButton(card, 'Dawn').click();
      await expect.poll(() => optionButton(card, 'Dawn').getAttribute('aria-pressed')).toBe('true');
      await expect
        .poll(() => optionButton(card, 'Dawn').textContent())
        .toContain(translate(EN_US, 'poll.votes', 1));
      // Hold the reply back until the counts have been seen to move: they moved before the server answered.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await member.page.route(
        '**/answers',
        async (route) => {
          await held;
          await route.continue();
        },
        { times: 1 },
      );
      const answered = member.page.waitForResponse((response) => response.url().endsWith('/answers'));
      await optionButton(card, 'Dusk').click();
      try {
        await expect
          .poll(() => optionButton(card, 'Dusk').textContent())
          .toContain(translate(EN_US, 'poll.votes', 1));
        await expect
          .poll(() => optionButton(card, 'Dawn').textContent())
          .toContain(translate(EN_US, 'poll.votes', 0));
      } finally {
        release();
      }
      expect((await answered).status()).toBe(200);
      await card.scrollIntoViewIfNeeded();
      await screenshotEachViewport(member.page, 'community-poll-moved');
    });

    const closed = await communityId(expert, PRIVATE_COMMUNITY);
    await step(member.page, 'the member is invited to the private community and reads its feed', async () => {
      const invited = await call(expert, 'post', `/api/communities/${closed}/invite`, {
        screen_name: username,
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
      const accepted = await call(member, 'put', `/api/communities/${closed}/invite`, { status: 2 });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      await openCommunity(member.page, PRIVATE_COMMUNITY);
      expect((await call(member, 'get', `/api/community/feeds?community_id=${closed}`)).status).toBe(200);
    });

    await step(expert.page, 'the expert removes the member, who can no longer read the feed', async () => {
      const removed = await call(expert, 'delete', `/api/communities/${closed}/members/${member.userId}`);
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect((await call(member, 'get', `/api/community/feeds?community_id=${closed}`)).status).toBe(404);
      await member.page.reload();
      await member.page.getByRole('button', { name: text('openMenu'), exact: true }).waitFor();
      await expect
        .poll(
          () =>
            member.page
              .getByRole('main')
              .getByRole('button', { name: new RegExp(`(^|\\W)${PRIVATE_COMMUNITY}(\\W|$)`) })
              .count(),
          // The removed star first fades out (STARFIELD.timings.fade) against the set last served.
          { timeout: 5000 },
        )
        .toBe(0);
    });

    expect(expert.errors).toEqual([]);
    expect(member.errors).toEqual([]);
  });
});
