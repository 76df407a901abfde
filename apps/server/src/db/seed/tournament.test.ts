import { BackgroundType, StarType, seasonCode } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { seedDemoWorld } from './index';
import { DEMO_EMAIL } from './people';
import { playedSeason } from './tournament';

const DEMO_PASSWORD = 'Comet-trail-2026';
const ctx = await createTestApp({ demoPassword: DEMO_PASSWORD });

describe('the demo world’s tournament', () => {
  it('has a played season of sixteen communities with a champion, and a tournament star', async () => {
    await seedDemoWorld(ctx.deps, () => {});
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { identity: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    const token = login.json().user_token as string;
    const headers = { authorization: `Bearer ${token}` };
    const code = seasonCode(playedSeason(new Date()));
    const get = (round: number) =>
      ctx.app.inject({ method: 'GET', url: `/api/tournament/progress?code=${code}&round=${round}`, headers });
    const sixteen = (await get(16)).json();
    expect(sixteen.communities).toHaveLength(8);
    expect(sixteen.communities.every((p: { name: string | null }) => p.name !== null)).toBe(true);
    const finals = (await get(2)).json();
    expect(finals.communities[0].name).toEqual(expect.any(String));
    expect(finals.communities[0].participants[0].users.length).toBeGreaterThan(0);
    const profiles = (await ctx.app.inject({ method: 'GET', url: '/api/user/profiles', headers })).json();
    expect(profiles.stars.filter((s: { star_type: number }) => s.star_type === StarType.BG)).toEqual([
      expect.objectContaining({ type: BackgroundType.TOURNAMENT }),
    ]);
  });
});
