import type { BrowserContext, Page } from 'playwright-core';
import { REMOTE_VIDEO } from '../../e2e/support/calls';

interface TimedWindow {
  __benchFirstFrame: number | null;
}

/**
 * Runs in every page before the app: the first frame each remote video presents (requestVideoFrameCallback
 * registered as soon as the element exists), on the machine's clock (timeOrigin + presentationTime), so that
 * the figure ends when the frame showed rather than when the harness next looked. A string, not a function:
 * the bench's TypeScript loader wraps named functions in a helper the page does not have.
 */
const RECORD_FIRST_FRAMES = `(() => {
  window.__benchFirstFrame = null;
  const watched = new WeakSet();
  new MutationObserver(() => {
    for (const video of document.querySelectorAll(${JSON.stringify(REMOTE_VIDEO)})) {
      if (watched.has(video)) continue;
      watched.add(video);
      video.requestVideoFrameCallback((now, meta) => {
        window.__benchFirstFrame ??= performance.timeOrigin + meta.presentationTime;
      });
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

export const timeFirstFrames = (context: BrowserContext) =>
  context.addInitScript({ content: RECORD_FIRST_FRAMES });

/** Before a call: no first frame seen yet, and no earlier request timed. */
export const resetCallTiming = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as TimedWindow).__benchFirstFrame = null;
    performance.clearResourceTimings();
  });

/** When the page's last POST /api/call/start went out (Resource Timing), on the machine's clock. */
export const callStartedAt = (page: Page) =>
  page.evaluate(() => {
    const starts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/api/call/start');
    const last = starts.at(-1);
    if (!last) throw new Error('no POST /api/call/start was timed');
    return performance.timeOrigin + last.startTime;
  });

export const firstFrameAt = async (page: Page): Promise<number> => {
  const at = await page.evaluate(() => (window as unknown as TimedWindow).__benchFirstFrame);
  if (at === null) throw new Error('no remote frame was timed');
  return at;
};

/**
 * Clicks the first enabled button named `name` (its aria-label, or its text) inside `within` the moment it
 * is there, from inside the page: a member who answers at once, without the harness's actionability checks
 * (visible, stable over two animation frames, hit target), which took 200-700 ms per click on a loaded
 * 2-core machine and are no part of the call's start. Resolves once clicked.
 */
export function clickAtOnce(page: Page, within: string, name: string): Promise<void> {
  return page.evaluate(`new Promise((resolve) => {
    const named = (button) =>
      (button.getAttribute('aria-label') ?? button.textContent.trim()) === ${JSON.stringify(name)};
    const tryClick = () => {
      const button = [...document.querySelectorAll(${JSON.stringify(`${within} button`)})]
        .find((b) => named(b) && !b.disabled);
      if (!button) return;
      observer.disconnect();
      button.click();
      resolve();
    };
    const observer = new MutationObserver(tryClick);
    // Buttons appearing, and a button's disabled going: not every style the home view's orbit writes.
    observer.observe(document, { subtree: true, childList: true, attributeFilter: ['disabled'] });
    tryClick();
  })`);
}
