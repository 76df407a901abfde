import fs from 'node:fs';
import path from 'node:path';
import { EN_US, translate } from '@orbit/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, VIEWPORTS } from './support/browser';
import { serverForFile } from './support/journey';
import { signIn } from './support/members';
import { text } from './support/texts';

const DEMO_PASSWORD = 'Demo-pass-42';
/** When set, the chart is saved there at each period and viewport, to be looked at by eye. */
const SHOTS_DIR = process.env.SHOTS_DIR;

const server = serverForFile({ env: { SEED_DEMO: 'true', DEMO_PASSWORD } });

const ownStar = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: new RegExp(translate(EN_US, 'star_kind.99')) });

it("answers the demo member's own week of moods, and refuses to name another member", async () => {
  const login = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: 'demo', password: DEMO_PASSWORD }),
  });
  const headers = { authorization: `Bearer ${(await login.json()).user_token}` };
  const insights = (query = '') => fetch(`${server.baseUrl}/api/user/mood/insights${query}`, { headers });
  const week = await (await insights()).json();
  expect(week.days).toHaveLength(7);
  expect(week.days.filter((d: { moods: number[] }) => d.moods.length > 0).length).toBeGreaterThanOrEqual(4);
  expect((await insights('?user_id=2')).status).toBe(400);
});

describeInBrowser('mood insights on the own star page', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the demo member their week of moods against activity, and 30 days on the toggle', async () => {
    const demo = await signIn(browser, server, 'demo', DEMO_PASSWORD);
    const page = demo.page;
    await ownStar(page).click();
    const insights = page.getByRole('dialog').getByRole('region', { name: text('moodInsightsTitle') });
    const chart = insights.getByRole('img', { name: /over the last 7 days/ });
    await chart.waitFor();
    // The text alternative: a row per day, today's last.
    expect(await insights.getByRole('row').count()).toBe(1 + 7);
    await insights.getByText(text('moodInsightsMostCommon'), { exact: true }).waitFor();
    await insights.getByText(text('moodInsightsDays', 30), { exact: true }).click();
    await insights.getByRole('img', { name: /over the last 30 days/ }).waitFor();
    expect(await insights.getByRole('row').count()).toBe(1 + 30);
    await expectAccessible(page, 'the mood insights');
    if (SHOTS_DIR) {
      fs.mkdirSync(SHOTS_DIR, { recursive: true });
      for (const [days, label] of [
        [7, 7],
        [30, 30],
        [90, 90],
      ] as const) {
        await insights.getByText(text('moodInsightsDays', label), { exact: true }).click();
        await insights.getByRole('img', { name: new RegExp(`over the last ${days} days`) }).waitFor();
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await insights.scrollIntoViewIfNeeded();
          await page.screenshot({
            path: path.join(SHOTS_DIR, `moods-${days}d-${viewport.width}x${viewport.height}.png`),
          });
        }
      }
    }
    expect(demo.errors).toEqual([]);
  });
});
