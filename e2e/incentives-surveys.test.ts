import { randomBytes } from 'node:crypto';
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
import { api, dialog, goHome, MEMBER_PASSWORD, type Member, ok, signIn } from './support/members';
import { text } from './support/texts';

const DEMO_PASSWORD = 'Demo-pass-42';
const PLAN = 'Run club';
const SURVEY = 'Pulse check';
const THANKS = 'Thanks for the pulse!';

const server = serverForFile({ env: { SEED_DEMO: 'true', DEMO_PASSWORD } });

/** A home-view star by its exact accessible name ("Incentives", "Surveys, 2 waiting"...). */
const star = (page: Page, name: RegExp) => page.getByRole('main').getByRole('button', { name }).first();

async function openAdmin(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: text('openMenu'), exact: true }).click();
  await page.getByRole('button', { name: text('adminTitle'), exact: true }).click();
  return dialog(page, text('adminTitle'));
}

/**
 * A zone whose date is the browsers' (UTC), where the 30-minute run logged below falls wholly within today: the
 * plan starts on the admin's today, and a member still on yesterday (the default New York zone between 00:00
 * and 05:00 UTC) would earn nothing from it.
 */
const memberZone = () => (new Date().getUTCHours() < 1 ? 'Etc/GMT-1' : 'UTC');

