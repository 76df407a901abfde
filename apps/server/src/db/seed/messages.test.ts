import { StarType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/call';
import { createTestApp } from '../../test/harness';
import { bearer, sessionToken } from '../../test/sign-in';
import { seedDemoWorld } from './index';
import { DEMO_EMAIL } from './people';

const DEMO_PASSWORD = 'Comet-trail-2026';
const ctx = await createTestApp({ demoPassword: DEMO_PASSWORD });

describe('the demo world’s messages', () => {
  it('gives the demo member one-to-one threads and a group, with messages waiting to be read', async () => {
    await seedDemoWorld(ctx.deps, () => {});
    const login = await call(ctx.app, 'login', { body: { identity: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const headers = bearer(sessionToken(login));
    const previews = (await call(ctx.app, 'messagePreviews', { headers })).json().previews;
    expect(previews.map((p) => [p.is_group, p.unread_count])).toEqual([
      [false, 2],
      [true, 3],
      [false, 0],
    ]);
    const profiles = (await call(ctx.app, 'profiles', { headers })).json();
    expect(profiles.pending_pms_qty).toBe(2);
    expect(profiles.stars.filter((s) => s.star_type === StarType.PRIVATE_MESSAGES)).toEqual([
      expect.objectContaining({ name: 'Saturday runners', badge_count: 3 }),
    ]);
  });
});
