import fs from 'node:fs';
import path from 'node:path';
import { STARFIELD } from '@orbit/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import {
  DESKTOP,
  describeInBrowser,
  launchBrowser,
  PHONE,
  SMALL_PHONE,
  type Viewport,
} from './support/browser';
import { serverForFile } from './support/journey';
import { dialog, newMember, signIn } from './support/members';
import { settleStarField, starLabelDefects } from './support/starLabels';
import { text } from './support/texts';

const DEMO_PASSWORD = 'Orbit-demo-starfield-42';
/** Where the screenshots go when SHOTS_DIR names a folder; nowhere otherwise. */
const SHOTS_DIR = process.env.SHOTS_DIR;

const server = serverForFile({ database: 'pglite', env: { SEED_DEMO: 'true', DEMO_PASSWORD } });
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** How many animation frames the page asks for in the next `ms`. */
function framesAskedIn(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (ms) => {
    let asked = 0;
    const ask = window.requestAnimationFrame;
    window.requestAnimationFrame = (callback) => {
      asked += 1;
      return ask.call(window, callback);
    };
    await new Promise((resolve) => setTimeout(resolve, ms));
    window.requestAnimationFrame = ask;
    return asked;
  }, ms);
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const size = page.viewportSize() ?? DESKTOP;
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${size.width}x${size.height}.png`) });
}

/** Every orbiting star's box, and its name label's, must lie inside the window. */
async function expectStarsInside(page: Page, viewport: Viewport, atLeast: number): Promise<void> {
  const stars = page.getByTestId('star-field').locator('button[data-star-type]');
  await expect.poll(() => stars.count()).toBeGreaterThanOrEqual(atLeast);
  // The stars fade in on opening; their places are final once they are visible.
  await page.waitForTimeout(1200);
  const boxes = await stars.evaluateAll((elements) =>
    elements.flatMap((star) => {
      const label = star.querySelector('[data-face-of="name"]');
      return [star, ...(label ? [label] : [])].map((element) => {
        const { left, top, right, bottom } = element.getBoundingClientRect();
        return { name: star.getAttribute('aria-label'), left, top, right, bottom };
      });
    }),
  );
  const outside = boxes.filter(
    (b) => b.left < 0 || b.top < 0 || b.right > viewport.width || b.bottom > viewport.height,
  );
  expect(outside).toEqual([]);
}

/** Moments of the field's turn at which the labels are judged, a second apart (the field turns 3 degrees). */
const MOMENTS = 6;

/** Every star's name is readable, at several moments of the field's turn (e2e/support/starLabels.ts). */
async function expectReadableLabels(page: Page, atLeast: number): Promise<void> {
  await settleStarField(page, atLeast);
  for (let moment = 0; moment < MOMENTS; moment++) {
    if (moment > 0) await page.waitForTimeout(1000);
    expect(await starLabelDefects(page), `at ${JSON.stringify(page.viewportSize())}`).toEqual([]);
  }
}

describeInBrowser('the star field fits every screen', () => {
  it("keeps the demo member's stars inside the window at every size; the moments list opens from home", async () => {
    const demo = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD, SMALL_PHONE);
    for (const viewport of [SMALL_PHONE, PHONE, DESKTOP]) {
      await demo.page.setViewportSize(viewport);
      await expectStarsInside(demo.page, viewport, 20);
      await expectReadableLabels(demo.page, 20);
      await shot(demo.page, 'home-demo');
    }
    await expectAccessible(demo.page, "the demo member's home");
    await demo.page.setViewportSize(SMALL_PHONE);
    await demo.page
      .getByRole('button', { name: /moments/i })
      .first()
      .click();
    await dialog(demo.page, text('momentsTitle')).waitFor();
    await expectAccessible(demo.page, 'the moments list');
    expect(demo.errors).toEqual([]);
    await demo.context.close();
  });

  it('holds the field still under the menu, drawing nothing, and turns it on from where it stood', async () => {
    const demo = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const { page } = demo;
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await settleStarField(page, 20);
    const star = page.getByTestId('star-field').locator('button[data-star-type]').first();
    // The angle of the star's place around the field's centre, in degrees, and the page's clock when read.
    const reading = () =>
      star.evaluate((element) => {
        const [x, y] = (element.style.transform.match(/-?[\d.]+px/g) ?? []).map(Number.parseFloat);
        return { degrees: (Math.atan2(y, x) * 180) / Math.PI, at: performance.now() };
      });
    const angle = async () => (await reading()).degrees;
    const turning = await angle();
    await expect.poll(angle).not.toBe(turning);

    await page.getByRole('button', { name: text('openMenu'), exact: true }).click();
    await page.getByRole('navigation').waitFor();
    const stood = await angle();
    // At -0.5 rpm the field would turn 9 degrees in these three seconds.
    expect(await framesAskedIn(page, 3000)).toBe(0);
    expect(await angle()).toBe(stood);

    const uncovered = await page.evaluate(() => performance.now());
    await page.keyboard.press('Escape');
    await expect.poll(angle).not.toBe(stood);
    // From where it stood: no more turn than the time since Escape allows (a loaded machine reads late), so
    // not the nine degrees the covered three seconds would have added.
    const resumed = await reading();
    const degreesPerMs = (Math.abs(STARFIELD.rpm) * 360) / 60_000;
    const turned = Math.abs(((resumed.degrees - stood + 540) % 360) - 180);
    expect(turned).toBeLessThan(degreesPerMs * (resumed.at - uncovered) + 1.5);
    expect(demo.errors).toEqual([]);
    await demo.context.close();
  });

  it('with reduced motion asks for no frames while the field is still, and a drag still pans it', async () => {
    const demo = await signIn(browser, server, 'demo@orbit.local', DEMO_PASSWORD);
    const { page } = demo;
    await page.setViewportSize(SMALL_PHONE);
    await settleStarField(page, 20);
    // Once the stars' arrival is over, a whole second passes without a frame (the journeys' browsers ask for
    // reduced motion).
    await expect.poll(() => framesAskedIn(page, 1000)).toBe(0);
    const field = page.getByTestId('star-field');
    const offset = () =>
      field.evaluate((element) =>
        (element.style.transform.match(/-?[\d.]+px/g) ?? []).slice(0, 2).map(Number.parseFloat),
      );
    expect(await offset()).toEqual([0, 0]);
    const from = { x: SMALL_PHONE.width / 2, y: SMALL_PHONE.height - 20 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y - 80, { steps: 6 });
    await expect.poll(offset).not.toEqual([0, 0]);
    await page.mouse.up();
    // Released, it springs back, and the loop stops again.
    await expect.poll(offset).toEqual([0, 0]);
    await expect.poll(() => framesAskedIn(page, 1000)).toBe(0);
    expect(demo.errors).toEqual([]);
    await demo.context.close();
  });

  it('gives a newcomer a welcome and the MOMENTS star: the list and creation two taps from home', async () => {
    const newcomer = await newMember(browser, server, 'newcomer');
    const { page } = newcomer;
    for (const viewport of [SMALL_PHONE, PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expectStarsInside(page, viewport, 1);
      await expectReadableLabels(page, 1);
      await page.getByRole('heading', { name: text('welcomeTitle') }).waitFor();
      await shot(page, 'home-newcomer');
    }
    await expectAccessible(page, "a newcomer's home with its welcome");
    await page.setViewportSize(SMALL_PHONE);
    await page.getByRole('button', { name: text('momentsTitle'), exact: true }).click();
    const moments = dialog(page, text('momentsTitle'));
    await moments.waitFor();
    await moments.getByRole('button', { name: text('momentNew') }).click();
    const create = dialog(page, text('momentNew'));
    await create.waitFor();
    // Without an application a dare takes the general challenge metrics (docs/product/moments.md#dares), the first chosen.
    const criteria = create.getByRole('group', { name: text('momentCriteria') });
    await create.getByText(text('momentFactorOn'), { exact: true }).click();
    await expect
      .poll(() => criteria.locator('label').allTextContents())
      .toEqual(['Duration', 'Distance', 'Calories']);
    await expect.poll(() => criteria.getByRole('radio', { name: 'Duration' }).isChecked()).toBe(true);
    await shot(page, 'moment-create-dare-no-app');
    await expectAccessible(page, 'a new moment');
    await create.getByLabel(text('momentApp')).selectOption({ label: 'GojiMove' });
    await criteria.getByRole('radio', { name: 'Steps' }).waitFor();
    await expect.poll(() => criteria.getByRole('radio', { name: 'Duration' }).isChecked()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const widest = await create.evaluate((root) =>
      Math.max(
        ...[...root.querySelectorAll('input, select, textarea, button')].map(
          (e) => e.getBoundingClientRect().right,
        ),
      ),
    );
    expect(widest).toBeLessThanOrEqual(SMALL_PHONE.width);
    await shot(page, 'moment-create-dare');
    expect(newcomer.errors).toEqual([]);
    await newcomer.context.close();
  });
});