/** A new member of the demo organisation (its registration is open), signed in on the home view. */
async function newOrgMember(browser: Browser, organizationId: number): Promise<Member> {
  const username = `runner${randomBytes(3).toString('hex')}`;
  const context = await openContext(browser, server.baseUrl);
  const registered = await api({ context, origin: server.baseUrl }, 'POST', '/api/register', {
    email: `${username}@example.test`,
    password: MEMBER_PASSWORD,
    username,
    organization_id: organizationId,
    timezone: memberZone(),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await context.close();
  return signIn(browser, server, username);
}

describeInBrowser('incentives, surveys and the admin screens', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('an admin writes a plan and a survey; a member earns from a run live and answers the survey once', async () => {
    const admin = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);

    await step(admin.page, 'the admin creates an incentive plan', async () => {
      const screen = await openAdmin(admin.page);
      await screen.getByText(text('adminPlans'), { exact: true }).click();
      await screen.getByText('Move & Earn').waitFor();
      await screenshotEachViewport(admin.page, 'admin-plans');
      await expectAccessible(admin.page, 'the admin plans');
      await screen.getByRole('button', { name: text('adminNewPlan') }).click();
      const editor = dialog(admin.page, text('adminNewPlan'));
      await editor.getByRole('textbox', { name: text('adminName'), exact: true }).fill(PLAN);
      await editor.getByRole('textbox', { name: text('incentiveDailyMaximum') }).fill('5');
      await screenshotEachViewport(admin.page, 'admin-plan-editor');
      await editor.getByRole('button', { name: text('save'), exact: true }).click();
      await screen.getByText(PLAN, { exact: true }).waitFor();
    });

    await step(admin.page, 'the admin creates a survey with three options', async () => {
      const screen = dialog(admin.page, text('adminTitle'));
      await screen.getByText(text('adminSurveys'), { exact: true }).click();
      await screen.getByRole('button', { name: text('adminNewSurvey') }).click();
      const editor = dialog(admin.page, text('adminNewSurvey'));
      await editor.getByRole('textbox', { name: text('adminName'), exact: true }).fill(SURVEY);
      await editor
        .getByRole('textbox', { name: text('adminQuestion', 1), exact: true })
        .fill('How is your week?');
      await editor.getByRole('button', { name: text('adminAddOption') }).click();
      for (const [i, option] of ['Slow', 'Steady', 'Strong'].entries()) {
        await editor.getByRole('textbox', { name: text('adminOption', i + 1, 1) }).fill(option);
      }
      await editor.getByRole('textbox', { name: text('adminCompletionMessage') }).fill(THANKS);
      await screenshotEachViewport(admin.page, 'admin-survey-editor');
      await expectAccessible(admin.page, 'the admin survey editor');
      await editor.getByRole('button', { name: text('save'), exact: true }).click();
      await screen.getByText(SURVEY, { exact: true }).waitFor();
      await screenshotEachViewport(admin.page, 'admin-surveys');
    });

    const organizationId = (await ok(admin, 'GET', '/api/user/profiles')).organizations[0].id as number;
    const member = await newOrgMember(browser, organizationId);

    await step(
      member.page,
      'the member logs a 30-minute run and the incentive progress shows it live',
      async () => {
        await star(member.page, new RegExp(`^${text('incentivesTitle')}$`)).click();
        const screen = dialog(member.page, text('incentivesTitle'));
        await screen.getByRole('combobox', { name: text('incentivePlan') }).selectOption({ label: PLAN });
        const today = screen.getByRole('progressbar', { name: text('incentiveToday'), exact: true });
        await expect.poll(() => today.getAttribute('aria-valuenow')).toBe('0');
        const logged = await api(member, 'POST', '/api/user/activity/sessions', {
          activity_type: 1,
          // This moment: 35 minutes ago is yesterday's for a member whose day has just begun.
          start: new Date().toISOString(),
          duration_ms: 30 * 60_000,
        });
        expect(logged.status(), await logged.text()).toBe(201);
        // 30 minutes at 10 minutes a ticket: 3 of the day's 5, through SESSION_ACTIVITY, no reload.
        await expect.poll(() => today.getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('3');
        await screen.getByTestId('incentive-balance').getByText('3', { exact: false }).waitFor();
        await screen
          // A day of the history: a button that opens its sessions, named by the day and amount it shows.
          .getByRole('listitem')
          .getByRole('button', { expanded: false })
          .first()
          .click();
        await screen.getByText('Running').first().waitFor();
        await screenshotEachViewport(member.page, 'incentives');
        await expectAccessible(member.page, 'the incentives');
      },
    );

    await step(member.page, 'the member answers the survey and sees its completion message', async () => {
      await goHome(member);
      await star(member.page, new RegExp(`^${text('surveysTitle')}`)).click();
      const list = dialog(member.page, text('surveysTitle'));
      await list.getByRole('button', { name: new RegExp(SURVEY) }).waitFor();
      await screenshotEachViewport(member.page, 'surveys');
      await expectAccessible(member.page, 'the surveys list');
      await list.getByRole('button', { name: new RegExp(SURVEY) }).click();
      const page = dialog(member.page, SURVEY);
      const submit = page.getByRole('button', { name: text('surveySubmit') });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByRole('radio', { name: 'Steady' }).check();
      await screenshotEachViewport(member.page, 'survey-page');
      await expectAccessible(member.page, 'a survey');
      await submit.click();
      await page.getByRole('status').getByText(THANKS).waitFor();
      await screenshotEachViewport(member.page, 'survey-completed');
    });

    await step(member.page, 'answering again is refused, and the list shows it completed', async () => {
      const { surveys } = await ok(member, 'GET', '/api/surveys');
      const answered = surveys.find((s: { survey: { name: string } }) => s.survey.name === SURVEY);
      expect(answered.response_state).toBe(3);
      const again = await api(member, 'POST', `/api/surveys/response/${answered.id}`, { answers: [1] });
      expect(again.status()).toBe(409);
      await member.page.getByRole('button', { name: text('back'), exact: true }).click();
      const list = dialog(member.page, text('surveysTitle'));
      await list
        .getByRole('button', { name: new RegExp(SURVEY) })
        .getByText(text('surveysCompleted'), { exact: true })
        .waitFor();
    });

    await step(
      member.page,
      'a member who is not an organisation admin is refused the admin calls',
      async () => {
        const survey = {
          name: 'Not mine',
          description: '',
          anonymous: false,
          questions: [{ text: 'Q', options: ['a', 'b'] }],
          start_time: new Date().toISOString(),
          end_time: new Date(Date.now() + 3_600_000).toISOString(),
          completion_message: 'x',
        };
        expect((await api(member, 'POST', '/api/admin/surveys', survey)).status()).toBe(403);
        expect((await api(member, 'GET', '/api/admin/surveys')).status()).toBe(403);
      },
    );

    await step(admin.page, 'a member of the madness community sees its GoCoins history', async () => {
      await goHome(admin);
      await star(admin.page, new RegExp(`^${text('incentivesTitle')}$`)).click();
      const screen = dialog(admin.page, text('incentivesTitle'));
      await screen
        .getByRole('combobox', { name: text('incentivePlan') })
        .selectOption({ label: 'GoCoins Madness' });
      await screen.getByRole('button', { name: text('incentiveGocoinsHistory') }).click();
      const history = dialog(admin.page, text('madnessTitle'));
      const bar = history.getByRole('progressbar', { name: text('madnessTopGocoins') });
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      expect(await bar.getAttribute('aria-valuetext')).toMatch(/of 1800$/);
      await screenshotEachViewport(admin.page, 'madness-history');
    });

    expect(admin.errors).toEqual([]);
    expect(member.errors).toEqual([]);
  });
});
