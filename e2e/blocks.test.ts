import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, screenshotEachViewport, step } from './support/browser';
import { serverForFile } from './support/journey';
import { api, befriend, dialog, type Member, newMember, ok } from './support/members';
import { buttonText, text } from './support/texts';

const DEMO_PASSWORD = 'Demo-pass-42';
// The demo world's organisation takes new members, so that they meet in its members list.
const server = serverForFile({ env: { SEED_DEMO: 'true', DEMO_PASSWORD } });

/** A community of the demo world: both members join it, and post there. */
const COMMUNITY = 'Mindful Minutes';

async function joinBoth(members: Member[]): Promise<number> {
  const found = await ok(
    members[0],
    'GET',
    `/api/search/communities?textsearch=${encodeURIComponent(COMMUNITY)}`,
  );
  const community = found.communities.find((c: { name: string }) => c.name === COMMUNITY);
  const id: number = community.community_id ?? community.id;
  for (const member of members) {
    await ok(member, 'POST', '/api/join/community/', { id, community_role: 4, accepted_terms: true });
  }
  return id;
}

const post = (scope: Locator, words: string) => scope.getByRole('article').filter({ hasText: words });

/** A member registered and signed in over plain HTTP, with their Bearer headers. */
async function memberOverHttp(name: string) {
  const username = `${name}${Math.random().toString(36).slice(2, 8)}`;
  const send = (url: string, body: object) =>
    fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await send('/api/register', {
    email: `${username}@example.test`,
    password: 'Orbit-journey-42',
    username,
  });
  const { user_id: userId } = await registered.json();
  const login = await (await send('/api/login', { identity: username, password: 'Orbit-journey-42' })).json();
  return {
    userId,
    headers: { authorization: `Bearer ${login.user_token}` },
  };
}

it('answers the calls the journey relies on: a block, then the refused request (403 blocked)', async () => {
  const [ann, ben] = [await memberOverHttp('hann'), await memberOverHttp('hben')];
  const blocked = await fetch(`${server.baseUrl}/api/user/blocks/${ben.userId}`, {
    method: 'PUT',
    headers: ann.headers,
  });
  expect(blocked.status, await blocked.text()).toBe(200);
  const refused = await fetch(`${server.baseUrl}/api/user/friends/request`, {
    method: 'PUT',
    headers: { ...ben.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: ann.userId }),
  });
  expect(refused.status).toBe(403);
  expect((await refused.json()).error).toBe('blocked');
});

