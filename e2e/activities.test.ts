import { EN_US, translate } from '@orbit/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saveLoggedSession } from './support/activities';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, screenshotEachViewport, step } from './support/browser';
import { serverForFile } from './support/journey';
import { api, dialog, newMember, ok } from './support/members';
import { buttonText, text } from './support/texts';

const server = serverForFile();

const ownStar = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: new RegExp(translate(EN_US, 'star_kind.99')) });

const thisWeek = (page: Locator) => page.getByRole('region', { name: text('thisWeek') });

describeInBrowser('activity: log a session, THIS WEEK, history and the leaderboard', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a member logs a 30-minute run and every activity view shows it without a reload', async () => {
    const runner = await newMember(browser, server, 'runner');
    const page = runner.page;
    const own = dialog(page, runner.username);

    await step(page, 'the own star page shows an empty THIS WEEK', async () => {
      await ownStar(page).click();
      await thisWeek(own).getByText(text('noActivityThisWeek'), { exact: true }).waitFor();
    });

    await step(page, 'the member logs a 30-minute run', async () => {
      await thisWeek(own)
        .getByRole('button', { name: buttonText('logActivity'), exact: true })
        .click();
      await saveLoggedSession(page, 'running', 30);
    });

    await step(page, 'THIS WEEK and the feed show the run at once', async () => {
      await thisWeek(own)
        .getByText(text('totalDuration', 0, 30), { exact: true })
        .first()
        .waitFor();
      await thisWeek(own).getByText('running', { exact: true }).waitFor();
      await own.getByText(text('activityDuration'), { exact: true }).first().waitFor();
    });

    await step(page, 'the leaderboard ranks the member first with 00:30:00', async () => {
      await thisWeek(own)
        .getByRole('button', { name: text('leaderboardTitle'), exact: true })
        .click();
      const board = dialog(page, text('leaderboardTitle'));
      await board.getByRole('img', { name: new RegExp(`${text('you')} 00:30:00`) }).waitFor();
      await screenshotEachViewport(page, 'activities-leaderboard-overview');
      await board.getByText(text('leaderboardDetails'), { exact: true }).click();
      const list = board.getByRole('list', { name: text('leaderboardDetails') });
      await list.getByText('00:30:00', { exact: true }).waitFor();
      await list.getByText(text('leaderboardRank', 1), { exact: true }).waitFor();
    });

    await step(page, 'a session sent by an integration moves the open leaderboard live', async () => {
      const walk = {
        app_id: 6,
        external_id: 'fitbit-walk-1',
        activity_type: 2,
        // This moment: an hour ago is last week's for a member whose week has just begun.
        start: new Date().toISOString(),
        duration_ms: 20 * 60 * 1000,
      };
      const first = await api(runner, 'POST', '/api/integrations/activity/sessions', walk);
      expect(first.status()).toBe(201);
      // A resend of the same external id is the same session and changes nothing.
      const again = await ok(runner, 'POST', '/api/integrations/activity/sessions', walk);
      expect(again).toMatchObject({ created: false, session: { id: (await first.json()).session.id } });
      const board = dialog(page, text('leaderboardTitle'));
      await board.getByText('00:50:00', { exact: true }).waitFor();
      await screenshotEachViewport(page, 'activities-leaderboard-details');
      await page.keyboard.press('Escape');
      await board.waitFor({ state: 'detached' });
    });

    await step(page, 'the history shows this month with both sessions', async () => {
      await thisWeek(own)
        .getByRole('button', { name: buttonText('historyButton'), exact: true })
        .click();
      const history = dialog(page, text('history'));
      const now = new Date();
      const month = now.toLocaleString('en-US', { month: 'long' });
      await history.getByRole('heading', { name: text('historyTitle', month, now.getFullYear()) }).waitFor();
      await history
        .getByText(text('totalDuration', 0, 50), { exact: true })
        .first()
        .waitFor();
      await history
        .getByRole('img', { name: text('historyChartLabel', text('historyTitle', month, now.getFullYear())) })
        .waitFor();
      await screenshotEachViewport(page, 'activities-history-bubbles');
      await expectAccessible(page, 'the history');
      await history.getByText(text('historyBalloons'), { exact: true }).click();
      await history.getByText(text('historyByActivity'), { exact: true }).click();
      await history
        .getByRole('list', { name: text('historyByActivity'), exact: true })
        .getByText('walking', { exact: true })
        .waitFor();
      await screenshotEachViewport(page, 'activities-history-balloons');
    });

    expect(runner.errors).toEqual([]);
  });
});
