import { randomBytes } from 'node:crypto';
import { EN_US, SessionState, type SessionViewers, translate } from '@orbit/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findJanusBinary } from '../apps/server/src/platform/media/janus-process';
import { S } from '../apps/web/src/features/lessons/texts';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, screenshotEachViewport, step } from './support/browser';
import { serverForFile } from './support/journey';
import { api, goHome, type Member, newMember, ok, signIn } from './support/members';
import { text } from './support/texts';

/** A live lesson on the real Janus, from hosting to the recording: 118 s in a loaded run, over 120 s in another. */
const LIVE_LESSON_MS = 300_000;

import { rtpStats, watchPeerConnections } from './support/webrtc';

const janus = findJanusBinary();
const DEMO_PASSWORD = 'Demo-pass-42';
const COMMUNITY = 'Mindful Minutes';
/** Janus, ffmpeg and a loaded machine: processing a short recording stays well inside this. */
const RECORDING_WAIT = { timeout: 90_000, interval: 500 };

const say = (key: keyof typeof S, ...args: (string | number)[]) => translate(EN_US, S[key], ...args);

async function communityIdOf(member: Member, name: string): Promise<number> {
  const found = await (
    await api(member, 'GET', `/api/search/communities?textsearch=${encodeURIComponent(name)}`)
  ).json();
  const community = found.communities.find((c: { name: string }) => c.name === name);
  return community.community_id ?? community.id;
}

/** The community page from its star, then its streaming rooms list from the stream button. */
async function openStreaming(page: Page): Promise<Locator> {
  await page.goto('/');
  await page
    .getByRole('main')
    .getByRole('button', { name: new RegExp(`(^|\\W)${COMMUNITY}(\\W|$)`) })
    .first()
    .click();
  await page.getByRole('button', { name: new RegExp(`^${say('open')}`) }).click();
  return page.getByRole('dialog', { name: say('title'), exact: true });
}

/** The stage's video shows decoded frames from Janus (its size is known once one was decoded). */
async function videoPlays(room: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        room
          .locator('video')
          .first()
          .evaluate((v: HTMLVideoElement) => v.videoWidth),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
}

/** The app's sounds this page has fetched so far: a sound is fetched when it first plays. */
const soundsPlayed = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.mp3'))
      .join(' '),
  );

