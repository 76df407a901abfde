import {
  AccessType,
  type CreateCommunityBody,
  DEFAULT_COMMUNITY_COLOR,
  EventType,
  LIMITS,
  OrgRole,
  OwnerType,
  PrivacySetting,
  StarType,
  TermsKind,
  type UpdateCommunityBody,
} from '@orbit/contract';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { communityInvites, events, users } from '../../db/schema';
import { call, unchecked } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { createTestApp, signUp, type TestUser, uniqueName } from '../../test/harness';

const ctx = await createTestApp();
const { app } = ctx;
const { organisation, adminOf, makeFriends, community, join, memberIds } = communityFixtures(ctx);

const create = (user: TestUser, body: CreateCommunityBody) =>
  call(app, 'createCommunity', { headers: user.headers, body });
const starsOf = async (user: TestUser) =>
  (await call(app, 'profiles', { headers: user.headers })).json().stars;
const profileEventsOf = async (user: TestUser) =>
  ctx.deps.db
    .select({ data: events.data })
    .from(events)
    .where(and(eq(events.recipientId, user.userId), eq(events.type, EventType.USER_PROFILES)))
    .orderBy(asc(events.seq));
const setUser = (user: TestUser, fields: Partial<typeof users.$inferInsert>) =>
  ctx.deps.db.update(users).set(fields).where(eq(users.id, user.userId));
const errorOf = (res: { statusCode: number; json(): { error?: string } }) => [
  res.statusCode,
  res.json().error,
];

