import { AccessType, CommunityIdentity, PrivacySetting } from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { communityInvites, communityMembers, users } from '../../db/schema';
import { call } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { createTestApp, signUp, type TestUser } from '../../test/harness';

const ctx = await createTestApp();
const { app, deps } = ctx;
const { makeFriends, community } = communityFixtures(ctx);

const dataUrl = `data:image/png;base64,${(
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a8' } })
    .png()
    .toBuffer()
).toString('base64')}`;

const see = async (viewer: TestUser, imageId: number) =>
  (await call(app, 'image', { headers: viewer.headers, query: { image_id: imageId } })).statusCode;

/** A persona picture uploaded by `owner`, made their persona unless told otherwise. */
async function personaPicture(owner: TestUser, current = true): Promise<number> {
  const res = await call(app, 'personaImage', { headers: owner.headers, body: { image: dataUrl } });
  expect(res.statusCode).toBe(200);
  const imageId = res.json().image_id;
  if (current) {
    const persona = { persona_image: { type: 2, value: imageId } };
    const set = await call(app, 'updateUser', { headers: owner.headers, body: persona });
    expect(set.statusCode).toBe(200);
  }
  return imageId;
}

const makePrivate = (user: TestUser) =>
  deps.db.update(users).set({ privacySetting: PrivacySetting.PRIVATE }).where(eq(users.id, user.userId));

describe('a persona picture by id', () => {
  it("is everyone's when its owner is public", async () => {
    const [owner, stranger] = [await signUp(app), await signUp(app)];
    const imageId = await personaPicture(owner);
    expect(await see(stranger, imageId)).toBe(200);
  });

  it('is only the owner and their friends’ when the owner is private (404 for others)', async () => {
    const [owner, friend, stranger] = [await signUp(app), await signUp(app), await signUp(app)];
    const imageId = await personaPicture(owner);
    await makeFriends(owner, friend);
    await makePrivate(owner);
    expect(await see(owner, imageId)).toBe(200);
    expect(await see(friend, imageId)).toBe(200);
    expect(await see(stranger, imageId)).toBe(404);
  });

  it('is seen by a fellow member of a community the private owner joined under their persona', async () => {
    const [owner, fellow, expert] = [await signUp(app), await signUp(app), await signUp(app)];
    const imageId = await personaPicture(owner);
    await makePrivate(owner);
    const id = await community(expert, { accessType: AccessType.PRIVATE }, [owner, fellow]);
    expect(await see(fellow, imageId)).toBe(200);
    await deps.db
      .update(communityMembers)
      .set({ identity: CommunityIdentity.AVATAR })
      .where(and(eq(communityMembers.communityId, id), eq(communityMembers.userId, owner.userId)));
    expect(await see(fellow, imageId)).toBe(404);
  });

  it("is the owner's alone while it is not their persona", async () => {
    const [owner, stranger] = [await signUp(app), await signUp(app)];
    const imageId = await personaPicture(owner, false);
    expect(await see(owner, imageId)).toBe(200);
    expect(await see(stranger, imageId)).toBe(404);
  });
});

describe("a community's picture by id", () => {
  async function pictured(access: number) {
    const [expert, member, invitee, outsider] = await Promise.all([1, 2, 3, 4].map(() => signUp(app)));
    const id = await community(expert, { accessType: access }, [member]);
    await deps.db.insert(communityInvites).values({ communityId: id, userId: invitee.userId });
    const res = await call(app, 'communityImage', {
      headers: expert.headers,
      params: { id },
      body: { image: dataUrl },
    });
    expect(res.statusCode).toBe(200);
    const imageId = Number(new URL(res.json().imageUrl, 'http://x').searchParams.get('image_id'));
    return { imageId, member, invitee, outsider };
  }

  it('of a private community is its members’ and invitees’ only (404 for others)', async () => {
    const { imageId, member, invitee, outsider } = await pictured(AccessType.PRIVATE);
    expect(await see(member, imageId)).toBe(200);
    expect(await see(invitee, imageId)).toBe(200);
    expect(await see(outsider, imageId)).toBe(404);
  });

  it("of a public community is everyone's", async () => {
    const { imageId, outsider } = await pictured(AccessType.PUBLIC);
    expect(await see(outsider, imageId)).toBe(200);
  });
});
