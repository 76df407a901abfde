import type { Page } from 'playwright-core';

/** Time allowed for the worker to precache the app and take the page over on a loaded 2-core runner. */
const TAKE_OVER_MS = 150_000;
const LOOK_EVERY_MS = 1000;

/** Where the page's service worker stands: in control, or its registration's workers' states. */
const workerState = (page: Page) =>
  page.evaluate(async () => {
    if (navigator.serviceWorker.controller) return 'controlled';
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return 'not registered';
    const { installing, waiting, active } = registration;
    // An install that failed (a precache request refused while the runner was loaded) leaves no worker at
    // all; the browser would try again at a later visit, the journey tries again now.
    if (!installing && !waiting && !active) await registration.update().catch(() => undefined);
    return `installing ${installing?.state ?? '-'}, waiting ${waiting?.state ?? '-'}, active ${active?.state ?? '-'}`;
  });

/**
 * Waits until the app's service worker controls the page: it takes the page over once it has precached the
 * app (skipWaiting and clientsClaim in sw.ts), which passed 60 s on a loaded CI runner (2026-12-06). Fails
 * naming where the worker stood, not only that time ran out.
 */
export async function untilWorkerControls(page: Page): Promise<void> {
  const deadline = Date.now() + TAKE_OVER_MS;
  let state = 'not looked at';
  while (Date.now() < deadline) {
    // A navigation in progress destroys the page's context under the look: looked at again next time.
    state = await workerState(page).catch((error: Error) => `not readable (${error.message})`);
    if (state === 'controlled') return;
    await page.waitForTimeout(LOOK_EVERY_MS);
  }
  throw new Error(`The service worker did not take the page over in ${TAKE_OVER_MS} ms: ${state}`);
}
