import type { Locator, Page } from 'playwright-core';
import { text } from './texts';

/** The other member's tile on the call screen: its video element, fed by Janus. */
export const REMOTE_VIDEO = 'video[data-participant]:not([data-me])';

/**
 * Resolves once the remote video presented a decoded frame (requestVideoFrameCallback), with the frames
 * presented so far and their width: proof that media flowed end to end, read without any test hook.
 */
export async function decodedFrame(page: Page): Promise<{ frames: number; width: number }> {
  await page.waitForFunction(
    (selector) => (document.querySelector<HTMLVideoElement>(selector)?.videoWidth ?? 0) > 0,
    REMOTE_VIDEO,
    { timeout: 30_000 },
  );
  return page.evaluate(
    (selector) =>
      new Promise<{ frames: number; width: number }>((resolve) => {
        const video = document.querySelector<HTMLVideoElement>(selector);
        video?.requestVideoFrameCallback((_now, meta) =>
          resolve({ frames: meta.presentedFrames, width: meta.width }),
        );
      }),
    REMOTE_VIDEO,
  );
}

/**
 * The call screen is online: its leave button shows and the button that turns video on is enabled (my stream is
 * published). Free of vitest, so that the calls benchmark waits the same way.
 */
export async function callOnline(call: Locator): Promise<void> {
  await call.getByRole('button', { name: text('callLeave') }).waitFor();
  await call.getByRole('button', { name: text('callVideoTurnOn'), disabled: false }).waitFor();
}
