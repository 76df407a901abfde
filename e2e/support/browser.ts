import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { describe } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell: the same Blink and V8 without the full browser's own processes and
 * services, about a quarter less CPU a journey (decision 0069). Journeys run in it where it is installed and
 * CHROMIUM_PATH names no other browser; what needs the full browser asks for it (`fullBrowser`).
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

function executableFor(options: LaunchOptions): string {
  if (options.fullBrowser || process.env.CHROMIUM_PATH) return CHROMIUM_PATH;
  try {
    fs.accessSync(HEADLESS_SHELL_PATH, fs.constants.X_OK);
    return HEADLESS_SHELL_PATH;
  } catch {
    return CHROMIUM_PATH;
  }
}
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

export const PHONE = { width: 390, height: 844 } as const;
/** The narrowest phone Orbit is drawn for: every screen is looked at here too (issue 13). */
export const SMALL_PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const VIEWPORTS = [SMALL_PHONE, PHONE, DESKTOP] as const;

/** Why the browser tests cannot run here, or null when Chromium is available. */
export function chromiumMissingReason(): string | null {
  try {
    fs.accessSync(CHROMIUM_PATH, fs.constants.X_OK);
    return null;
  } catch {
    return `[orbit e2e] no executable Chromium at ${CHROMIUM_PATH} (install Debian's chromium, as .ci/run does, or set CHROMIUM_PATH): the browser tests are not registered.`;
  }
}

/**
 * A describe block that exists only when what it needs is here (`missing` null): otherwise the reason is
 * printed once and the block is reported skipped under a name that carries it, so a machine without a
 * browser, nginx or PostgreSQL neither fails nor passes the tests off as run. .ci/run installs all of them.
 */
export function describeUnlessMissing(missing: string | null, name: string, body: () => void): void {
  if (missing) {
    // Left out with its reason printed (the guide: absent parts are skipped, never failed nor hidden).
    console.warn(missing);
    describe.skip(`${name} (${missing})`, body);
    return;
  }
  describe(name, body);
}

/** A describe block of journeys: left out, with its reason, where there is no Chromium. */
export function describeInBrowser(name: string, body: () => void): void {
  describeUnlessMissing(chromiumMissingReason(), name, body);
}

export interface LaunchOptions {
  /** Calls: a fake camera and microphone (a test pattern and a beep), granted without asking. */
  fakeMedia?: boolean;
  /**
   * The app's service worker registers in this browser's contexts. Only the journeys about it (offline, push)
   * want it: elsewhere each new context would precache the whole built app (about 170 files) for nothing, a
   * sixth of a journey's CPU on the runner shared with the server tests (decision 0062).
   */
  serviceWorkers?: boolean;
  /**
   * The full browser rather than the headless shell: its notifications (the push journey) and what a member's
   * browser does (the calls benchmark).
   */
  fullBrowser?: boolean;
}

/** Browsers launched with their service workers allowed; every other browser's contexts block them. */
const withServiceWorkers = new WeakSet<Browser>();

/** Chromium's switches for fake media devices: what the calls journey and the calls benchmark run with. */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: executableFor(options),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...(options.fakeMedia ? FAKE_MEDIA_ARGS : []),
    ],
  });
  if (options.serviceWorkers) withServiceWorkers.add(browser);
  return browser;
}

export interface Viewport {
  width: number;
  height: number;
}

/** A fresh context (its own cookies) at one viewport, with the app's origin as base URL. */
export async function openContext(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = DESKTOP,
): Promise<BrowserContext> {
  // One zone for every browser, whatever the machine's: dates the web app computes ("today") are then the same
  // everywhere the suite runs.
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
    serviceWorkers: withServiceWorkers.has(browser) ? 'allow' : 'block',
  });
  // Well under the test timeout, so that a missing element fails with its selector rather than a bare timeout.
  context.setDefaultTimeout(15_000);
  return context;
}

/** Uncaught errors of the page, to assert that a journey ran without any. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Saves e2e/screenshots/<name>-<width>x<height>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const size = page.viewportSize() ?? DESKTOP;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Screenshots to look at are for a person: on by default, off where `CI` is set (nobody opens them there, and
 * on a 2-core runner they cost about a second each, minutes of the run). `E2E_SCREENSHOTS=on` or `off`
 * decides either way. A failed step's screenshot is always taken.
 */
const SCREENSHOTS_TO_LOOK_AT =
  process.env.E2E_SCREENSHOTS === undefined ? !process.env.CI : process.env.E2E_SCREENSHOTS !== 'off';

/**
 * The same screen at each of VIEWPORTS (the layout switches to full-screen dialogs on a phone), then back.
 * The page is laid out at each size even when no screenshot is taken, so that an error of a layout still
 * fails the journey (its page errors are asserted).
 */
export async function screenshotEachViewport(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? DESKTOP;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    if (SCREENSHOTS_TO_LOOK_AT) await screenshot(page, name);
  }
  await page.setViewportSize(original);
}

/**
 * A full load of `url`. A dialog closed just before steps the browser's history back (history.go), which
 * lands a moment later and aborts a load begun meanwhile (net::ERR_ABORTED); that load is asked for again.
 */
export async function load(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url);
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('net::ERR_ABORTED'))) throw error;
    await page.goto(url);
  }
}

/** Where the page was and what it showed when a step failed: a CI log has no screenshot to open. */
async function pageState(page: Page): Promise<string> {
  const shown = await page
    .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 300))
    .catch((cause: Error) => `(unreadable: ${cause.message})`);
  return `page: ${page.url()}\nshowing: ${shown || '(nothing)'}`;
}

/**
 * One step of a journey that is one test (each step needs the last): a failure names the step and leaves a
 * screenshot of the page as it was, e2e/screenshots/failed-<step>-<size>.png.
 */
export async function step(page: Page, name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    await screenshot(page, `failed-${name.replace(/\W+/g, '-')}`).catch(() => {});
    if (err instanceof Error) err.message = `[step: ${name}] ${err.message}\n${await pageState(page)}`;
    throw err;
  }
}
