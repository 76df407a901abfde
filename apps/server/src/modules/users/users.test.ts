import { AVATAR_IDS, StarType, type UpdateUserBody } from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { events, images, users } from '../../db/schema';
import { call, unchecked } from '../../test/call';
import {
  createTestApp,
  GOOD_PASSWORD,
  STAR_FIELDS,
  signUp,
  type TestUser,
  uniqueName,
} from '../../test/harness';
import { anotherDevice } from '../../test/security';

const ctx = await createTestApp();
const { app } = ctx;

const putUser = (user: TestUser, body: UpdateUserBody, on = app) =>
  call(on, 'updateUser', { headers: user.headers, body });
const profilesOf = async (user: TestUser) => (await call(app, 'profiles', { headers: user.headers })).json();
const setLevel = (user: TestUser, id: number, level: number) =>
  call(app, 'notificationLevel', {
    headers: user.headers,
    params: { id },
    body: { notification_level: level },
  });

describe('GET /user/profiles', () => {
  it('answers every field of docs/product/home-and-stars.md#profiles-response; docs/product/account-and-safety.md#profile with the ME star', async () => {
    const user = await signUp(app);
    const body = await profilesOf(user);
    expect(Object.keys(body).sort()).toEqual(
      [
        'last_stars',
        'me_star_pulse',
        'notif_qty',
        'organizations',
        'pending_pms_qty',
        'settings_profile',
        'stars',
        'user_profile',
      ].sort(),
    );
    expect(body.user_profile).toMatchObject({
      user_id: user.userId,
      id: user.userId,
      screen_name: user.username,
      username: user.username,
      alias: null,
      avatar_image: 'av1',
      persona_image: { type: 1, value: 'other' },
      identity_image: { type: 3, value: '/api/v3/avatars/av1.png' },
      identity: { screen_name: user.username, avatar: 'av1' },
      identity_provider: null,
      user_identity: null,
      privacy_setting: 1,
      unit_preference: 1,
      address: { country: 'US', state: null },
      timezone: 'America/New_York',
      notification_level: 2,
      organizations: [],
      gojimoji: { mood: null, tags: [] },
      tag_notes: '',
      image_url: null,
    });
    for (const field of ['first_name', 'last_name', 'height_meter', 'weight_kg', 'date_of_birth', 'gender']) {
      expect(body.user_profile).toHaveProperty(field);
    }
    // A newcomer's field: their own star, and the quiet MOMENTS star every member has (decision 0039).
    expect(body.stars.map((star) => star.star_type)).toEqual([StarType.ME, StarType.MOMENTS]);
    expect(Object.keys(body.stars[0]).sort()).toEqual([...STAR_FIELDS].sort());
    expect(body.stars[0]).toMatchObject({ star_type: StarType.ME, zone: 0, size: 2, user_id: user.userId });
    expect(body).toMatchObject({ last_stars: [], notif_qty: 0, pending_pms_qty: 0, me_star_pulse: false });
    expect(body.settings_profile).toMatchObject({
      unit_preference: 1,
      notification_level: 2,
      has_identity: true,
    });
  });
});

