import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { collectPageErrors, DESKTOP, openContext, type Viewport } from './browser';
import type { OrbitServer } from './server';
import { text } from './texts';

/** A password every journey's new members may use: long, mixed, and no member's name. */
export const MEMBER_PASSWORD = 'Orbit-journey-42';

/** A member signed in through the API, with a page of their own on the home view. */
export interface Member {
  username: string;
  userId: number;
  context: BrowserContext;
  page: Page;
  /** Errors the page logged: a journey ends by expecting none. */
  errors: string[];
  /** The server's origin, sent with every write as a page would send it. */
  origin: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call made with the member's own session, as their page would make it. */
export function api(member: Pick<Member, 'context' | 'origin'>, method: Method, url: string, data?: unknown) {
  return member.context.request.fetch(url, { method, data, headers: { origin: member.origin } });
}

/** The call must answer 200; its JSON. */
export async function ok(
  member: Pick<Member, 'context' | 'origin'>,
  method: Method,
  url: string,
  data?: unknown,
) {
  const answer = await api(member, method, url, data);
  expect(answer.status(), `${method} ${url}: ${await answer.text()}`).toBe(200);
  return answer.json();
}

export async function goHome(member: Pick<Member, 'page'>): Promise<void> {
  await member.page.goto('/');
  await member.page.getByRole('button', { name: text('openMenu'), exact: true }).waitFor();
}

/** Signs in with a browser context of its own and opens the home view. */
export async function signIn(
  browser: Browser,
  server: OrbitServer,
  identity: string,
  password = MEMBER_PASSWORD,
  viewport: Viewport = DESKTOP,
): Promise<Member> {
  const context = await openContext(browser, server.baseUrl, viewport);
  const session = { context, origin: server.baseUrl };
  await ok(session, 'POST', '/api/login', { identity, password });
  const profiles = await (await api(session, 'GET', '/api/user/profiles')).json();
  const page = await context.newPage();
  const member: Member = {
    ...session,
    username: identity,
    userId: profiles.user_profile.user_id,
    page,
    errors: collectPageErrors(page),
  };
  await goHome(member);
  return member;
}

/** A new member (a random name after `prefix`) registered, signed in and on the home view. */
export async function newMember(browser: Browser, server: OrbitServer, prefix: string): Promise<Member> {
  const username = `${prefix}${randomBytes(3).toString('hex')}`;
  const context = await openContext(browser, server.baseUrl, DESKTOP);
  const registered = await api({ context, origin: server.baseUrl }, 'POST', '/api/register', {
    email: `${username}@example.test`,
    password: MEMBER_PASSWORD,
    username,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await context.close();
  return signIn(browser, server, username);
}

/** Makes two members friends through the API: one asks, the other accepts. */
export async function befriend(one: Member, other: Member): Promise<void> {
  await ok(one, 'PUT', '/api/user/friends/request', { user_id: other.userId });
  await ok(other, 'PUT', '/api/user/friends/request', { user_id: one.userId });
}

/** An open dialog by its exact title. */
export const dialog = (page: Page, title: string): Locator =>
  page.getByRole('dialog', { name: title, exact: true });
