import { describe, expect, it } from 'vitest';
import { keyBytes, pushSupport } from './pushDevice';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile Safari/604.1';
const IPAD =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const side = (userAgent: string, push: boolean, maxTouchPoints = 0) => ({
  navigator: { userAgent, maxTouchPoints, serviceWorker: push ? {} : undefined },
  window: push ? { PushManager: {}, Notification: {} } : {},
});

describe("this device's Web Push", () => {
  it('is supported where the browser has a service worker, the Push API and notifications', () => {
    expect(pushSupport(side(FIREFOX, true))).toBe('supported');
    expect(pushSupport(side(IPHONE, true))).toBe('supported');
  });

  it('on an iPhone or iPad without them, asks for the Home Screen; elsewhere says the browser cannot', () => {
    expect(pushSupport(side(IPHONE, false))).toBe('home-screen');
    expect(pushSupport(side(IPAD, false, 5))).toBe('home-screen');
    expect(pushSupport(side(IPAD, false, 0))).toBe('unsupported');
    expect(pushSupport(side(FIREFOX, false))).toBe('unsupported');
  });

  it("reads the server's base64url key into the bytes the Push API takes", () => {
    const key = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    expect(keyBytes(Buffer.from(key).toString('base64url'))).toEqual(key);
  });
});
