// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { isFullscreenDialog, registerBeforeBack, useDialogStore } from './dialogStore';

const view = (title: string) => ({ title, render: () => null });
const titles = () => useDialogStore.getState().stack.map((entry) => entry.title);
const { push, back, hide, replace } = useDialogStore.getState();

afterEach(async () => {
  await hide();
  document.body.innerHTML = '';
});

describe('dialog full screen rule', () => {
  it('is full screen at width <= 540 or height <= 667', () => {
    expect(isFullscreenDialog(540, 900)).toBe(true);
    expect(isFullscreenDialog(390, 844)).toBe(true);
    expect(isFullscreenDialog(1280, 667)).toBe(true);
    expect(isFullscreenDialog(541, 668)).toBe(false);
    expect(isFullscreenDialog(1280, 800)).toBe(false);
  });
});

describe('dialog stack', () => {
  it('back pops one step', async () => {
    push(view('settings'));
    push(view('profile'));
    await back();
    expect(titles()).toEqual(['settings']);
    await back();
    expect(titles()).toEqual([]);
  });

  it('is cleared when hidden', async () => {
    push(view('settings'));
    push(view('profile'));
    push(view('persona'));
    await hide();
    expect(titles()).toEqual([]);
  });

  it('lets the top view save before going back, or stay', async () => {
    push(view('settings'));
    push(view('avatar'));
    const top = useDialogStore.getState().stack.at(-1)!;
    let saved = 0;
    let stay = true;
    registerBeforeBack(top.id, () => {
      saved += 1;
      return stay ? false : undefined;
    });
    await back();
    expect(titles()).toEqual(['settings', 'avatar']);
    stay = false;
    await back();
    expect(saved).toBe(2);
    expect(titles()).toEqual(['settings']);
  });

  it('runs every view handler when hidden', async () => {
    push(view('settings'));
    push(view('profile'));
    const saved: string[] = [];
    for (const entry of useDialogStore.getState().stack) {
      registerBeforeBack(entry.id, () => {
        saved.push(entry.title);
        return false;
      });
    }
    await hide();
    expect(saved).toEqual(['profile', 'settings']);
    expect(titles()).toEqual([]);
  });

  it('replaces the top view', () => {
    push(view('confirm'));
    replace(view('privacy'));
    expect(titles()).toEqual(['privacy']);
  });
});
