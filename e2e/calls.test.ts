import { afterAll, beforeAll, expect, it } from 'vitest';
import { findJanusBinary } from '../apps/server/src/platform/media/janus-process';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, screenshotEachViewport, step } from './support/browser';
import { callOnline, decodedFrame } from './support/calls';
import { serverForFile } from './support/journey';
import { befriend, dialog, goHome, type Member, newMember, ok } from './support/members';
import { text } from './support/texts';
import { rtpStats, watchPeerConnections } from './support/webrtc';

const janus = findJanusBinary();

if (!janus) {
  console.warn(
    '[orbit e2e] no janus binary on the PATH (apt-get install janus, as .ci/run does): the calls journey is left out.',
  );
} else {
  const server = serverForFile();

  describeInBrowser('a private call on the real Janus', () => {
    let members: Member[] = [];
    const browsers: Awaited<ReturnType<typeof launchBrowser>>[] = [];

    beforeAll(async () => {
      // One browser per member: each has its own fake camera and microphone.
      for (let i = 0; i < 2; i++) browsers.push(await launchBrowser({ fakeMedia: true }));
    });

    afterAll(async () => {
      for (const browser of browsers) await browser.close();
    });

    it('two friends call: each sees the other, mute shows on the other side, leaving ends it', async () => {
      members = [await newMember(browsers[0], server, 'ann'), await newMember(browsers[1], server, 'ben')];
      const [ann, ben] = members;
      await befriend(ann, ben);
      const { group_id } = await ok(ann, 'POST', '/api/pms/direct', { user_id: ben.userId });
      await ok(ann, 'POST', `/api/pms/send/${group_id}`, { message: 'Call you in a minute' });
      for (const member of members) {
        await watchPeerConnections(member.context);
        await goHome(member);
      }

      const annCall = dialog(ann.page, ben.username);
      await step(ann.page, 'Ann calls Ben from the call icon of their conversation', async () => {
        await ann.page
          .getByRole('main')
          .getByRole('button', { name: new RegExp(`^${text('privateMessages')}`) })
          .click();
        await dialog(ann.page, text('privateMessages'))
          .getByRole('button', { name: new RegExp(ben.username) })
          .click();
        await dialog(ann.page, ben.username)
          .getByRole('button', { name: text('callCall'), exact: true })
          .click();
        await callOnline(annCall);
      });

      const benCall = dialog(ben.page, ann.username);
      await step(ben.page, 'Ben is rung and accepts', async () => {
        const popup = ben.page.getByRole('alertdialog', { name: ann.username });
        await popup.getByText(text('incomingCall')).waitFor();
        await screenshotEachViewport(ben.page, 'calls-incoming');
        await expectAccessible(ben.page, 'an incoming call');
        await popup.getByRole('button', { name: text('incomingAccept') }).click();
        await callOnline(benCall);
        // Ann's video slot is negotiated from the start, but nothing is sent until she turns it on.
        const annTile = benCall.getByRole('figure', { name: ann.username });
        await annTile.getByText(text('callVideoOff'), { exact: true }).waitFor();
      });

      await step(ann.page, 'Both turn their video on and each decodes the other’s frames', async () => {
        // Video starts off (docs/product/calls-and-lessons.md#call-screen, decision 0019): one labelled click turns it on.
        await screenshotEachViewport(ann.page, 'calls-video-off-at-start');
        await annCall.getByRole('button', { name: text('callVideoTurnOn') }).click();
        await benCall.getByRole('button', { name: text('callVideoTurnOn') }).click();
        for (const member of members) {
          const frame = await decodedFrame(member.page);
          expect(frame.frames).toBeGreaterThan(0);
          expect(frame.width).toBeGreaterThan(0);
          // The peer connection itself counts the decoded frames of the other member's video.
          await expect
            .poll(async () => {
              const inbound = await rtpStats(member.page, 'inbound-rtp', 'video');
              return Math.max(0, ...inbound.map((stream) => stream.framesDecoded ?? 0));
            })
            .toBeGreaterThan(0);
        }
        await screenshotEachViewport(ann.page, 'calls-screen');
        await expectAccessible(ann.page, 'the call screen');
        // The participants: beside the tiles on a desktop's stage, over them on a phone.
        const participants = annCall.getByRole('button', { name: text('callParticipants') });
        await participants.click();
        await screenshotEachViewport(ann.page, 'calls-participants');
        await participants.click();
      });

      await step(ben.page, 'Ann mutes her microphone and Ben sees it on her tile', async () => {
        await annCall.getByRole('button', { name: text('callMuteMic') }).click();
        const annTile = benCall.getByRole('figure', { name: ann.username });
        await annTile.getByText(text('callMuted'), { exact: true }).waitFor();
        await screenshotEachViewport(ben.page, 'calls-remote-muted');
      });

      await step(ben.page, 'Ann turns her video off and Ben sees it on her tile', async () => {
        await annCall.getByRole('button', { name: text('callVideoTurnOff') }).click();
        const annTile = benCall.getByRole('figure', { name: ann.username });
        await annTile.getByText(text('callVideoOff'), { exact: true }).waitFor();
        // Her own tile goes back to her picture too: the camera is released.
        await annCall
          .getByRole('figure', { name: text('you') })
          .getByText(text('callVideoOff'), { exact: true })
          .waitFor();
      });

      await step(ben.page, 'Ben leaves after confirming; the call ends for Ann too', async () => {
        await benCall.getByRole('button', { name: text('callLeave') }).click();
        const confirm = dialog(ben.page, text('callLeaving'));
        await confirm.getByRole('button', { name: text('callConfirm') }).click();
        await benCall.getByText(text('callEnded')).waitFor();
        await screenshotEachViewport(ben.page, 'calls-ended');
        // "A leave event goes back": Ann's call screen closes by itself, her conversation shows again.
        await ann.page.getByRole('button', { name: text('callLeave') }).waitFor({ state: 'detached' });
        await dialog(ann.page, ben.username).getByText('Call you in a minute').waitFor();
      });

      for (const member of members) expect(member.errors).toEqual([]);
    });
  });
}