if (!janus) {
  console.warn(
    '[orbit e2e] no janus binary on the PATH (apt-get install janus, as .ci/run does): the live lesson journey is left out.',
  );
} else {
  const server = serverForFile({ env: { SEED_DEMO: 'true', DEMO_PASSWORD } });

  describeInBrowser('a live lesson on the real Janus', () => {
    const browsers: Browser[] = [];

    beforeAll(async () => {
      // Each member has a browser of their own with its own fake camera and microphone.
      for (let i = 0; i < 2; i++) browsers.push(await launchBrowser({ fakeMedia: true }));
    });

    afterAll(async () => {
      for (const browser of browsers) await browser.close();
    });

    it(
      'the expert hosts, a viewer asks for the mic and speaks, is kicked, and the recording plays',
      async () => {
        const expert = await signIn(browsers[0], server, 'demo@orbit.local', DEMO_PASSWORD);
        const viewer = await newMember(browsers[1], server, 'vic');
        await watchPeerConnections(viewer.context);
        // Room for every request of the journey, so that the sounds fetched late are still listed.
        await viewer.context.addInitScript(() => performance.setResourceTimingBufferSize(10_000));
        await goHome(viewer);
        const communityId = await communityIdOf(viewer, COMMUNITY);
        await ok(viewer, 'POST', '/api/join/community/', {
          id: communityId,
          community_role: 4,
          accepted_terms: true,
        });
        const name = `Sunrise stretch ${randomBytes(2).toString('hex')}`;
        const hostRoom = expert.page.getByRole('dialog', { name, exact: true });
        const viewerRoom = viewer.page.getByRole('dialog', { name, exact: true });
        let lessonId = 0;

        await step(expert.page, 'the expert starts a lesson and publishes the camera', async () => {
          const list = await openStreaming(expert.page);
          await list.getByLabel(say('lessonName')).fill(name);
          await list.getByLabel(say('lessonDescription')).fill('Ten gentle minutes');
          await list.getByRole('button', { name: say('start') }).click();
          await hostRoom.getByRole('button', { name: say('join') }).click();
          await hostRoom.getByText(say('connecting')).waitFor({ state: 'detached', timeout: 30_000 });
          await videoPlays(hostRoom);
          await expect
            .poll(() => hostRoom.getByRole('button', { name: say('micOpen') }).isEnabled())
            .toBe(true);
          // Settings list the devices: Microphone, Speakers, and Camera for the host who sends video.
          await hostRoom.getByRole('button', { name: say('settings') }).click();
          await hostRoom.getByLabel(say('microphone')).waitFor();
          await hostRoom.getByLabel(say('camera')).waitFor();
          await hostRoom.getByRole('button', { name: say('settings') }).click();
          const live = await ok(expert, 'GET', `/api/communities/${communityId}/chat-sessions-live`);
          lessonId = live.sessions.find((s: { name: string }) => s.name === name).id;
        });

        await step(viewer.page, 'the viewer finds it under LIVE, joins muted and sees the host', async () => {
          const list = await openStreaming(viewer.page);
          await list
            .getByRole('region', { name: say('live') })
            .getByRole('button', { name: new RegExp(name) })
            .waitFor();
          await screenshotEachViewport(viewer.page, 'session-streaming-list');
          await expectAccessible(viewer.page, 'the live sessions list');
          await list
            .getByRole('region', { name: say('live') })
            .getByRole('button', { name: new RegExp(name) })
            .click();
          await viewerRoom.getByRole('button', { name: say('join') }).click();
          await viewerRoom.getByText(say('connecting')).waitFor({ state: 'detached', timeout: 30_000 });
          await videoPlays(viewerRoom);
          await expect(viewerRoom.getByRole('button', { name: say('micClosed') }).isDisabled()).resolves.toBe(
            true,
          );
          await screenshotEachViewport(viewer.page, 'session-viewer-live');
          await expectAccessible(viewer.page, 'a live session');
        });

        await step(
          viewer.page,
          "the host posts in the chat; the viewer's toast shows it and clears itself",
          async () => {
            const message = `Welcome, breathe in ${randomBytes(2).toString('hex')}`;
            await hostRoom.getByLabel(say('writePost')).fill(message);
            await hostRoom.getByRole('button', { name: say('send') }).click();
            const toast = viewerRoom.getByRole('status', { name: say('chatToast') });
            await expect.poll(() => toast.textContent()).toContain(message);
            await screenshotEachViewport(viewer.page, 'session-chat-toast');
            // The post is in the viewer's POSTS page too, and the toast goes away by itself (5 s).
            await viewerRoom.getByText(message).last().waitFor();
            await expect.poll(() => toast.count(), { timeout: 15_000 }).toBe(0);
            await viewerRoom.getByText(message).waitFor();
            // The toast beeped: the beep was fetched to play.
            await expect.poll(() => soundsPlayed(viewer.page)).toContain('/beep-');
          },
        );

        await step(
          expert.page,
          "an organisation's announcement shows at once, over the open room",
          async () => {
            // The demo expert administers the demo organisation, which both members belong to: each open app
            // shows it over the room, and OK closes it.
            const tag = randomBytes(2).toString('hex');
            const announcement = { title: `Planned upgrade ${tag}`, body: `Back in ten minutes ${tag}` };
            await ok(expert, 'POST', '/api/notifications/maintenance', announcement);
            for (const page of [expert.page, viewer.page]) {
              const popup = page.getByRole('alertdialog', { name: announcement.title });
              await popup.getByText(announcement.body).waitFor();
              await popup.getByRole('button', { name: translate(EN_US, 'ui.ok') }).click();
              await expect.poll(() => popup.count()).toBe(0);
            }
            await hostRoom.getByRole('button', { name: say('endLesson') }).waitFor();
          },
        );

        const viewers = async () =>
          (
            (await ok(
              expert,
              'GET',
              `/api/communities/${communityId}/chat-sessions/${lessonId}/viewers`,
            )) as SessionViewers
          ).viewers.find((v) => v.user_id === viewer.userId);

        await step(viewer.page, 'the viewer requests the mic; the host sees the queue', async () => {
          await expect.poll(async () => (await viewers())?.present).toBe(true);
          expect((await viewers())?.muted).toBe(true);
          await viewerRoom.getByRole('button', { name: say('requestMic') }).click();
          await viewerRoom.getByRole('button', { name: say('cancel') }).waitFor();
          const queue = hostRoom.getByRole('list', { name: say('grantMic') });
          await queue.getByText(say('queueNext')).waitFor();
          const shownAs = (await viewers())?.name ?? '';
          await expect.poll(() => queue.textContent()).toContain(shownAs);
          await screenshotEachViewport(expert.page, 'session-host-queue');
        });

        await step(expert.page, 'the host grants the mic; the viewer speaks into the bridge', async () => {
          await hostRoom.getByRole('tab', { name: say('viewers') }).click();
          await hostRoom
            .getByRole('button', { name: `${say('grantMic')} ${(await viewers())?.name}` })
            .click();
          await viewerRoom.getByRole('button', { name: say('micGranted') }).waitFor();
          await expect
            .poll(() => viewerRoom.getByRole('button', { name: say('micOpen') }).isEnabled())
            .toBe(true);
          // The audio bridge itself reports the viewer unmuted, and the viewer's connection to it keeps
          // sending their fake microphone's audio: the bytes sent grow from one reading to the next.
          await expect.poll(async () => (await viewers())?.muted).toBe(false);
          const audioSent = async () =>
            Math.max(
              0,
              ...(await rtpStats(viewer.page, 'outbound-rtp', 'audio')).map((s) => s.bytesSent ?? 0),
            );
          const before = await audioSent();
          await expect.poll(audioSent).toBeGreaterThan(before);
          await hostRoom.getByRole('img', { name: say('activeMic') }).waitFor();
          await expect.poll(() => soundsPlayed(viewer.page)).toContain('/mic-granted-');
          await screenshotEachViewport(expert.page, 'session-host-viewers');
        });

        await step(expert.page, 'the host kicks the viewer, who sees why', async () => {
          await hostRoom.getByRole('button', { name: `${say('remove')} ${(await viewers())?.name}` }).click();
          await viewerRoom.getByText(say('kicked')).waitFor();
          await viewerRoom.getByRole('button', { name: say('returnToCommunity') }).waitFor();
          await expect.poll(async () => (await viewers())?.present ?? false).toBe(false);
          await screenshotEachViewport(viewer.page, 'session-viewer-kicked');
        });

        await step(expert.page, 'the host ends the lesson; its recording becomes replay ready', async () => {
          await hostRoom.getByRole('button', { name: say('endLesson') }).click();
          // Ending asks first, naming the lesson.
          const question = expert.page.getByRole('dialog', {
            name: say('endLessonQuestion', name),
            exact: true,
          });
          await question.getByText(say('endLessonDetail'), { exact: true }).waitFor();
          await screenshotEachViewport(expert.page, 'session-end-question');
          await question.getByRole('button', { name: text('yes'), exact: true }).click();
          await hostRoom
            .getByText(say('lessonHasEnded'))
            .or(hostRoom.getByText(say('connectionEnded')))
            .first()
            .waitFor();
          await expect
            .poll(async () => {
              const { sessions: lessons } = await ok(
                expert,
                'GET',
                `/api/communities/${communityId}/chat-sessions`,
              );
              return lessons.find((s: { id: number }) => s.id === lessonId).state;
            }, RECORDING_WAIT)
            .toBe(SessionState.REPLAYREADY);
        });

        await step(
          expert.page,
          'the saved lesson loads its media and plays, with a download named after it',
          async () => {
            // The open room turned into the replay by itself; the saved list opens it too.
            const list = await openStreaming(expert.page);
            await list
              .getByRole('region', { name: say('savedLessons') })
              .getByRole('button', { name: new RegExp(name) })
              .click();
            const player = hostRoom.getByLabel(say('videoOf', name));
            await expect
              .poll(() => player.first().evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
              .toBeGreaterThanOrEqual(2);
            const media = await player
              .first()
              .evaluate((v: HTMLVideoElement) => ({ width: v.videoWidth, duration: v.duration }));
            expect(media.width).toBeGreaterThan(0);
            expect(media.duration).toBeGreaterThan(0);
            const download = hostRoom.getByRole('link', { name: new RegExp(say('download')) });
            await expect(download.getAttribute('download')).resolves.toBe(`${name}.mp4`);
            await player.first().evaluate((v: HTMLVideoElement) => v.play());
            await expect
              .poll(() => player.first().evaluate((v: HTMLVideoElement) => v.currentTime))
              .toBeGreaterThan(0);
            await screenshotEachViewport(expert.page, 'session-replay');
          },
        );

        expect(expert.errors).toEqual([]);
        expect(viewer.errors).toEqual([]);
      },
      LIVE_LESSON_MS,
    );
  });
}
