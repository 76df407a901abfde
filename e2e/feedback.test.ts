import { EN_US } from '@orbit/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findJanusBinary } from '../apps/server/src/platform/media/janus-process';
import { expectAccessible } from './support/axe';
import { describeInBrowser, launchBrowser, screenshotEachViewport, step } from './support/browser';
import { serverForFile } from './support/journey';
import { befriend, dialog, type Member, newMember, ok } from './support/members';
import { buttonText, text } from './support/texts';

const server = serverForFile();

/** Every POST /call/start the page sends from now on. */
function watchCallStarts(page: Page): string[] {
  const starts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/call/start')) starts.push(request.url());
  });
  return starts;
}

const openMessages = async (member: Member) => {
  await member.page
    .getByRole('main')
    .getByRole('button', { name: new RegExp(`^${text('privateMessages')}`) })
    .click();
  return dialog(member.page, text('privateMessages'));
};

describeInBrowser('no dead ends: feedback after saves, ended calls and missing devices', () => {
  let browser: Browser;
  let ann: Member;
  let ben: Member;
  let cat: Member;

  beforeAll(async () => {
    // No fake camera or microphone: this browser has none to give.
    browser = await launchBrowser();
    ann = await newMember(browser, server, 'ann');
    ben = await newMember(browser, server, 'ben');
    cat = await newMember(browser, server, 'cat');
    await befriend(ann, ben);
    await befriend(ann, cat);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a new group is in the list at once after Save, with a short confirmation', async () => {
    await step(ann.page, 'Ann saves a group of three and goes back to the list', async () => {
      const list = await openMessages(ann);
      await list.getByRole('button', { name: text('messagesNew'), exact: true }).click();
      await ann.page.getByRole('menuitem', { name: text('messagesGroupMessage') }).click();
      const form = dialog(ann.page, text('messagesGroupMessage'));
      await form.getByLabel(text('messagesGroupName')).fill('Dawn patrol');
      for (const friend of [ben, cat]) {
        await form.getByRole('button', { name: buttonText('messagesAddParticipant'), exact: true }).click();
        await dialog(ann.page, text('messagesAddParticipant'))
          .getByRole('button', { name: friend.username })
          .click();
      }
      await form.getByRole('button', { name: text('save'), exact: true }).click();
      const thread = dialog(ann.page, 'Dawn patrol');
      await ann.page.getByRole('status').getByText(text('groupCreated'), { exact: true }).waitFor();
      await screenshotEachViewport(ann.page, 'feedback-group-created');
      await expectAccessible(ann.page, 'a new group thread with its confirmation');
      await thread.getByRole('button', { name: text('back'), exact: true }).click();
      // No message yet and no reload: the list shows it from Save's own answer.
      await list.getByRole('button', { name: /Dawn patrol/ }).waitFor();
      await list.getByRole('button', { name: text('back'), exact: true }).click();
    });
    expect(ann.errors).toEqual([]);
  });

  const janus = findJanusBinary();
  it.runIf(janus)('a call notification whose call ended says so and starts no call', async () => {
    const starts = watchCallStarts(ann.page);
    await step(ann.page, 'Ben calls Ann and hangs up before she answers', async () => {
      const started = await ok(ben, 'POST', '/api/call/start', { attendees: [ann.userId] });
      await ann.page.getByRole('alertdialog', { name: ben.username }).waitFor();
      await ok(ben, 'POST', `/api/call/${started.id}/leave`);
      await ann.page.getByRole('alertdialog', { name: ben.username }).waitFor({ state: 'detached' });
    });
    await step(ann.page, 'Ann opens the call’s notification', async () => {
      await ann.page
        .getByRole('main')
        .getByRole('button', { name: new RegExp(`^${text('notifications')}`) })
        .click();
      const list = dialog(ann.page, text('notificationsTitle'));
      await list
        .getByRole('button', { name: new RegExp(ben.username) })
        .first()
        .click();
      const screen = dialog(ann.page, ben.username);
      await screen.getByText(text('callEnded'), { exact: true }).waitFor();
      await screenshotEachViewport(ann.page, 'feedback-call-ended');
      expect(starts).toEqual([]);
      await screen
        .getByRole('button', { name: text('back'), exact: true })
        .last()
        .click();
    });
  });

  it.runIf(janus)('a call without a microphone says which device and offers to try again', async () => {
    await step(ann.page, 'Ann calls Cat from their conversation; her browser has no microphone', async () => {
      const { group_id } = await ok(ann, 'POST', '/api/pms/direct', { user_id: cat.userId });
      await ok(ann, 'POST', `/api/pms/send/${group_id}`, { message: 'Calling you' });
      await ann.page.goto('/');
      const list = await openMessages(ann);
      await list.getByRole('button', { name: new RegExp(cat.username) }).click();
      await dialog(ann.page, cat.username)
        .getByRole('button', { name: text('callCall'), exact: true })
        .click();
      const call = dialog(ann.page, cat.username);
      const alert = call.getByRole('alert');
      let alertText = '';
      // Which of the two depends on the machine: no device at all, or a capture the browser refuses.
      const said = [EN_US['media.microphone_missing'], EN_US['media.microphone_refused']];
      await expect
        .poll(async () => {
          alertText = (await alert.textContent()) ?? '';
          return said.some((line) => alertText.includes(line));
        })
        .toBe(true);
      expect(alertText).not.toContain(text('callWebrtcError'));
      await alert.getByRole('button', { name: text('pleaseTryAgainCap'), exact: true }).waitFor();
      await screenshotEachViewport(ann.page, 'feedback-no-microphone');
    });
    await step(ann.page, 'Ann chooses to listen only: the alert goes and the call goes on', async () => {
      const call = dialog(ann.page, cat.username);
      await call.getByRole('button', { name: text('mediaListenOnly'), exact: true }).click();
      await expect.poll(() => call.getByRole('alert').count()).toBe(0);
      await call.getByRole('button', { name: text('callLeave'), exact: true }).waitFor();
    });
  });
});
