import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, screenshotEachViewport, step } from './support/browser';
import { serverForFile } from './support/journey';
import { api, MEMBER_PASSWORD, newMember, ok, signIn } from './support/members';
import { text } from './support/texts';

const DEMO_PASSWORD = 'Demo-pass-42';
/** A public community of the demo world without terms: the demo member belongs to it. */
const CLUB = 'Sunrise Walkers';

const server = serverForFile({ env: { SEED_DEMO: 'true', DEMO_PASSWORD } });

it('lists the account calls with their refusals in the OpenAPI document', async () => {
  const doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
  expect(doc.paths['/api/user'].delete['x-error-codes']).toContain('incorrect_password');
  expect(doc.paths['/api/user/import'].post['x-error-codes']).toContain('invalid_import');
  expect(doc.paths['/api/user/export'].get).toBeDefined();
});

describeInBrowser('export then erase (issue 14 item 6, decision 0048)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("downloads the member's data, erases the account, and their posts vanish from another's open feed", async () => {
    const leaving = await newMember(browser, server, 'leaving');
    const staying = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const found = await ok(leaving, 'GET', `/api/search/communities?textsearch=${encodeURIComponent(CLUB)}`);
    const club = found.communities.find((c: { name: string }) => c.name === CLUB);
    const communityId = club.community_id ?? club.id;
    await ok(leaving, 'POST', '/api/join/community/', { id: communityId, community_role: 4 });
    await ok(leaving, 'POST', '/api/community/feed', {
      message: 'A walk by the river',
      community_id: communityId,
    });
    await ok(staying, 'POST', '/api/community/feed', {
      message: 'Morning stretch',
      community_id: communityId,
    });
    await ok(leaving, 'PUT', '/api/user', { gojimoji: { mood: 4 } });
    const exported = path.join(os.tmpdir(), `orbit-export-${leaving.username}.json`);

    const feed = staying.page.getByRole('region', { name: CLUB, exact: true }).last();
    await step(staying.page, 'the other member opens the community feed', async () => {
      await staying.page.goto('/');
      await staying.page
        .getByRole('main')
        .getByRole('button', { name: new RegExp(`(^|\\W)${CLUB}(\\W|$)`) })
        .first()
        .click();
      await feed.getByRole('article').filter({ hasText: 'A walk by the river' }).waitFor();
    });

    const { page } = leaving;
    const settings = page.getByRole('dialog', { name: text('settings') });
    await step(page, 'the member opens Your data in the settings', async () => {
      await page.getByRole('button', { name: text('openMenu'), exact: true }).click();
      await page
        .getByRole('navigation')
        .getByRole('button', { name: text('settings'), exact: true })
        .click();
      await settings.waitFor();
      const section = settings.getByRole('region', { name: text('yourData') });
      await section.scrollIntoViewIfNeeded();
      await screenshotEachViewport(page, 'settings-your-data');
      await expectAccessible(page, 'settings with your data');
    });

    await step(page, 'the member downloads their data', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        settings.getByRole('button', { name: text('downloadMyData') }).click(),
      ]);
      fs.copyFileSync(await download.path(), exported);
      const document = JSON.parse(fs.readFileSync(exported, 'utf8'));
      expect(document).toMatchObject({ format: 'orbit-account-export', user_id: leaving.userId });
      expect(document.posts).toContainEqual(expect.objectContaining({ message: 'A walk by the river' }));
      expect(document.mood_history).toEqual([expect.objectContaining({ mood: 4 })]);
    });

    await step(page, 'a new account imports the file and is told what came in', async () => {
      const arriving = await newMember(browser, server, 'arriving');
      await arriving.page.getByRole('button', { name: text('openMenu'), exact: true }).click();
      await arriving.page
        .getByRole('navigation')
        .getByRole('button', { name: text('settings'), exact: true })
        .click();
      const theirSettings = arriving.page.getByRole('dialog', { name: text('settings') });
      await theirSettings.getByLabel(text('importMyData')).setInputFiles(exported);
      const done = arriving.page.getByText(
        /^Imported: profile set, 0 activity sessions, 1 mood, 0 tags, notes set/,
      );
      await done.waitFor();
      await screenshotEachViewport(arriving.page, 'import-confirmation');
      const me = (await ok(arriving, 'GET', '/api/user/profiles')).user_profile;
      expect(me.gojimoji.mood).toBe(4);
      expect(arriving.errors).toEqual([]);
      await arriving.context.close();
    });

    await step(page, 'a wrong password erases nothing', async () => {
      await settings.getByRole('button', { name: text('deleteAccount') }).click();
      const confirm = page.getByRole('dialog', { name: text('deleteAccountTitle') });
      await confirm.waitFor();
      await confirm.getByText(text('deleteAccountConsequence')).waitFor();
      await confirm.getByLabel(text('deleteAccountPassword')).fill('Not-the-password-9');
      await confirm.getByRole('button', { name: text('deleteAccountConfirm') }).click();
      await confirm.getByText(text('incorrectPassword')).waitFor();
      await screenshotEachViewport(page, 'delete-account-confirm');
      await expectAccessible(page, 'delete account confirmation');
      expect((await api(leaving, 'GET', '/api/user/profiles')).status()).toBe(200);
    });

    await step(page, 'the member deletes the account and lands on the sign-in screen', async () => {
      const confirm = page.getByRole('dialog', { name: text('deleteAccountTitle') });
      await confirm.getByLabel(text('deleteAccountPassword')).fill(MEMBER_PASSWORD);
      await confirm.getByRole('button', { name: text('deleteAccountConfirm') }).click();
      await page.getByRole('button', { name: text('signIn') }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/signin');
      expect((await api(leaving, 'GET', '/api/user/profiles')).status()).toBe(401);
    });

    await step(staying.page, "the erased member's post vanishes from the open feed", async () => {
      await expect
        .poll(() => feed.getByRole('article').filter({ hasText: 'A walk by the river' }).count())
        .toBe(0);
      await feed.getByRole('article').filter({ hasText: 'Morning stretch' }).waitFor();
      await screenshotEachViewport(staying.page, 'erased-member-feed');
    });
    expect(leaving.errors.filter((e) => !e.includes('401'))).toEqual([]);
    expect(staying.errors).toEqual([]);
  });
});
