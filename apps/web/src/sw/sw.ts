/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { type AppWindow, addressOf, anyVisible, notificationOf, openIn, readPush } from './push';

/**
 * The app's service worker (decisions 0045 and 0056), built by vite-plugin-pwa's injectManifest: Workbox's
 * precache of the built app, every navigation outside /api answered with index.html, the dictionary kept
 * network first, and Web Push: a push becomes a system notification unless the app is in front, and its click
 * opens the app at the push's address.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// A new build's worker takes over at once, and the first visit is controlled without a reload (0045).
self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));
// The one /api answer kept: the dictionary, the same for every member, so that an app started offline reads.
registerRoute(
  ({ url }) => url.pathname === '/api/locale',
  new NetworkFirst({ cacheName: 'orbit-locale', plugins: [new ExpirationPlugin({ maxEntries: 4 })] }),
);

const appWindows = async (): Promise<readonly AppWindow[]> =>
  (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) as readonly WindowClient[];

function payloadOf(event: PushEvent): unknown {
  try {
    return event.data?.json() ?? null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const push = readPush(payloadOf(event));
  if (!push) return;
  event.waitUntil(
    (async () => {
      if (anyVisible(await appWindows())) return;
      const { title, options } = notificationOf(push);
      await self.registration.showNotification(title, options);
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = addressOf(event.notification.data);
  event.waitUntil((async () => openIn(await appWindows(), url, (to) => self.clients.openWindow(to)))());
});
