import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import {
  collectPageErrors,
  describeInBrowser,
  launchBrowser,
  openContext,
  PHONE,
  screenshotEachViewport,
  step,
} from './support/browser';
import { serverForFile } from './support/journey';
import { dialog, MEMBER_PASSWORD, newMember } from './support/members';
import { buttonText, countText, text } from './support/texts';

/** Issue 16 (decision 0050): two-factor sign-in set up from the settings, then asked for; devices signed out. */

const server = serverForFile();

/** The code an authenticator app shows `steps` 30-second steps from now. */
const totp = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function openSettingsRow(page: Page, row: string) {
  await page.getByRole('button', { name: text('openMenu'), exact: true }).click();
  await page
    .getByRole('navigation')
    .getByRole('button', { name: text('settings'), exact: true })
    .click();
  const settings = dialog(page, text('settings'));
  await settings.waitFor();
  await settings.getByRole('button', { name: row }).click();
}

it('answers a challenge, not a session, to the password of a member with two-factor sign-in on', async () => {
  // The HTTP answers the journey relies on (a file needs one test that runs without a browser).
  const res = await fetch(`${server.baseUrl}/api/login/2fa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge_token: 'nope', code: '123456' }),
  });
  expect(res.status).toBe(400);
  expect((await res.json()).error).toBe('invalid_challenge');
});

describeInBrowser('account security (issue 16)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('turns two-factor sign-in on from the settings, asks for a code at sign-in, and signs a device out', async () => {
    const first = await newMember(browser, server, 'guard');
    const { page } = first;
    let secret = '';
    let recoveryCode = '';

    await step(page, 'two-factor set up from the settings', async () => {
      await openSettingsRow(page, text('twoFactorTitle'));
      const twoFactor = dialog(page, text('twoFactorTitle'));
      await twoFactor.getByLabel(text('password')).fill(MEMBER_PASSWORD);
      await twoFactor.getByRole('button', { name: buttonText('twoFactorTurnOn') }).click();
      await twoFactor.getByRole('img', { name: text('twoFactorQrAlt') }).waitFor();
      secret = (await twoFactor.locator('[class*="secret"]').innerText()).replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await screenshotEachViewport(page, 'two-factor-setup');
      await expectAccessible(page, 'two-factor setup');
      await twoFactor.getByLabel(text('twoFactorCode')).fill(await totp(secret));
      await twoFactor.getByRole('button', { name: buttonText('twoFactorConfirm') }).click();
      const codes = twoFactor
        .getByRole('list', { name: text('twoFactorRecoveryTitle') })
        .getByRole('listitem');
      await expect.poll(() => codes.count()).toBe(10);
      await screenshotEachViewport(page, 'two-factor-recovery-codes');
      await expectAccessible(page, 'two-factor recovery codes');
      recoveryCode = await codes.nth(4).innerText();
      await twoFactor.getByRole('button', { name: buttonText('twoFactorDone') }).click();
      await dialog(page, text('settings'))
        .getByRole('button', { name: new RegExp(text('twoFactorOn')) })
        .waitFor();
      await screenshotEachViewport(page, 'settings-security');
    });

    // Another browser: its own cookies, at the phone's size.
    const context = await openContext(browser, server.baseUrl, PHONE);
    const phone = await context.newPage();
    const phoneErrors = collectPageErrors(phone);

    await step(phone, 'a sign-in that asks for the code', async () => {
      await phone.goto('/signin');
      await phone.getByLabel(text('identity')).fill(first.username);
      await phone.getByLabel(text('password')).fill(MEMBER_PASSWORD);
      await phone.getByRole('button', { name: buttonText('signIn') }).click();
      await phone.getByRole('heading', { name: text('twoFactorSignInTitle') }).waitFor();
      await screenshotEachViewport(phone, 'two-factor-sign-in');
      await expectAccessible(phone, 'two-factor sign-in');
      // The next step's code: the one the setup used is spent, and a code signs in once.
      await phone.getByLabel(text('twoFactorCodeOrRecovery')).fill(await totp(secret, 1));
      await phone.getByRole('button', { name: buttonText('twoFactorVerify') }).click();
      await phone.getByRole('button', { name: text('openMenu'), exact: true }).waitFor();
    });

    await step(phone, 'the first browser signed out from the phone loses its live updates', async () => {
      await openSettingsRow(phone, text('devicesTitle'));
      const devices = dialog(phone, text('devicesTitle'));
      const rows = devices.getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(2);
      await expect.poll(() => rows.first().innerText()).toContain(text('devicesThisDevice'));
      await screenshotEachViewport(phone, 'devices');
      await expectAccessible(phone, 'devices');
      const other = rows.nth(1);
      const name = (await other.locator('p').first().innerText()).trim();
      expect(name).toBe(text('devicesBrowserOn', 'Chrome', 'Linux'));
      await other.getByRole('button', { name: text('devicesSignOutNamed', name) }).click();
      const question = dialog(phone, text('devicesSignOutQuestion', name));
      await question.waitFor();
      await screenshotEachViewport(phone, 'devices-sign-out-question');
      await question.getByRole('button', { name: buttonText('yes') }).click();
      await expect.poll(() => rows.count()).toBe(1);
      // The first browser did nothing: its socket was closed by the server, so it finds itself signed out.
      await page.getByRole('heading', { name: text('signInTitle') }).waitFor({ timeout: 20_000 });
    });

    await step(phone, 'two-factor sign-in turned off with the password and a recovery code', async () => {
      await dialog(phone, text('devicesTitle'))
        .getByRole('button', { name: text('back') })
        .click();
      await dialog(phone, text('settings'))
        .getByRole('button', { name: new RegExp(text('twoFactorTitle')) })
        .click();
      const twoFactor = dialog(phone, text('twoFactorTitle'));
      await twoFactor.getByText(countText('twoFactorCodesLeft', 10)).waitFor();
      await twoFactor.getByLabel(text('password')).fill(MEMBER_PASSWORD);
      await twoFactor.getByLabel(text('twoFactorCodeOrRecovery')).fill(recoveryCode);
      await screenshotEachViewport(phone, 'two-factor-turn-off');
      await expectAccessible(phone, 'two-factor turn off');
      await twoFactor.getByRole('button', { name: buttonText('twoFactorTurnOff') }).click();
      await twoFactor.getByRole('button', { name: buttonText('twoFactorTurnOn') }).waitFor();
    });

    expect(first.errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await context.close();
    await first.context.close();
  });
});
