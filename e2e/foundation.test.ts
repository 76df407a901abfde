import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import {
  collectPageErrors,
  DESKTOP,
  describeInBrowser,
  launchBrowser,
  load,
  openContext,
  PHONE,
  screenshotEachViewport,
  step,
} from './support/browser';
import { serverForFile } from './support/journey';
import { text } from './support/texts';

const server = serverForFile({ database: 'pglite' });

describe('the server serves the built web app', () => {
  it('answers / and any client path with the app shell, and its assets with their files', async () => {
    for (const path of ['/', '/settings/profile']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const html = await res.text();
      const script = html.match(/<script[^>]+src="([^"]+)"/)?.[1];
      expect(script, 'index.html loads a script').toBeTruthy();
      const asset = await fetch(new URL(script!, server.baseUrl));
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
    }
  });

  it('describes the app to search engines and answers robots.txt with its rules, not the app shell', async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    expect(html).toMatch(/<meta\s+name="description"\s+content="Orbit, [^"]+"/);
    const robots = await fetch(`${server.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await robots.text()).toContain('Disallow: /api/');
  });

  it('keeps unknown /api paths a JSON 404 instead of the app shell', async () => {
    const res = await fetch(`${server.baseUrl}/api/no-such-call`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });
});

describeInBrowser('foundation journey in a real browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('renders the sign-in screen at phone and desktop sizes', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const smoke = await openContext(browser, server.baseUrl, viewport);
      const smokePage = await smoke.newPage();
      const errors = collectPageErrors(smokePage);
      await smokePage.goto('/');
      await expectSignInScreen(smokePage);
      expect(errors).toEqual([]);
      await smoke.close();
    }
  });

  it('a new member registers, edits the profile, chooses an avatar and changes the password', async () => {
    const username = `e2e${randomBytes(3).toString('hex')}`;
    const firstPassword = 'Orbit-first-42';
    const secondPassword = 'Orbit-second-57';
    const context = await openContext(browser, server.baseUrl, DESKTOP);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);

    await step(page, 'register through the form', async () => {
      await page.goto('/');
      await expectSignInScreen(page);
      await screenshotEachViewport(page, 'sign-in');
      await expectAccessible(page, 'sign-in');
      await control(page, text('createAccount')).click();
      await page.getByLabel(text('email'), { exact: true }).waitFor();
      await expectAccessible(page, 'registration');
      await page.getByLabel(text('email'), { exact: true }).fill(`${username}@example.test`);
      await page.getByLabel(text('username'), { exact: true }).fill(username);
      await page.getByLabel(text('password'), { exact: true }).fill(firstPassword);
      await page.getByLabel(text('confirmPassword'), { exact: true }).fill(firstPassword);
      await page.getByRole('button', { name: text('createAccount'), exact: true }).click();
      await expectHome(page);
    });

    await step(page, 'sign out and sign in with the username', async () => {
      await signOut(page);
      await signIn(page, username, firstPassword);
      await expectHome(page);
      await screenshotEachViewport(page, 'home');
      await expectAccessible(page, 'home');
    });

    await step(page, 'enter the height in imperial and read it back in metric', async () => {
      const settings = await openSettings(page);
      await screenshotEachViewport(page, 'settings');
      await expectAccessible(page, 'settings');
      const profile = await openProfileFrom(settings);
      await screenshotEachViewport(page, 'profile');
      await chooseUnit(profile, 'imperial');
      // Picked one right after the other: the second save must not undo the first.
      await profile.getByLabel(text('feet'), { exact: true }).selectOption('5');
      await profile.getByLabel(text('inches'), { exact: true }).selectOption('10');
      await expect.poll(() => profile.getByLabel(text('inches'), { exact: true }).inputValue()).toBe('10');
      await chooseUnit(profile, 'metric');
      await expect
        .poll(() => profile.getByLabel(`${text('height')} (cm)`, { exact: true }).inputValue())
        .toBe('178');
    });

    await step(page, 'find the height saved on the server after a reload', async () => {
      await reloadHome(page);
      const profile = await openProfile(page);
      await expect
        .poll(() => profile.getByLabel(`${text('height')} (cm)`, { exact: true }).inputValue())
        .toBe('178');
    });

    await step(page, 'choose an avatar', async () => {
      await reloadHome(page);
      const privacy = await openPrivacy(page, firstPassword);
      await settingsRow(privacy, text('avatar')).click();
      const editor = page.getByRole('dialog', { name: text('avatar') });
      await control(editor, text('chooseAvatar')).click();
      await editor.getByRole('button', { name: text('avatarOption', 3), exact: true }).click();
      await control(editor, text('chooseAvatar')).click();
      await expect
        .poll(() =>
          editor
            .getByRole('button', { name: text('avatarOption', 3), exact: true })
            .getAttribute('aria-pressed'),
        )
        .toBe('true');
      // Choosing again closes the picker and returns to the editor's main view with the name field.
      await editor.getByRole('button', { name: text('avatarOption', 3), exact: true }).click();
      const avatarName = `a${username}`.slice(0, 16);
      await editor.getByLabel(text('avatarName'), { exact: true }).fill(avatarName);
      await control(editor, text('save')).click();
      await expect
        .poll(async () => (await (await page.request.get('/api/user/profiles')).json()).user_profile)
        .toMatchObject({ avatar_image: 'av3', alias: avatarName });
    });

    await step(page, 'change the password', async () => {
      await reloadHome(page);
      const privacy = await openPrivacy(page, firstPassword);
      await settingsRow(privacy, text('password')).click();
      const dialog = page.getByRole('dialog', { name: text('changePassword') });
      await dialog.getByLabel(text('oldPassword'), { exact: true }).fill(firstPassword);
      await dialog.getByLabel(text('newPassword'), { exact: true }).fill(secondPassword);
      await dialog.getByLabel(text('confirmNewPassword'), { exact: true }).fill(secondPassword);
      await dialog.getByRole('button', { name: text('changePassword'), exact: true }).click();
      await page.getByRole('alertdialog', { name: text('passwordChanged') }).waitFor();
    });

    await step(page, 'sign out; the old password is refused and the new one signs in', async () => {
      await page.goto('/');
      await signOut(page);
      await signIn(page, username, firstPassword);
      await page.getByText(text('invalidCredentials')).waitFor();
      await signIn(page, username, secondPassword);
      await expectHome(page);
    });

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a token handed in the address signs the member in; a bad one says "unable to update"', async () => {
    const username = `tok${randomBytes(3).toString('hex')}`;
    const password = 'Orbit-token-42';
    const context = await openContext(browser, server.baseUrl, PHONE);
    const account = { email: `${username}@example.test`, username, password };
    expect((await context.request.post('/api/register', { data: account })).status()).toBe(201);
    // Another client signs in and hands its token over; this browser has no session of its own yet.
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: username, password }),
    });
    const { user_token: token } = (await login.json()) as { user_token: string };
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);

    await step(page, 'a bad token: unable to update, please try again', async () => {
      await page.goto('/#user_token=not-a-token');
      const popup = page.getByRole('alertdialog', { name: text('unableToUpdate') });
      await popup.getByText(text('pleaseTryAgain')).waitFor();
      await screenshotEachViewport(page, 'token-update-failed');
      await popup.getByRole('button').click();
      await expectSignInScreen(page);
    });

    await step(page, 'the good token: home, and the token leaves the address', async () => {
      await page.goto(`/#user_token=${encodeURIComponent(token)}`);
      await expectHome(page);
      expect(new URL(page.url()).hash).toBe('');
    });

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('on a touch screen, height and weight are dials, and the sounds switch is remembered', async () => {
    const username = `dial${randomBytes(3).toString('hex')}`;
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      locale: 'en-US',
      reducedMotion: 'reduce',
    });
    context.setDefaultTimeout(15_000);
    const password = 'Orbit-dial-42';
    const account = { email: `${username}@example.test`, username, password };
    expect((await context.request.post('/api/register', { data: account })).status()).toBe(201);
    expect((await context.request.post('/api/login', { data: { identity: username, password } })).ok()).toBe(
      true,
    );
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    const me = async () => (await (await page.request.get('/api/user/profiles')).json()).user_profile;
    await page.goto('/');
    await expectHome(page);

    await step(page, 'turn the sounds off; they stay off after a reload', async () => {
      const settings = await openSettings(page);
      const sounds = settings.getByRole('switch', { name: text('sounds') });
      expect(await sounds.isChecked()).toBe(true);
      await screenshotEachViewport(page, 'settings-sounds');
      await sounds.click();
      await expect.poll(() => sounds.isChecked()).toBe(false);
      await reloadHome(page);
      const again = await openSettings(page);
      expect(await again.getByRole('switch', { name: text('sounds') }).isChecked()).toBe(false);
    });

    await step(page, 'the height dial answers the keyboard; the weight dial follows a drag', async () => {
      await reloadHome(page);
      const profile = await openProfile(page);
      await chooseUnit(profile, 'metric');
      const height = profile.getByRole('listbox', { name: `${text('height')} (cm)` });
      await height.focus();
      await page.keyboard.press('End');
      await expect.poll(async () => (await me()).height_meter).toBe(2.8);
      await page.keyboard.press('PageUp');
      await page.keyboard.press('ArrowUp');
      await expect.poll(async () => (await me()).height_meter).toBe(2.74);

      const weight = profile.getByRole('listbox', { name: `${text('weight')} (kg)` });
      await weight.scrollIntoViewIfNeeded();
      const box = (await weight.boundingBox())!;
      const x = box.x + box.width / 2;
      await page.mouse.move(x, box.y + box.height - 10);
      await page.mouse.down();
      await page.mouse.move(x, box.y + 10, { steps: 12 });
      await page.mouse.up();
      // Wherever the roll settles, the wheel shows it and the server holds it.
      await expect.poll(async () => (await me()).weight_kg).toBeGreaterThanOrEqual(20);
      const chosen = async () =>
        Number.parseInt((await weight.getByRole('option', { selected: true }).textContent()) ?? '', 10);
      await expect.poll(async () => (await me()).weight_kg).toBe(await chosen());
      await screenshotEachViewport(page, 'profile-dials');
    });

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

/** A button or a link with this accessible name: the journey does not care which element the app chose. */
function control(scope: Page | Locator, name: string): Locator {
  return scope
    .getByRole('button', { name, exact: true })
    .or(scope.getByRole('link', { name, exact: true }))
    .first();
}

/** A row of a settings list: its accessible name is its label followed by the current value, if any. */
function settingsRow(dialog: Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return dialog.getByRole('button', { name: new RegExp(`^${escaped}(\\s|$)`) });
}

async function expectSignInScreen(page: Page): Promise<void> {
  await page.getByLabel(text('identity'), { exact: true }).waitFor();
  await page.getByLabel(text('password'), { exact: true }).waitFor();
  await page.getByRole('button', { name: text('signIn'), exact: true }).waitFor();
}

async function signIn(page: Page, identity: string, password: string): Promise<void> {
  await expectSignInScreen(page);
  await page.getByLabel(text('identity'), { exact: true }).fill(identity);
  await page.getByLabel(text('password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('signIn'), exact: true }).click();
}

/**
 * A fresh load of home: a reload where settings were open would reopen them from their address (decision
 * 0042), and each step starts from the menu.
 */
async function reloadHome(page: Page): Promise<void> {
  await load(page, '/');
  await expectHome(page);
}

async function expectHome(page: Page): Promise<void> {
  await page.getByRole('button', { name: text('openMenu'), exact: true }).waitFor();
}

async function openMenuEntry(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: text('openMenu'), exact: true }).click();
  await page.getByRole('navigation').getByRole('button', { name: entry, exact: true }).click();
}

async function openSettings(page: Page): Promise<Locator> {
  await openMenuEntry(page, text('settings'));
  const settings = page.getByRole('dialog', { name: text('settings') });
  await settings.waitFor();
  return settings;
}

async function openProfile(page: Page): Promise<Locator> {
  return openProfileFrom(await openSettings(page));
}

async function openProfileFrom(settings: Locator): Promise<Locator> {
  await settingsRow(settings, text('profile')).click();
  const profile = settings.page().getByRole('dialog', { name: text('profile') });
  await profile.getByRole('group', { name: text('unitPreference') }).waitFor();
  return profile;
}

/** Privacy settings sit behind the current password (docs/product/account-and-safety.md#profile). */
async function openPrivacy(page: Page, password: string): Promise<Locator> {
  const settings = await openSettings(page);
  await settingsRow(settings, text('privacy')).click();
  const confirm = page.getByRole('dialog', { name: text('confirmYourPassword') });
  await confirm.getByLabel(text('password'), { exact: true }).fill(password);
  await confirm.getByRole('button', { name: text('confirm'), exact: true }).click();
  const privacy = page.getByRole('dialog', { name: text('privacy') });
  await privacy.waitFor();
  return privacy;
}

/** The unit radios are visually hidden inside their labels: a member clicks the label. */
async function chooseUnit(profile: Locator, unit: 'imperial' | 'metric'): Promise<void> {
  const group = profile.getByRole('group', { name: text('unitPreference') });
  await group.getByText(text(unit), { exact: true }).click();
  await expect.poll(() => group.getByRole('radio', { name: text(unit) }).isChecked()).toBe(true);
}

async function signOut(page: Page): Promise<void> {
  await expectHome(page);
  await openMenuEntry(page, text('logout'));
  await expectSignInScreen(page);
}
