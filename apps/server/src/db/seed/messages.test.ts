import { StarType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { seedDemoWorld } from './index';
import { DEMO_EMAIL } from './people';

const DEMO_PASSWORD = 'Comet-trail-2026';
const ctx = await createTestApp({ demoPassword: DEMO_PASSWORD });

describe('the demo world’s messages', () => {
  it('gives the demo member one-to-one threads and a group, with messages waiting to be read', async () => {
    await seedDemoWorld(ctx.deps, () => {});
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { identity: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().user_token}` };
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers });
    const previews = (await get('/api/pms/previews')).json().previews as Record<string, unknown>[];
    expect(previews.map((p) => [p.is_group, p.unread_count])).toEqual([
      [false, 2],
      [true, 3],
      [false, 0],
    ]);
    const profiles = (await get('/api/user/profiles')).json();
    expect(profiles.pending_pms_qty).toBe(2);
    expect(
      profiles.stars.filter((s: { star_type: number }) => s.star_type === StarType.PRIVATE_MESSAGES),
    ).toEqual([expect.objectContaining({ name: 'Saturday runners', badge_count: 3 })]);
  });
});
