import { describe, expect, it, vi } from 'vitest';
import { type AppWindow, addressOf, anyVisible, notificationOf, openIn, readPush } from './push';

const push = {
  type: 'PM',
  title: 'New message',
  body: 'A message from Dana',
  url: '/thread/5',
  tag: 'thread-5',
};

function appWindow(state: { focused?: boolean; visibilityState?: string; controlled?: boolean } = {}) {
  const window: AppWindow & { navigate: ReturnType<typeof vi.fn>; focus: ReturnType<typeof vi.fn> } = {
    url: 'http://orbit.test/',
    focused: state.focused ?? false,
    visibilityState: state.visibilityState ?? 'hidden',
    focus: vi.fn(async () => window),
    navigate: vi.fn(async () => (state.controlled === false ? null : window)),
  };
  return window;
}

describe('the service worker and a push', () => {
  it("reads Orbit's payload and refuses what is not one (no title, an address off the app)", () => {
    expect(readPush(push)).toEqual(push);
    expect(readPush({ ...push, title: undefined })).toBeNull();
    expect(readPush({ ...push, url: 'https://elsewhere.test/' })).toBeNull();
    expect(readPush('text')).toBeNull();
    expect(readPush({ title: 'Hi', url: '/' })).toMatchObject({ body: '', tag: '/' });
  });

  it('shows no system notification while a window of the app is in front or visible', () => {
    expect(anyVisible([])).toBe(false);
    expect(anyVisible([appWindow()])).toBe(false);
    expect(anyVisible([appWindow(), appWindow({ visibilityState: 'visible' })])).toBe(true);
    expect(anyVisible([appWindow({ focused: true })])).toBe(true);
  });

  it('words the notification from the payload, its address kept for the click', () => {
    expect(notificationOf(readPush(push)!)).toEqual({
      title: 'New message',
      options: {
        body: 'A message from Dana',
        tag: 'thread-5',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: '/thread/5', type: 'PM' },
      },
    });
    expect(addressOf({ url: '/thread/5' })).toBe('/thread/5');
    expect(addressOf(null)).toBe('/');
    expect(addressOf({ url: 'https://elsewhere.test/' })).toBe('/');
  });

  it('a click moves the window in front to the address and focuses it', async () => {
    const back = appWindow();
    const front = appWindow({ focused: true });
    const openWindow = vi.fn(async () => null);
    await openIn([back, front], '/thread/5', openWindow);
    expect(front.navigate).toHaveBeenCalledWith('/thread/5');
    expect(front.focus).toHaveBeenCalled();
    expect(back.navigate).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('a click opens a new window when the app has none, or none it can move', async () => {
    const openWindow = vi.fn(async () => null);
    await openIn([], '/thread/5', openWindow);
    expect(openWindow).toHaveBeenCalledWith('/thread/5');
    const uncontrolled = appWindow({ controlled: false });
    await openIn([uncontrolled], '/requests', openWindow);
    expect(openWindow).toHaveBeenCalledWith('/requests');
    expect(uncontrolled.focus).not.toHaveBeenCalled();
  });
});
