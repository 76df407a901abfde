import type { Locator, Page } from 'playwright-core';
import { text } from './texts';

/** The other member's tile on the call screen: its video element, fed by Janus. */
export const REMOTE_VIDEO = 'video[data-participant]:not([data-me])';
/** How long a remote video may take to show its first frame, and then to present the next. */
const FRAME_TIMEOUT_MS = 30_000;

/**
 * Resolves once the remote video presented a decoded frame (requestVideoFrameCallback), with the frames
 * presented so far and their width: proof that media flowed end to end, read without any test hook.
 */
export async function decodedFrame(page: Page): Promise<{ frames: number; width: number }> {
  await page.waitForFunction(
    (selector) => (document.querySelector<HTMLVideoElement>(selector)?.videoWidth ?? 0) > 0,
    REMOTE_VIDEO,
    { timeout: FRAME_TIMEOUT_MS },
  );
  // Bounded as the wait above is: media that stops (Janus gone mid-call) must fail the call, not hang the bench.
  return page.evaluate(
    ([selector, timeoutMs]) =>
      new Promise<{ frames: number; width: number }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no remote frame presented')), timeoutMs);
        const video = document.querySelector<HTMLVideoElement>(selector);
        if (!video) reject(new Error('the remote video is gone'));
        video?.requestVideoFrameCallback((_now, meta) => {
          clearTimeout(timer);
          resolve({ frames: meta.presentedFrames, width: meta.width });
        });
      }),
    [REMOTE_VIDEO, FRAME_TIMEOUT_MS] as const,
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