describe('POST /create/communities', () => {
  it('creates a community owned by the first organisation, the creator its expert, friends invited', async () => {
    const [admin, friend] = [await signUp(app), await signUp(app)];
    const orgId = await adminOf(admin);
    await makeFriends(admin, friend);
    const res = await create(admin, {
      name: '  Morning Walkers ',
      initials: 'm',
      members_userids: [friend.userId],
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const page = (await call(app, 'community', { params: { id }, headers: admin.headers })).json();
    expect(page).toMatchObject({
      id,
      community_id: id,
      name: 'Morning Walkers',
      initials: 'M',
      color: DEFAULT_COMMUNITY_COLOR,
      access_type: AccessType.PUBLIC,
      owner_type: OwnerType.ORGANIZATION,
      owner_id: orgId,
      roles: [1],
      isMember: true,
      members_count: 1,
      star_type: StarType.COMMUNITY_USER_CREATED,
      pinned: false,
    });
    expect(page.star_id).toMatch(/^\d+$/);
    expect((await starsOf(admin)).some((s) => s.star_type === 1 && s.community_id === id)).toBe(true);
    const invite = (await starsOf(friend)).find((s) => s.star_type === StarType.COMMUNITY_INVITE);
    expect(invite).toMatchObject({ community_id: id, name: 'Morning Walkers' });
    expect((await profileEventsOf(friend)).at(-1)?.data).toEqual({ community_id: id });
  });

  it('refuses members whose first organisation does not list role 2', async () => {
    const [nobody, member] = [await signUp(app), await signUp(app)];
    expect(errorOf(await create(nobody, { name: 'Club' }))).toEqual([403, 'may_not_create']);
    await organisation([{ user: member, roles: [OrgRole.MEMBER] }]);
    await adminOf(member);
    expect(errorOf(await create(member, { name: 'Club' }))).toEqual([403, 'may_not_create']);
  });

  it('checks the name, the initials and the colour', async () => {
    const admin = await signUp(app);
    await adminOf(admin);
    expect(errorOf(await create(admin, { name: '   ' }))).toEqual([400, 'invalid_name']);
    const longest = 'x'.repeat(LIMITS.communityName);
    expect((await create(admin, { name: longest })).statusCode).toBe(200);
    expect(errorOf(await create(admin, { name: `${longest}x` }))).toEqual([400, 'invalid_name']);
    expect(errorOf(await create(admin, { name: 'Club', initials: 'AB' }))).toEqual([400, 'invalid_initials']);
    expect(errorOf(await create(admin, { name: 'Club', color: '#123456' }))).toEqual([400, 'invalid_color']);
    const { id } = (await create(admin, { name: 'Club', color: '#3BB273', access_type: 2 })).json();
    expect((await call(app, 'community', { params: { id }, headers: admin.headers })).json()).toMatchObject({
      color: '#3bb273',
      initials: 'C',
      access_type: AccessType.PRIVATE,
    });
  });

  it('takes an organisation owner only where the creator is an admin, and the creator as a member owner', async () => {
    const [admin, other] = [await signUp(app), await signUp(app)];
    await adminOf(admin);
    const foreignOrg = await adminOf(other, [admin]);
    const refused = await create(admin, { name: 'Club', owner_type: 1, owner_id: foreignOrg });
    expect(errorOf(refused)).toEqual([403, 'invalid_owner']);
    expect(errorOf(await create(admin, { name: 'Club', owner_type: 2, owner_id: other.userId }))).toEqual([
      403,
      'invalid_owner',
    ]);
    expect(errorOf(await create(admin, { name: 'Club', owner_id: foreignOrg }))).toEqual([
      400,
      'invalid_owner',
    ]);
    const { id } = (await create(admin, { name: 'Club', owner_type: 2 })).json();
    expect((await call(app, 'community', { params: { id }, headers: admin.headers })).json()).toMatchObject({
      owner_type: OwnerType.USER,
      owner_id: admin.userId,
    });
  });

  it('invites friends only', async () => {
    const [admin, stranger] = [await signUp(app), await signUp(app)];
    await adminOf(admin, [stranger]);
    const res = await create(admin, { name: 'Club', members_userids: [stranger.userId] });
    expect(errorOf(res)).toEqual([400, 'not_a_friend']);
  });
});

describe('POST /join/community/ and POST /leave/community', () => {
  it('joins as a member with the identity by privacy, orbits the member and lists it in connections', async () => {
    const [expert, open, hidden] = [await signUp(app), await signUp(app), await signUp(app)];
    await setUser(hidden, { privacySetting: PrivacySetting.PRIVATE, alias: uniqueName('mask') });
    const id = await community(expert, { starType: StarType.COMMUNITY_GAME });
    expect((await join(open, id)).statusCode).toBe(200);
    expect((await join(hidden, id)).statusCode).toBe(200);
    const members = (await call(app, 'communityMembers', { params: { id }, headers: expert.headers })).json()
      .members;
    const [hiddenRow] = await ctx.deps.db.select().from(users).where(eq(users.id, hidden.userId));
    expect(members.find((m) => m.id === open.userId)).toMatchObject({
      screen_name: open.username,
      role: 4,
    });
    expect(members.find((m) => m.id === hidden.userId)).toMatchObject({
      screen_name: hiddenRow.alias,
      persona_image: null,
    });
    const entry = (await call(app, 'community', { params: { id }, headers: hidden.headers })).json();
    expect(entry).toMatchObject({ identity_name: hiddenRow.alias, roles: [4], isMember: true });
    expect((await starsOf(open)).find((s) => s.community_id === id)?.star_type).toBe(StarType.COMMUNITY_GAME);
    const connections = (await call(app, 'connections', { headers: open.headers })).json().communities;
    expect(connections).toContainEqual({ id, display_name: entry.name });
    expect((await profileEventsOf(open)).at(-1)?.data).toEqual({ community_id: id });
  });

  it('takes the identity the member chose', async () => {
    const [expert, member] = [await signUp(app), await signUp(app)];
    const id = await community(expert);
    expect((await join(member, id, { identity: 'avatar' })).statusCode).toBe(200);
    const entry = (await call(app, 'community', { params: { id }, headers: member.headers })).json();
    expect(entry.identity_image).toEqual({ type: 3, value: '/api/v3/avatars/av1.png' });
  });

  it('refuses joining as an expert, twice, or a private community without an invite', async () => {
    const [expert, member, invited] = [await signUp(app), await signUp(app), await signUp(app)];
    const open = await community(expert);
    expect(errorOf(await join(member, open, { community_role: 1 }))).toEqual([400, 'invalid_role']);
    expect((await join(member, open)).statusCode).toBe(200);
    expect(errorOf(await join(member, open))).toEqual([409, 'already_member']);
    const closed = await community(expert, { accessType: AccessType.PRIVATE });
    expect(errorOf(await join(member, closed))).toEqual([403, 'invite_required']);
    await call(app, 'inviteToCommunity', {
      params: { id: closed },
      headers: expert.headers,
      body: { screen_name: invited.username },
    });
    expect((await join(invited, closed)).statusCode).toBe(200);
    const left = await ctx.deps.db
      .select()
      .from(communityInvites)
      .where(eq(communityInvites.userId, invited.userId));
    expect(left).toEqual([]);
  });

  it('needs generic terms accepted, and madness terms accepted with both names', async () => {
    const [expert, member] = [await signUp(app), await signUp(app)];
    const generic = await community(expert, { tcKind: TermsKind.GENERIC, tcLink: 'https://example.test/t' });
    expect(errorOf(await join(member, generic))).toEqual([400, 'terms_not_accepted']);
    expect(errorOf(await join(member, generic, { accepted_terms: false }))).toEqual([
      400,
      'terms_not_accepted',
    ]);
    expect((await join(member, generic, { accepted_terms: true })).statusCode).toBe(200);
    const madness = await community(expert, { tcKind: TermsKind.MADNESS });
    expect(errorOf(await join(member, madness, { accepted_terms: true }))).toEqual([400, 'names_required']);
    await call(app, 'updateUser', { headers: member.headers, body: { first_name: 'Ada' } });
    expect(errorOf(await join(member, madness, { accepted_terms: true }))).toEqual([400, 'names_required']);
    await call(app, 'updateUser', { headers: member.headers, body: { last_name: 'Lovelace' } });
    expect(errorOf(await join(member, madness))).toEqual([400, 'terms_not_accepted']);
    expect((await join(member, madness, { accepted_terms: true })).statusCode).toBe(200);
  });

  it('leaves: the star goes; a non-member cannot; the last expert cannot while others remain', async () => {
    const [expert, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
    const id = await community(expert, {}, [member]);
    const leave = (user: TestUser) => call(app, 'leaveCommunity', { headers: user.headers, body: { id } });
    expect(errorOf(await leave(outsider))).toEqual([404, 'not_a_member']);
    expect(errorOf(await leave(expert))).toEqual([409, 'last_expert']);
    await call(app, 'community', { params: { id }, headers: member.headers });
    expect((await leave(member)).statusCode).toBe(200);
    expect((await starsOf(member)).some((s) => s.community_id === id)).toBe(false);
    expect((await leave(expert)).statusCode).toBe(200);
  });
});

describe('GET /communities/{id}', () => {
  it('hides a private community from non-members and counts a member visit', async () => {
    const [expert, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
    const id = await community(expert, { accessType: AccessType.PRIVATE, info: 'notes' }, [member]);
    expect(errorOf(await call(app, 'community', { params: { id }, headers: outsider.headers }))).toEqual([
      404,
      'not_found',
    ]);
    expect(
      errorOf(await call(app, 'communityMembers', { params: { id }, headers: outsider.headers })),
    ).toEqual([404, 'not_found']);
    const page = (await call(app, 'community', { params: { id }, headers: member.headers })).json();
    expect(page).toMatchObject({ members_count: 2, info: 'notes', roles: [4] });
    const star = (await starsOf(member)).find((s) => s.community_id === id);
    expect(star?.star_id).toBe(page.star_id);
  });

  it('shows a public community to anyone without a star', async () => {
    const [expert, outsider] = [await signUp(app), await signUp(app)];
    const id = await community(expert);
    const page = (await call(app, 'community', { params: { id }, headers: outsider.headers })).json();
    expect(page).toMatchObject({ isMember: false, roles: [], star_id: null, members_count: 1 });
  });
});

describe('invites', () => {
  it('lets a member invite by screen name; the invitee accepts (2) or rejects (3)', async () => {
    const [expert, member, a, b] = [
      await signUp(app),
      await signUp(app),
      await signUp(app),
      await signUp(app),
    ];
    const id = await community(expert, { accessType: AccessType.PRIVATE }, [member]);
    const invite = (name: string) =>
      call(app, 'inviteToCommunity', {
        params: { id },
        headers: member.headers,
        body: { screen_name: name },
      });
    expect((await invite(a.username.toUpperCase())).statusCode).toBe(200);
    expect((await invite(b.username)).statusCode).toBe(200);
    const listed = (await call(app, 'communities', { headers: a.headers }))
      .json()
      .communities.find((c) => c.id === id);
    expect(listed).toMatchObject({ isMember: false, text: member.username });
    expect(Date.parse(listed?.request_date ?? '')).not.toBeNaN();
    expect((await starsOf(a)).filter((s) => s.star_type === StarType.COMMUNITY_INVITE)).toHaveLength(1);

    const answer = (user: TestUser, status: 2 | 3) =>
      call(app, 'answerInvite', { params: { id }, headers: user.headers, body: { status } });
    expect((await answer(a, 2)).statusCode).toBe(200);
    expect(await memberIds(expert, id)).toContain(a.userId);
    const stars = await starsOf(a);
    expect(stars.some((s) => s.star_type === StarType.COMMUNITY_INVITE)).toBe(false);
    expect(stars.some((s) => s.community_id === id)).toBe(true);
    expect((await answer(b, 3)).statusCode).toBe(200);
    expect(await memberIds(expert, id)).not.toContain(b.userId);
    expect(errorOf(await answer(b, 2))).toEqual([404, 'no_invite']);
  });

  it('refuses non-members, unknown names, members and a second invite', async () => {
    const [expert, member, outsider, invitee] = [
      await signUp(app),
      await signUp(app),
      await signUp(app),
      await signUp(app),
    ];
    const id = await community(expert, {}, [member]);
    const invite = (user: TestUser, name: string) =>
      call(app, 'inviteToCommunity', { params: { id }, headers: user.headers, body: { screen_name: name } });
    expect(errorOf(await invite(outsider, invitee.username))).toEqual([403, 'not_a_member']);
    expect(errorOf(await invite(expert, uniqueName('ghost')))).toEqual([404, 'not_found']);
    expect(errorOf(await invite(expert, member.username))).toEqual([409, 'already_member']);
    expect((await invite(expert, invitee.username)).statusCode).toBe(200);
    expect(errorOf(await invite(member, invitee.username))).toEqual([409, 'already_invited']);
  });
});

describe('members, non-members, add and remove', () => {
  it('lists friends first with f=true', async () => {
    const [expert, friend, other] = [await signUp(app), await signUp(app), await signUp(app)];
    await setUser(friend, { username: `zz${friend.username}` });
    const id = await community(expert, {}, [friend, other]);
    await makeFriends(other, friend);
    const members = async (query?: { f: boolean }) =>
      (await call(app, 'communityMembers', { params: { id }, query, headers: other.headers })).json().members;
    expect((await members())[0].id).toBe(expert.userId);
    expect((await members({ f: true }))[0].id).toBe(friend.userId);
    const friendsFirst = await members({ f: true });
    expect(friendsFirst[0]).toMatchObject({ is_friend: true, role: 4, user_image_url: null });
  });

  it('offers the owning organisation’s members who are not in yet, filtered by name', async () => {
    const [expert, inside, orgMate, outsider] = [
      await signUp(app),
      await signUp(app),
      await signUp(app),
      await signUp(app),
    ];
    const orgId = await adminOf(expert, [inside, orgMate]);
    const id = await community(expert, { ownerType: OwnerType.ORGANIZATION, ownerId: orgId }, [inside]);
    const offered = async (user: TestUser, textsearch?: string) =>
      call(app, 'communityNonmembers', { params: { id }, query: { textsearch }, headers: user.headers });
    const users = (await offered(inside)).json().users.map((u) => u.user_id);
    expect(users).toEqual([orgMate.userId]);
    expect((await offered(inside, orgMate.username.slice(2, 10))).json().users).toHaveLength(1);
    expect((await offered(inside, 'nobodyatall')).json().users).toEqual([]);
    expect(errorOf(await offered(outsider))).toEqual([403, 'not_a_member']);
  });

  it('offers the caller’s friends for a member-owned community', async () => {
    const [expert, friend, stranger] = [await signUp(app), await signUp(app), await signUp(app)];
    await adminOf(expert, [stranger]);
    await makeFriends(expert, friend);
    const id = await community(expert);
    const users = (await call(app, 'communityNonmembers', { params: { id }, headers: expert.headers })).json()
      .users;
    expect(users.map((u) => u.user_id)).toEqual([friend.userId]);
  });

  it('lets experts add reachable people as members (4) and remove anyone but themselves', async () => {
    const [expert, member, friend, stranger] = [
      await signUp(app),
      await signUp(app),
      await signUp(app),
      await signUp(app),
    ];
    await makeFriends(expert, friend);
    await makeFriends(member, stranger);
    const id = await community(expert, { accessType: AccessType.PRIVATE }, [member]);
    const add = (user: TestUser, target: TestUser, role = 4) =>
      call(app, 'addCommunityMember', {
        params: { id, userId: target.userId },
        headers: user.headers,
        body: { community_role: unchecked(role) },
      });
    const remove = (user: TestUser, target: TestUser) =>
      call(app, 'removeCommunityMember', { params: { id, userId: target.userId }, headers: user.headers });
    expect(errorOf(await add(member, stranger))).toEqual([403, 'not_an_expert']);
    expect(errorOf(await add(expert, friend, 1))).toEqual([400, 'validation']);
    expect(errorOf(await add(expert, member))).toEqual([409, 'already_member']);
    expect(errorOf(await add(expert, stranger))).toEqual([404, 'not_found']);
    expect((await add(expert, friend)).statusCode).toBe(200);
    expect((await call(app, 'community', { params: { id }, headers: friend.headers })).json().roles).toEqual([
      4,
    ]);

    expect(errorOf(await remove(member, friend))).toEqual([403, 'not_an_expert']);
    expect(errorOf(await remove(expert, expert))).toEqual([400, 'cannot_remove_self']);
    expect(errorOf(await remove(expert, stranger))).toEqual([404, 'not_a_member']);
    expect((await remove(expert, friend)).statusCode).toBe(200);
    expect(errorOf(await call(app, 'community', { params: { id }, headers: friend.headers }))).toEqual([
      404,
      'not_found',
    ]);
    expect((await starsOf(friend)).some((s) => s.community_id === id)).toBe(false);
  });
});

describe('PUT /communities/{id} and POST /community/{id}/image', () => {
  it('lets experts only edit the info, at most 10000 characters', async () => {
    const [expert, member] = [await signUp(app), await signUp(app)];
    const id = await community(expert, {}, [member]);
    const put = (user: TestUser, body: UpdateCommunityBody) =>
      call(app, 'updateCommunity', { params: { id }, headers: user.headers, body });
    expect(errorOf(await put(member, { info: 'mine now' }))).toEqual([403, 'not_an_expert']);
    expect(errorOf(await put(expert, { info: 'x'.repeat(LIMITS.postMessage + 1) }))).toEqual([
      400,
      'validation',
    ]);
    expect((await put(expert, { info: 'x'.repeat(LIMITS.postMessage) })).statusCode).toBe(200);
    expect(
      (await call(app, 'community', { params: { id }, headers: member.headers })).json().info,
    ).toHaveLength(LIMITS.postMessage);
  });

  it('lets an expert move the owner to an organisation they administer, and nowhere else', async () => {
    const [expert, other] = [await signUp(app), await signUp(app)];
    const mine = await adminOf(expert);
    const theirs = await adminOf(other);
    const id = await community(expert);
    const put = (body: UpdateCommunityBody) =>
      call(app, 'updateCommunity', { params: { id }, headers: expert.headers, body });
    expect(errorOf(await put({ owner_type: 1, owner_id: theirs }))).toEqual([403, 'invalid_owner']);
    expect((await put({ owner_type: 1, owner_id: mine })).statusCode).toBe(200);
    expect((await call(app, 'community', { params: { id }, headers: expert.headers })).json()).toMatchObject({
      owner_type: 1,
      owner_id: mine,
    });
  });

  it('stores an expert’s picture as a 300 x 300 square shown on the members’ stars', async () => {
    const [expert, member] = [await signUp(app), await signUp(app)];
    const id = await community(expert, {}, [member]);
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const image = `data:image/png;base64,${png.toString('base64')}`;
    const upload = (user: TestUser) =>
      call(app, 'communityImage', { params: { id }, headers: user.headers, body: { image } });
    expect(errorOf(await upload(member))).toEqual([403, 'not_an_expert']);
    const res = await upload(expert);
    expect(res.statusCode).toBe(200);
    const { imageUrl } = res.json();
    // The address the server answered, fetched as the browser would.
    const served = await app.inject({ method: 'GET', url: imageUrl, headers: member.headers });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 300, height: 300 });
    expect((await starsOf(member)).find((s) => s.community_id === id)).toMatchObject({ image_url: imageUrl });
  });
});

describe('GET /listorganizations and registration by an expert', () => {
  it('lists the caller’s organisations with their roles', async () => {
    const admin = await signUp(app);
    const orgId = await adminOf(admin);
    expect((await call(app, 'organizations', { headers: admin.headers })).json().organizations).toEqual([
      expect.objectContaining({ id: orgId, org_roles: [OrgRole.ADMIN, OrgRole.MEMBER] }),
    ]);
  });

  it('lets an expert of an organisation’s community register a newcomer into it', async () => {
    const [owner, expert, member] = [await signUp(app), await signUp(app), await signUp(app)];
    const orgId = await adminOf(owner, [expert, member]);
    await community(expert, { ownerType: OwnerType.ORGANIZATION, ownerId: orgId }, [member]);
    const register = (user: TestUser) =>
      call(app, 'register', {
        headers: user.headers,
        body: { email: `${uniqueName('new')}@example.test`, organization_id: orgId },
      });
    expect(errorOf(await register(member))).toEqual([403, 'registration_closed']);
    expect((await register(expert)).statusCode).toBe(201);
  });
});