describe('PUT /user: each docs/product/account-and-safety.md#profile shape round-trips through GET /user/profiles', () => {
  it.each([
    [{ first_name: '  Ada ' }, { first_name: 'Ada' }],
    [{ last_name: 'Lovelace' }, { last_name: 'Lovelace' }],
    [{ avatar_image: 'av7' }, { avatar_image: 'av7', identity: { avatar: 'av7' } }],
    [{ avatar_image: '/api/v3/avatars/av22.png' }, { avatar_image: 'av22' }],
    [{ date_of_birth: '07/01/1990' }, { date_of_birth: '01-07-1990' }],
    [{ date_of_birth: '15-07-1990' }, { date_of_birth: '15-07-1990' }],
    [{ date_of_birth: '1990-07-15' }, { date_of_birth: '15-07-1990' }],
    [{ height_meter: 1.2 }, { height_meter: 1.2 }],
    [{ height_meter: 2.8 }, { height_meter: 2.8 }],
    [{ weight_kg: 20 }, { weight_kg: 20 }],
    [{ weight_kg: 150 }, { weight_kg: 150 }],
    [{ address: { country: 'ca' } }, { address: { country: 'CA', state: null } }],
    [{ address: { state: 'ny' } }, { address: { country: 'US', state: 'NY' } }],
    [{ measurement_unit: 2 }, { unit_preference: 2 }],
    [{ timezone: 'Europe/Paris' }, { timezone: 'Europe/Paris' }],
    [{ timezone: 'america/chicago' }, { timezone: 'America/Chicago' }],
    [{ persona_image: { type: 1, value: 'female' } }, { persona_image: { type: 1, value: 'female' } }],
    [
      { persona_image: { type: 3, value: 'https://example.org/me.png' } },
      {
        persona_image: { type: 3, value: 'https://example.org/me.png' },
        image_url: 'https://example.org/me.png',
      },
    ],
    [{ tag_notes: 'x'.repeat(280) }, { tag_notes: 'x'.repeat(280) }],
    [{ gojimoji: { mood: 1 } }, { gojimoji: { mood: 1 } }],
    [{ gojimoji: { mood: 5 } }, { gojimoji: { mood: 5 } }],
    [{ gojimoji: { tags: ['calm', 'x'.repeat(280)] } }, { gojimoji: { tags: ['calm', 'x'.repeat(280)] } }],
  ])('%j', async (payload, expected) => {
    const user = await signUp(app);
    const res = await putUser(user, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(expected);
    expect((await profilesOf(user)).user_profile).toMatchObject(expected);
  });

  it('sets an alias, which becomes the avatar identity', async () => {
    const user = await signUp(app);
    const alias = uniqueName('Moon').slice(0, 16);
    expect((await putUser(user, { alias_remove: null, alias_add: alias })).statusCode).toBe(200);
    const body = await profilesOf(user);
    expect(body.user_profile).toMatchObject({ alias, identity: { screen_name: alias } });
    const cleared = await putUser(user, { alias_remove: alias, alias_add: '' });
    expect(cleared.json().alias).toBeNull();
  });

  it('drops blank and repeated mood tags', async () => {
    const user = await signUp(app);
    const res = await putUser(user, { gojimoji: { tags: ['calm', ' ', 'Calm', '', ' happy ', 'calm'] } });
    expect(res.json().gojimoji.tags).toEqual(['calm', 'happy']);
  });

  it('clears the state when the country changes', async () => {
    const user = await signUp(app);
    await putUser(user, { address: { state: 'TX' } });
    const res = await putUser(user, { address: { country: 'FR' } });
    expect(res.json().address).toEqual({ country: 'FR', state: null });
    expect((await putUser(user, { address: { state: 'Bretagne' } })).json().address.state).toBe('Bretagne');
  });
});

describe('PUT /user refusals change nothing', () => {
  it.each([
    [{ height_meter: 1.19 }, 'out_of_range'],
    [{ height_meter: 2.81 }, 'out_of_range'],
    [{ weight_kg: 19 }, 'out_of_range'],
    [{ weight_kg: 151 }, 'out_of_range'],
    [{ date_of_birth: '1899-12-31' }, 'out_of_range'],
    [{ date_of_birth: `01/01/${new Date().getUTCFullYear() + 1}` }, 'out_of_range'],
    [{ date_of_birth: '1990-02-30' }, 'validation'],
    [{ date_of_birth: 'yesterday' }, 'validation'],
    [{ gojimoji: { mood: 0 } }, 'out_of_range'],
    [{ gojimoji: { mood: 6 } }, 'out_of_range'],
    [{ gojimoji: { tags: ['ok', 'x'.repeat(281)] } }, 'out_of_range'],
    [{ tag_notes: 'x'.repeat(281) }, 'out_of_range'],
    [{ first_name: '   ' }, 'validation'],
    [{ first_name: 'x'.repeat(51) }, 'out_of_range'],
    [{ last_name: 'x'.repeat(51) }, 'out_of_range'],
    [{ avatar_image: 'av23' }, 'validation'],
    [{ avatar_image: 'av0' }, 'validation'],
    [{ address: { country: 'XX' } }, 'validation'],
    [{ address: { state: 'ZZ' } }, 'validation'],
    [{ measurement_unit: 3 }, 'out_of_range'],
    [{ timezone: 'Mars/Olympus' }, 'validation'],
    [{ timezone: '+01:00' }, 'validation'],
    [{ persona_image: { type: 1, value: 'robot' } }, 'validation'],
    [{ persona_image: { type: 3, value: 'http://example.org/me.png' } }, 'validation'],
    [{ persona_image: { type: 4, value: 'javascript:alert(1)' } }, 'validation'],
    [{ persona_image: { type: 5, value: 'x' } }, 'validation'],
    [{ persona_image: { type: 2, value: 999999 } }, 'invalid_image'],
    [{ alias_remove: null, alias_add: 'a b' }, 'invalid_avatar_name'],
    [{ alias_remove: null, alias_add: 'x'.repeat(17) }, 'invalid_avatar_name'],
    [{ first_name: 'Ada', last_name: 'Lovelace' }, 'validation'],
    [{ weight_kg: 80, height_meter: 1.8 }, 'validation'],
    [{ address: { country: 'US', state: 'NY' } }, 'validation'],
    [{ gojimoji: { mood: 2, tags: ['x'] } }, 'validation'],
    [{ gojimoji: {} }, 'validation'],
    [{}, 'validation'],
    [{ nickname: 'x' }, 'validation'],
  ])('%j → 400 %s', async (payload, code) => {
    const user = await signUp(app);
    const before = (await profilesOf(user)).user_profile;
    const res = await putUser(user, unchecked(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(code);
    expect((await profilesOf(user)).user_profile).toEqual(before);
  });

  it('refuses an alias taken as a username or an alias, case-insensitively, with 409', async () => {
    const [user, other] = [await signUp(app), await signUp(app)];
    const byUsername = await putUser(user, { alias_remove: null, alias_add: other.username.toUpperCase() });
    expect(byUsername.statusCode).toBe(409);
    expect(byUsername.json().error).toBe('identity_not_available');
    const alias = uniqueName('Star').slice(0, 16);
    expect((await putUser(other, { alias_remove: null, alias_add: alias })).statusCode).toBe(200);
    const byAlias = await putUser(user, { alias_remove: null, alias_add: alias.toLowerCase() });
    expect(byAlias.statusCode).toBe(409);
    expect((await profilesOf(user)).user_profile.alias).toBeNull();
  });

  it('refuses an alias_remove that is not the current alias (a stale editor)', async () => {
    const user = await signUp(app);
    await putUser(user, { alias_remove: null, alias_add: uniqueName('Sun').slice(0, 16) });
    const res = await putUser(user, {
      alias_remove: 'someoneelse',
      alias_add: uniqueName('Sky').slice(0, 16),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('alias_changed');
  });

  it('refuses names, persona and password when an identity provider manages the account', async () => {
    const user = await signUp(app);
    await ctx.deps.db.update(users).set({ identityProvider: 'sso' }).where(eq(users.id, user.userId));
    for (const payload of [
      { first_name: 'Ada' },
      { last_name: 'Lovelace' },
      { persona_image: { type: 1, value: 'male' } },
      { password_old: GOOD_PASSWORD, password_new: 'Another-walk-77' },
    ]) {
      const res = await putUser(user, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('managed_by_identity_provider');
    }
    expect((await putUser(user, { avatar_image: 'av2' })).statusCode).toBe(200);
    expect((await profilesOf(user)).user_profile).toMatchObject({
      identity_provider: 'sso',
      user_identity: user.username,
      first_name: '',
    });
  });
});

describe('persona image of type 2', () => {
  async function personaImageOf(owner: TestUser): Promise<number> {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f80' } })
      .png()
      .toBuffer();
    const res = await call(app, 'personaImage', {
      headers: owner.headers,
      // The persona editor's preview size (docs/product/account-and-safety.md#persona), which the route does not declare.
      query: unchecked({ s: 280 }),
      body: { image: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json().image_id;
  }

  it('accepts the member’s own uploaded persona image and refuses someone else’s', async () => {
    const [user, other] = [await signUp(app), await signUp(app)];
    const own = await personaImageOf(user);
    const res = await putUser(user, { persona_image: { type: 2, value: own } });
    expect(res.json()).toMatchObject({
      persona_image: { type: 2, value: String(own) },
      image_url: `/api/user/image?image_id=${own}`,
    });
    const picture = await call(app, 'picture', { headers: user.headers });
    expect(picture.json()).toEqual({ image_url: `/api/user/image?image_id=${own}` });
    const theirs = await personaImageOf(other);
    const refused = await putUser(user, { persona_image: { type: 2, value: String(theirs) } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_image');
  });

  it('refuses a temp upload as a persona: only a cropped persona image may be one', async () => {
    const user = await signUp(app);
    const [temp] = await ctx.deps.db
      .insert(images)
      .values({ ownerId: user.userId, kind: 'temp', mime: 'image/webp', bytes: 1, storageKey: 'x' })
      .returning({ id: images.id });
    expect((await putUser(user, { persona_image: { type: 2, value: temp.id } })).statusCode).toBe(400);
  });
});

describe('password change through PUT /user', () => {
  it('revokes the other sessions, keeps this one, and the new password signs in', async () => {
    const user = await signUp(app);
    const other = (await anotherDevice(app, user)).headers;
    const wrong = await putUser(user, { password_old: 'not-it-42!', password_new: 'Another-walk-77' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('incorrect_password');
    const weak = await putUser(user, { password_old: user.password, password_new: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('invalid_password');

    const res = await putUser(user, { password_old: user.password, password_new: 'Another-walk-77' });
    expect(res.statusCode).toBe(200);
    expect((await call(app, 'me', { headers: other })).statusCode).toBe(401);
    expect((await call(app, 'me', { headers: user.headers })).statusCode).toBe(200);
    const again = await call(app, 'login', {
      body: { identity: user.username, password: 'Another-walk-77' },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('PUT /v4/users/{id} notification level', () => {
  it('sets one’s own level, refuses another member’s with 403 and a level outside 0..2 with 400', async () => {
    const [user, other] = [await signUp(app), await signUp(app)];
    const put = (id: number, level: number) => setLevel(user, id, level);
    expect((await put(user.userId, 0)).json().notification_level).toBe(0);
    expect((await put(other.userId, 0)).statusCode).toBe(403);
    expect((await put(user.userId, 3)).statusCode).toBe(400);
    expect((await profilesOf(user)).settings_profile.notification_level).toBe(0);
    expect((await profilesOf(other)).user_profile.notification_level).toBe(2);
  });
});

describe('USER_PROFILES events', () => {
  it('writes one USER_PROFILES event to the member for each change, none for a refusal', async () => {
    const user = await signUp(app);
    const count = async () =>
      (
        await ctx.deps.db
          .select()
          .from(events)
          .where(and(eq(events.recipientId, user.userId), eq(events.type, 'USER_PROFILES')))
      ).length;
    await putUser(user, { first_name: 'Ada' });
    await putUser(user, { weight_kg: 10 });
    expect(await count()).toBe(1);
    const [row] = await ctx.deps.db.select().from(events).where(eq(events.recipientId, user.userId));
    expect(row).toMatchObject({ type: 'USER_PROFILES', subtype: null, data: { user_id: user.userId } });
    await setLevel(user, user.userId, 1);
    expect(await count()).toBe(2);
  });
});

describe('GET /user/profile', () => {
  it('answers the own full profile, a public view of others, and the avatar identity of a private member', async () => {
    const [user, other] = [await signUp(app), await signUp(app)];
    const get = (user_id?: number) => call(app, 'profile', { headers: user.headers, query: { user_id } });
    expect((await get()).json()).toMatchObject({ user_id: user.userId, timezone: 'America/New_York' });
    expect((await get(user.userId)).json()).toHaveProperty('tag_notes');

    await putUser(other, { persona_image: { type: 3, value: 'https://example.org/p.png' } });
    const alias = uniqueName('Comet').slice(0, 16);
    await putUser(other, { alias_remove: null, alias_add: alias });
    const publicView = (await get(other.userId)).json();
    expect(publicView).toMatchObject({
      screen_name: other.username,
      persona_image: { type: 3 },
      image_url: 'https://example.org/p.png',
    });
    expect(publicView).not.toHaveProperty('tag_notes');
    expect(publicView).not.toHaveProperty('date_of_birth');

    await ctx.deps.db.update(users).set({ privacySetting: 2 }).where(eq(users.id, other.userId));
    const privateView = (await get(other.userId)).json();
    expect(privateView).toMatchObject({
      screen_name: alias,
      persona_image: null,
      image_url: '/api/v3/avatars/av1.png',
    });
    expect((await get(99999999)).statusCode).toBe(404);
  });
});

describe('avatars', () => {
  it('lists the 22 presets, each served without a session as a real PNG with a long cache', async () => {
    const user = await signUp(app);
    const res = await call(app, 'avatars', { headers: user.headers });
    const { avatars } = res.json();
    expect(avatars).toHaveLength(22);
    expect(avatars).toEqual(AVATAR_IDS.map((id) => `/api/v3/avatars/${id}.png`));
    const sizes = new Set<number>();
    for (const url of avatars) {
      // Each URL as the list gives it.
      const image = await app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toContain('immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
      sizes.add(image.rawPayload.length);
    }
    expect(sizes.size).toBe(22);
    expect((await call(app, 'avatar', { params: { file: 'av23.png' } })).statusCode).toBe(404);
    expect((await call(app, 'avatars')).statusCode).toBe(401);
  });
});

describe('rate limits', async () => {
  const limited = await createTestApp({ rateLimitFactor: 1 });

  it('limits profile changes to 60 a minute per member', async () => {
    const user = await signUp(limited.app);
    const change = (mood: number) => putUser(user, { gojimoji: { mood } }, limited.app);
    for (let i = 0; i < 60; i++) expect((await change((i % 5) + 1)).statusCode).toBe(200);
    expect((await change(1)).statusCode).toBe(429);
  });

  it('limits old-password attempts through PUT /user to 10 a minute', async () => {
    const user = await signUp(limited.app);
    const attempt = () =>
      putUser(user, { password_old: 'guess-1234!', password_new: 'Another-walk-77' }, limited.app);
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
  });
});
