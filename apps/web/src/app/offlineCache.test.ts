// @vitest-environment jsdom
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../api/keys';
import type { Profiles } from '../api/types';
import { forgetLastSeen, KEEP_MS, keepLastSeen, restoreLastSeen, saveLastSeen } from './offlineCache';

const THREAD = ['messages', 'thread', 7];
const profilesOf = (id: number) =>
  ({ user_profile: { id, screen_name: `member${id}` } }) as unknown as Profiles;

/** A client holding what a member saw: their profiles and one thread. */
function clientSeenBy(member: number): QueryClient {
  const client = new QueryClient();
  client.setQueryData(queryKeys.profiles, profilesOf(member));
  client.setQueryData(THREAD, [{ pm_id: 1, message: `from ${member}'s thread` }]);
  return client;
}

function restored(now?: number): QueryClient {
  const client = new QueryClient();
  restoreLastSeen(client, localStorage, now);
  return client;
}

const keptMember = () => JSON.parse(localStorage.getItem('orbit.last-seen') ?? 'null')?.member ?? null;

afterEach(() => forgetLastSeen());

describe('the last-seen copy on the device', () => {
  it('brings back the home and a thread into a new app', () => {
    saveLastSeen(clientSeenBy(1));
    const client = restored();
    expect(client.getQueryData<Profiles>(queryKeys.profiles)?.user_profile.id).toBe(1);
    expect(client.getQueryData(THREAD)).toEqual([{ pm_id: 1, message: "from 1's thread" }]);
  });

  it('shows what it brings back only until the network answers: every kept answer is asked again', () => {
    saveLastSeen(clientSeenBy(1));
    const client = restored();
    client.setDefaultOptions({ queries: { staleTime: Number.POSITIVE_INFINITY } });
    for (const key of [queryKeys.profiles, THREAD]) {
      expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    }
  });

  it('keeps nothing while signed out', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.profiles, null);
    saveLastSeen(client);
    expect(localStorage.getItem('orbit.last-seen')).toBeNull();
  });

  it('drops a copy older than a day', () => {
    saveLastSeen(clientSeenBy(1), localStorage, 1_000);
    expect(restored(1_000 + KEEP_MS + 1).getQueryData(queryKeys.profiles)).toBeUndefined();
    expect(localStorage.getItem('orbit.last-seen')).toBeNull();
  });

  it('never keeps a write to send later, not even one waiting for the network', async () => {
    onlineManager.setOnline(false);
    const client = clientSeenBy(1);
    const write = client.getMutationCache().build(client, {
      mutationFn: () => new Promise(() => {}),
      networkMode: 'online',
    });
    void write.execute(undefined).catch(() => {});
    await expect.poll(() => write.state.isPaused).toBe(true);
    saveLastSeen(client);
    onlineManager.setOnline(true);
    const kept = JSON.parse(localStorage.getItem('orbit.last-seen') ?? '{}');
    expect(kept.state.mutations).toEqual([]);
  });
});

describe('whose copy it is', () => {
  it('is forgotten at once when the member signs out', () => {
    saveLastSeen(clientSeenBy(1));
    const client = restored();
    const stop = keepLastSeen(client);
    client.setQueryData(queryKeys.profiles, null);
    expect(localStorage.getItem('orbit.last-seen')).toBeNull();
    stop();
  });

  it("drops the last member's answers when another member signs in, before anything is kept again", () => {
    saveLastSeen(clientSeenBy(1));
    const client = restored();
    const stop = keepLastSeen(client);
    client.setQueryData(queryKeys.profiles, profilesOf(2));
    expect(client.getQueryData(THREAD)).toBeUndefined();
    window.dispatchEvent(new Event('pagehide'));
    expect(keptMember()).toBe(2);
    expect(JSON.stringify(JSON.parse(localStorage.getItem('orbit.last-seen') ?? '{}'))).not.toContain(
      "1's thread",
    );
    stop();
  });

  it('keeps the same member’s answers through a refresh of their profiles', () => {
    saveLastSeen(clientSeenBy(1));
    const client = restored();
    const stop = keepLastSeen(client);
    client.setQueryData(queryKeys.profiles, profilesOf(1));
    expect(client.getQueryData(THREAD)).toBeDefined();
    stop();
  });
});
