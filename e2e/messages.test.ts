import { randomBytes } from 'node:crypto';
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

const PASSWORD = 'Orbit-messages-42';

let server: OrbitServer;

beforeAll(async () => {
  assertWebAppBuilt();
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

interface Member {
  username: string;
  userId: number;
  context: BrowserContext;
  page: Page;
  errors: string[];
}

function api(context: BrowserContext, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) {
  return context.request.fetch(url, { method, data, headers: { origin: server.baseUrl } });
}

async function ok(context: BrowserContext, method: 'POST' | 'PUT', url: string, data: unknown) {
  const answer = await api(context, method, url, data);
  expect(answer.status(), `${method} ${url}: ${await answer.text()}`).toBe(200);
  return answer.json();
}

/** A member registered and signed in through the API, on the home view in a browser context of their own. */
async function memberIn(browser: Browser, prefix: string): Promise<Member> {
  const username = `${prefix}${randomBytes(3).toString('hex')}`;
  const context = await openContext(browser, server.baseUrl, DESKTOP);
  const registered = await api(context, 'POST', '/api/register', {
    email: `${username}@example.test`,
    password: PASSWORD,
    username,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const signedIn = await api(context, 'POST', '/api/login', { identity: username, password: PASSWORD });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const profiles = await (await api(context, 'GET', '/api/user/profiles')).json();
  const page = await context.newPage();
  return { username, userId: profiles.user_profile.user_id, context, page, errors: collectPageErrors(page) };
}

async function befriend(one: Member, other: Member): Promise<void> {
  await ok(one.context, 'PUT', '/api/user/friends/request', { user_id: other.userId });
  await ok(other.context, 'PUT', '/api/user/friends/request', { user_id: one.userId });
}

async function home(member: Member): Promise<void> {
  await member.page.goto('/');
  await member.page.getByRole('button', { name: text('openMenu'), exact: true }).waitFor();
}

const dialog = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title, exact: true });

/** The home view's private messages button: its name carries the waiting threads, none at zero. */
const messagesButton = (page: Page, count = 0) =>
  page.getByRole('main').getByRole('button', {
    name: count > 0 ? `${text('privateMessages')} (${count})` : text('privateMessages'),
    exact: true,
  });

async function openList(page: Page): Promise<Locator> {
  await page
    .getByRole('main')
    .getByRole('button', { name: new RegExp(`^${text('privateMessages')}`) })
    .click();
  const list = dialog(page, text('privateMessages'));
  await list.getByRole('searchbox', { name: text('messagesSearch') }).waitFor();
  return list;
}

async function send(thread: Locator, message: string): Promise<void> {
  const box = thread.getByRole('textbox', { name: text('messagesWrite') });
  await box.fill(message);
  await box.press('Enter');
  await expect.poll(() => box.inputValue()).toBe('');
}

const previewsOf = (list: Locator) => list.getByRole('list', { name: text('messagesConversations') });

describeInBrowser('private and group messages in two browsers', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('two friends write live, the unread divider shows once and goes, a third joins through a group', async () => {
    const [ann, ben, cat] = [
      await memberIn(browser, 'ann'),
      await memberIn(browser, 'ben'),
      await memberIn(browser, 'cat'),
    ];
    await befriend(ann, ben);
    await befriend(ann, cat);
    for (const member of [ann, ben, cat]) await home(member);

    let annThread: Locator | undefined;
    await step(ann.page, 'Ann opens the thread with Ben from the new-message menu and writes', async () => {
      const list = await openList(ann.page);
      await list.getByRole('button', { name: text('messagesNew'), exact: true }).click();
      await ann.page.getByRole('menuitem', { name: text('messagesPrivateMessage') }).click();
      await dialog(ann.page, text('messagesPrivateMessage'))
        .getByRole('button', { name: ben.username })
        .click();
      annThread = dialog(ann.page, ben.username);
      await send(annThread, 'Hello Ben');
      await send(annThread, 'Run at 7?');
      await annThread.getByText('Run at 7?', { exact: true }).waitFor();
      await annThread.getByText(text('messagesYou'), { exact: true }).first().waitFor();
    });

    await step(
      ben.page,
      'Ben sees the badge live, then the unread divider above the first unread',
      async () => {
        await messagesButton(ben.page, 1).waitFor();
        const list = await openList(ben.page);
        const preview = previewsOf(list).getByRole('button', { name: new RegExp(ann.username) });
        await preview.getByText('Run at 7?').waitFor();
        await screenshotEachViewport(ben.page, 'messages-previews');
        await preview.click();
        const thread = dialog(ben.page, ann.username);
        const divider = thread.getByText(text('messagesUnread'), { exact: true });
        await divider.waitFor();
        await screenshotEachViewport(ben.page, 'messages-conversation');
        await messagesButton(ben.page).waitFor({ state: 'attached' });
        await send(thread, 'Yes, see you there');
        await annThread?.getByText('Yes, see you there', { exact: true }).waitFor();
        await thread.getByRole('button', { name: text('back'), exact: true }).click();
        await previewsOf(list)
          .getByRole('button', { name: new RegExp(ann.username) })
          .click();
        await thread.getByText('Hello Ben', { exact: true }).waitFor();
        expect(await divider.count()).toBe(0);
      },
    );

    await step(ann.page, 'Ann makes a group with Ben and Cat; Cat reads it', async () => {
      await ann.page.keyboard.press('Escape');
      const list = dialog(ann.page, text('privateMessages'));
      await list.getByRole('button', { name: text('messagesNew'), exact: true }).click();
      await ann.page.getByRole('menuitem', { name: text('messagesGroupMessage') }).click();
      const form = dialog(ann.page, text('messagesGroupMessage'));
      const save = form.getByRole('button', { name: text('save'), exact: true });
      await form.getByLabel(text('messagesGroupName')).fill('Trail crew');
      for (const friend of [ben, cat]) {
        expect(await save.isDisabled()).toBe(true);
        await form.getByRole('button', { name: text('messagesAddParticipant'), exact: true }).click();
        await dialog(ann.page, text('messagesAddParticipant'))
          .getByRole('button', { name: friend.username })
          .click();
      }
      await save.click();
      await send(dialog(ann.page, 'Trail crew'), 'Welcome, crew');
      const catList = await openList(cat.page);
      await previewsOf(catList)
        .getByRole('button', { name: /Trail crew/ })
        .click();
      await dialog(cat.page, 'Trail crew').getByText('Welcome, crew', { exact: true }).waitFor();
    });

    for (const member of [ann, ben, cat]) expect(member.errors).toEqual([]);
  });
});
