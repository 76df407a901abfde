import { BackgroundType, StarType, seasonCode } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/call';
import { createTestApp } from '../../test/harness';
import { bearer, sessionToken } from '../../test/sign-in';
import { seedDemoWorld } from './index';
import { DEMO_EMAIL } from './people';
import { playedSeason } from './tournament';

const DEMO_PASSWORD = 'Comet-trail-2026';
const ctx = await createTestApp({ demoPassword: DEMO_PASSWORD });

describe('the demo world’s tournament', () => {
  it('has a played season of sixteen communities with a champion, and a tournament star', async () => {
    await seedDemoWorld(ctx.deps, () => {});
    const login = await call(ctx.app, 'login', { body: { identity: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const headers = bearer(sessionToken(login));
    const code = seasonCode(playedSeason(new Date()));
    const get = (round: 2 | 16) => call(ctx.app, 'tournamentProgress', { headers, query: { code, round } });
    const sixteen = (await get(16)).json();
    expect(sixteen.communities).toHaveLength(8);
    expect(sixteen.communities.every((p) => p.name !== null)).toBe(true);
    const finals = (await get(2)).json();
    expect(finals.communities[0].name).toEqual(expect.any(String));
    expect(finals.communities[0].participants[0].users.length).toBeGreaterThan(0);
    const profiles = (await call(ctx.app, 'profiles', { headers })).json();
    expect(profiles.stars.filter((s) => s.star_type === StarType.BG)).toEqual([
      expect.objectContaining({ type: BackgroundType.TOURNAMENT }),
    ]);
  });
});
