import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EN_US } from '@orbit/contract';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { MEMBER_PASSWORD } from './support/members';
import { buttonText, text } from './support/texts';

/**
 * A member who forgot their password asks for a link, follows it from the mail and signs in with a new
 * password. The server has no SMTP_URL, so each mail is an .eml file under DATA_DIR/mail (issue 16 item 1).
 */

const NEW_PASSWORD = 'Found-again-61';

const server = serverForFile();

const mailDir = () => path.join(server.dataDir, 'mail');

/** Every mail the server has written so far, parsed. */
async function writtenMails(): Promise<ParsedMail[]> {
  if (!fs.existsSync(mailDir())) return [];
  const files = fs
    .readdirSync(mailDir())
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((file) => simpleParser(fs.readFileSync(path.join(mailDir(), file)))));
}

async function mailTo(address: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await writtenMails()).find(
          (mail) =>
            mail.subject === subject && mail.to && [mail.to].flat().some((to) => to.text.includes(address)),
        );
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as ParsedMail;
}

async function register(prefix: string) {
  const username = `${prefix}${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.test`;
  const answer = await fetch(`${server.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, username, password: MEMBER_PASSWORD }),
  });
  expect(answer.status, await answer.text()).toBe(201);
  return { username, email };
}

const post = (url: string, body: unknown) =>
  fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the answers the journey relies on', () => {
  it('accepts a request for a link alike for anyone, and refuses a made-up token', async () => {
    const known = await register('known');
    const [forKnown, forNobody] = await Promise.all([
      post('/api/password/forgot', { identity: known.email }),
      post('/api/password/forgot', { identity: 'nobody-at-all@example.test' }),
    ]);
    expect([forKnown.status, forNobody.status]).toEqual([202, 202]);
    expect(await forNobody.json()).toEqual(await forKnown.json());
    // The link is also printed in the log; here it is read from the written mail.
    const mail = await mailTo(known.email, EN_US['mail.reset.subject']);
    expect(mail.text).toContain(`${server.baseUrl}/reset-password?token=`);
    expect(mail.html).toContain(`${server.baseUrl}/reset-password?token=`);
    const refused = await post('/api/password/reset', { token: 'made-up', password: NEW_PASSWORD });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('invalid_token');
  });
});

describeInBrowser('forgot password, the mailed link, a new password, sign in', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('walks from the sign-in screen through the mail back to a signed-in home', async () => {
    const member = await register('lost');
    const context = await openContext(browser, server.baseUrl, PHONE);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await step(page, 'ask for a link', async () => {
      await page.goto('/signin');
      await page.getByRole('link', { name: text('forgotPasswordLink'), exact: true }).click();
      await page.getByRole('heading', { name: text('forgotPasswordTitle') }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/forgot-password');
      await page.getByLabel(text('identity')).fill(member.email.toUpperCase());
      await screenshotEachViewport(page, 'password-forgot');
      await expectAccessible(page, 'forgot password');
      await page.getByRole('button', { name: buttonText('sendResetLink') }).click();
      await page.getByRole('status').getByText(text('resetLinkSent')).waitFor();
      await screenshotEachViewport(page, 'password-link-sent');
      await expectAccessible(page, 'link sent');
    });

    let link = '';
    await step(page, 'read the mail', async () => {
      const mail = await mailTo(member.email, EN_US['mail.reset.subject']);
      const match = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '');
      expect(match).not.toBeNull();
      link = match?.[1] ?? '';
    });

    await step(page, 'choose a new password', async () => {
      await page.goto(link);
      await page.getByRole('heading', { name: text('resetPasswordTitle') }).waitFor();
      await page.getByLabel(text('resetNewPassword'), { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel(text('resetConfirmPassword'), { exact: true }).fill(`${NEW_PASSWORD}x`);
      await page.getByRole('button', { name: buttonText('savePassword') }).click();
      await page.getByText(text('passwordsDoNotMatch')).waitFor();
      await page.getByLabel(text('resetConfirmPassword'), { exact: true }).fill(NEW_PASSWORD);
      // Corrected, the field says nothing more until the next save.
      expect(await page.getByText(text('passwordsDoNotMatch')).count()).toBe(0);
      await screenshotEachViewport(page, 'password-reset');
      await expectAccessible(page, 'reset password');
      await page.getByRole('button', { name: buttonText('savePassword') }).click();
    });

    await step(page, 'sign in with it', async () => {
      await page.getByRole('status').getByText(text('passwordSavedTitle')).waitFor();
      expect(new URL(page.url()).pathname).toBe('/signin');
      await screenshotEachViewport(page, 'password-saved-sign-in');
      await expectAccessible(page, 'sign in after a reset');
      await page.getByLabel(text('identity')).fill(member.username);
      await page.getByLabel(text('password'), { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: buttonText('signIn') }).click();
      await page.getByRole('button', { name: text('openMenu'), exact: true }).waitFor();
    });

    await step(page, 'the link is spent and the old password gone', async () => {
      expect(
        (await post('/api/login', { identity: member.username, password: MEMBER_PASSWORD })).status,
      ).toBe(401);
      const again = await context.newPage();
      await again.goto(link);
      await again.getByLabel(text('resetNewPassword'), { exact: true }).fill('Third-try-62!');
      await again.getByLabel(text('resetConfirmPassword'), { exact: true }).fill('Third-try-62!');
      await again.getByRole('button', { name: buttonText('savePassword') }).click();
      await again.getByRole('alert').getByText(text('resetLinkInvalid')).waitFor();
      await again.close();
      const changed = await mailTo(member.email, EN_US['mail.changed.subject']);
      expect(changed.text).toContain(member.username);
    });

    expect(errors).toEqual([]);
    await context.close();
  });
});
