import {
  currentSeasonYear,
  EN_US,
  RoundState,
  roundState,
  seasonCode,
  seasonEndsAt,
  TournamentRound,
  translate,
} from '@orbit/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, screenshotEachViewport, step } from './support/browser';
import { serverForFile } from './support/journey';
import { dialog, signIn } from './support/members';
import { text } from './support/texts';

const DEMO_PASSWORD = 'Demo-pass-42';
const server = serverForFile({ env: { SEED_DEMO: 'true', DEMO_PASSWORD } });

/** The season the demo world played (its seed): the current one once its finals are over, else the last. */
function playedYear(now: Date): number {
  const year = currentSeasonYear(now);
  return roundState(year, TournamentRound.FINALS, now) === RoundState.OVER ? year : year - 1;
}

/** A round's tab or row: its accessible name starts with the round's en_us name. */
const startsWith = (key: string) => new RegExp(`^${translate(EN_US, key)}`);

describeInBrowser('the tournament', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens the intro from its star, the progress of the played season, a past round and a member', async () => {
    const demo = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const { page } = demo;
    const year = playedYear(new Date());
    const intro = dialog(page, text('tournamentTitle'));

    await step(page, 'the tournament star opens the intro, on the played season', async () => {
      await page
        .getByRole('main')
        .getByRole('button', { name: new RegExp(`^${text('tournamentTitle')}`) })
        .click();
      await intro.getByRole('combobox', { name: text('tournamentSeason') }).selectOption(seasonCode(year));
      // Every round of a played season has begun: each is a clickable past round.
      await expect
        .poll(() => intro.getByRole('button', { name: startsWith('tournament.round_64') }).isEnabled())
        .toBe(true);
      await intro.getByText(text('tournamentIntroText')).waitFor();
      await screenshotEachViewport(page, 'tournament-intro');
      await expectAccessible(page, 'the tournament intro');
    });

    const progress = dialog(page, text('tournamentProgress'));
    await step(page, 'the progress shows the finals with a winner', async () => {
      await intro.getByRole('button', { name: text('tournamentSeeProgress') }).click();
      const finals = progress.getByRole('button', { name: startsWith('tournament.finals') });
      await expect.poll(() => finals.getAttribute('aria-pressed')).toBe('true');
      await progress
        .getByText(/^Winner: /)
        .first()
        .waitFor();
      expect(await progress.getByText(text('tournamentTbd'), { exact: true }).count()).toBe(0);
      await screenshotEachViewport(page, 'tournament-progress');
      await expectAccessible(page, 'the tournament progress');
    });

    await step(page, 'a past round opens with its eight pairs, each decided', async () => {
      await progress.getByRole('button', { name: startsWith('tournament.round_16') }).click();
      await expect.poll(() => progress.getByText(/^Winner: /).count()).toBe(8);
      await screenshotEachViewport(page, 'tournament-round-of-16');
    });

    await step(page, 'a member of a pair opens their profile and gets a high five', async () => {
      const member = progress.getByRole('list').getByRole('listitem').getByRole('button').first();
      const name = (await member.getAttribute('aria-label')) ?? '';
      await member.click();
      const profile = dialog(page, text('tournamentProfile'));
      await profile.getByRole('heading', { name, exact: true }).waitFor();
      const button = profile.getByRole('button', { name: text('tournamentHighFive'), exact: true });
      if (new Date() < seasonEndsAt(year)) {
        await profile.getByText(text('tournamentHighFives', 0)).waitFor();
        await button.click();
        await profile.getByText(text('tournamentHighFives', 1)).waitFor();
        await expect.poll(() => button.isDisabled()).toBe(true);
      } else {
        // docs/product/account-and-safety.md#persona: a season is over after its end time; nobody is high-fived any more.
        await expect.poll(() => button.isDisabled()).toBe(true);
      }
      await screenshotEachViewport(page, 'tournament-profile');
      await expectAccessible(page, 'a tournament profile');
    });
    expect(demo.errors).toEqual([]);
  });
});