describeInBrowser('blocking a member', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('blocked from the thread: their messages and posts vanish live, and their friend request is refused', async () => {
    // "aa" first: the members list is by name, and Ben finds Ann on its first page.
    const ann = await newMember(browser, server, 'aaann');
    const ben = await newMember(browser, server, 'ben');
    await befriend(ann, ben);
    const communityId = await joinBoth([ann, ben]);
    await ok(ben, 'POST', '/api/community/feed', { message: 'Hill loop at dawn', community_id: communityId });
    const { group_id: groupId } = await ok(ben, 'POST', '/api/pms/direct', { user_id: ann.userId });
    await ok(ben, 'POST', `/api/pms/send/${groupId}`, { message: 'Hi Ann, it is Ben' });
    const annPage: Page = ann.page;
    const community = dialog(annPage, COMMUNITY);
    const thread = dialog(annPage, ben.username);

    await step(annPage, 'Ann reads the community, then Ben’s thread on top of it', async () => {
      await annPage.goto(`/community/${communityId}/thread/${groupId}`);
      await thread.getByText('Hi Ann, it is Ben', { exact: true }).waitFor();
      await expectAccessible(annPage, 'a thread with Block');
    });

    await step(annPage, 'Ann blocks Ben from the thread, after a question that names him', async () => {
      await thread.getByRole('button', { name: buttonText('block'), exact: true }).click();
      const question = dialog(annPage, text('blockQuestion', ben.username));
      await question.getByText(text('blockExplanation')).waitFor();
      await screenshotEachViewport(annPage, 'blocks-question');
      await expectAccessible(annPage, 'the block question');
      await question.getByRole('button', { name: buttonText('yes'), exact: true }).click();
      await thread.getByText('Hi Ann, it is Ben', { exact: true }).waitFor({ state: 'detached' });
      // The thread stays open, and offers to lift the block in its place.
      await thread.getByRole('button', { name: buttonText('unblock'), exact: true }).waitFor();
      await screenshotEachViewport(annPage, 'blocks-thread-after');
    });

    await step(
      annPage,
      'Ben’s post is gone from the community Ann had open, and his new one never comes',
      async () => {
        await thread.getByRole('button', { name: text('back'), exact: true }).click();
        await community.getByRole('textbox', { name: text('writePost') }).waitFor();
        await post(community, 'Hill loop at dawn').waitFor({ state: 'detached' });
        await ok(ann, 'POST', '/api/community/feed', {
          message: 'Ann’s tempo run',
          community_id: communityId,
        });
        await ok(ben, 'POST', '/api/community/feed', { message: 'Ben again', community_id: communityId });
        await post(community, 'Ann’s tempo run').waitFor();
        // Ann's own post came live after Ben's: had Ben's reached her socket, it would be there by now.
        await expect.poll(async () => post(community, 'Ben again').count()).toBe(0);
        await screenshotEachViewport(annPage, 'blocks-community-after');
      },
    );

    await step(ben.page, 'Ben asks Ann to be friends from the members list and is told why not', async () => {
      await ben.page.goto('/search');
      await dialog(ben.page, text('search'))
        .getByRole('button', { name: buttonText('allMembers'), exact: true })
        .click();
      const members = dialog(ben.page, text('members'));
      const row = members.getByRole('listitem').filter({ hasText: ann.username });
      await row.getByRole('button', { name: buttonText('friendFriend'), exact: true }).click();
      await ben.page
        .getByRole('dialog')
        .last()
        .getByRole('button', { name: buttonText('friendConfirm'), exact: true })
        .click();
      const refusal = ben.page.getByRole('alertdialog');
      await refusal.getByText(text('blockRefused')).waitFor();
      await screenshotEachViewport(ben.page, 'blocks-request-refused');
      const answer = await api(ben, 'PUT', '/api/user/friends/request', { user_id: ann.userId });
      expect(answer.status()).toBe(403);
      expect((await answer.json()).error).toBe('blocked');
    });

    await step(annPage, 'Ann sees Ben in her blocked list in the settings, and unblocks him', async () => {
      const blocked = await ok(ann, 'GET', '/api/user/blocks');
      expect(blocked.blocks.map((b: { user_id: number }) => b.user_id)).toEqual([ben.userId]);
      await annPage.goto('/');
      await annPage.getByRole('button', { name: text('openMenu'), exact: true }).click();
      await annPage
        .getByRole('navigation')
        .getByRole('button', { name: text('settings'), exact: true })
        .click();
      await annPage.getByRole('button', { name: text('blockedMembers') }).click();
      const list = dialog(annPage, text('blockedMembers'));
      await list.getByText(ben.username).waitFor();
      await screenshotEachViewport(annPage, 'blocks-settings');
      await expectAccessible(annPage, 'the blocked members list');
      await list.getByRole('button', { name: `${text('unblock')} ${ben.username}` }).click();
      await list.getByText(text('noBlocks')).waitFor();
    });

    for (const member of [ann, ben]) expect(member.errors).toEqual([]);
  });

  it('blocked from a group thread: a message’s menu asks, naming its author, and their messages vanish live', async () => {
    const [dee, eli, fay] = await Promise.all(
      ['dee', 'eli', 'fay'].map((prefix) => newMember(browser, server, prefix)),
    );
    for (const friend of [eli, fay]) await befriend(dee, friend);
    const { id: groupId } = await ok(dee, 'POST', '/api/pms/group', {
      user_ids: [eli.userId, fay.userId],
      name: 'Hill runners',
    });
    await ok(eli, 'POST', `/api/pms/send/${groupId}`, { message: 'Eli here, who runs Sunday?' });
    await ok(fay, 'POST', `/api/pms/send/${groupId}`, { message: 'Fay is in for Sunday' });
    const page: Page = dee.page;
    const thread = dialog(page, 'Hill runners');
    const message = (words: string) => thread.getByRole('listitem').filter({ hasText: words });

    await step(page, 'Dee opens the group thread and the menu of Eli’s message', async () => {
      await page.goto(`/thread/${groupId}`);
      await message('Fay is in for Sunday').waitFor();
      const eliSays = message('Eli here, who runs Sunday?');
      await eliSays.hover();
      await eliSays.getByRole('button', { name: text('messagesOptions') }).click();
      // Fay's message offers it too; a one-to-one thread has Block in its header instead.
      await page.getByRole('menuitem', { name: text('report'), exact: true }).waitFor();
      await screenshotEachViewport(page, 'blocks-group-menu');
      await page.getByRole('menuitem', { name: text('block'), exact: true }).click();
    });

    await step(page, 'the question names Eli; Yes takes his messages out of the open thread', async () => {
      const question = dialog(page, text('blockQuestion', eli.username));
      await question.getByText(text('blockExplanation')).waitFor();
      await screenshotEachViewport(page, 'blocks-group-question');
      await expectAccessible(page, 'the block question from a group thread');
      await question.getByRole('button', { name: buttonText('yes'), exact: true }).click();
      await message('Eli here, who runs Sunday?').waitFor({ state: 'detached' });
      await message('Fay is in for Sunday').waitFor();
    });

    await step(page, 'Eli writes again and it never comes; Fay’s next message does', async () => {
      await ok(eli, 'POST', `/api/pms/send/${groupId}`, { message: 'Eli again' });
      await ok(fay, 'POST', `/api/pms/send/${groupId}`, { message: 'Fay again' });
      await message('Fay again').waitFor();
      // Fay's came live after Eli's: had Eli's reached Dee's socket, it would be there by now.
      await expect.poll(async () => message('Eli again').count()).toBe(0);
      // The group stays whole for the others: Fay still reads Eli.
      const { messages } = await ok(fay, 'GET', `/api/pms/list/${groupId}`);
      expect(messages.map((m: { message: string }) => m.message)).toContain('Eli again');
      await screenshotEachViewport(page, 'blocks-group-after');
    });

    for (const member of [dee, eli, fay]) expect(member.errors).toEqual([]);
  });
});
