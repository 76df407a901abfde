import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { starSnapshots } from '../../db/schema';
import { createTestApp, signUp } from '../../test/harness';
import { readHome } from './read';
import { ServedSets } from './served-sets';
import { homeStarSet } from './star-set';

const ctx = await createTestApp();
const { app, deps } = ctx;
const failLoudly = (err: unknown) => {
  throw err;
};
const storedDigest = async (owner: number) =>
  (await deps.db.select().from(starSnapshots).where(eq(starSnapshots.ownerId, owner)))[0]?.digest;

describe('the star sets served, written behind the homes (decision 0094)', () => {
  it("diffs a member's next home against the set still waiting to be written, and writes it on flush", async () => {
    const member = await signUp(app);
    const served = new ServedSets(deps.db, failLoudly);
    const home = async () => homeStarSet(deps.db, served, await readHome(deps.db, member.userId, new Date()));

    const first = await home();
    expect(first.last_stars).toEqual([]);
    const waiting = served.unwritten(member.userId);
    expect(waiting?.stars).toEqual(first.stars);
    expect(await storedDigest(member.userId)).toBeUndefined();

    const second = await home();
    expect(second.last_stars).toEqual(first.stars);
    expect(second.me_star_pulse).toBe(false);

    await served.flush();
    expect(served.unwritten(member.userId)).toBeUndefined();
    expect(await storedDigest(member.userId)).toBe(waiting?.digest);
  });

  it('writes the sets kept together in one statement, and those kept during a write in the next', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => signUp(app)));
    const served = new ServedSets(deps.db, failLoudly);
    const setOf = (digest: string) => ({ stars: [], json: '[]', digest, servedAt: new Date() });
    for (const m of members.slice(0, 3)) served.keep(m.userId, setOf('first'));
    const writing = served.flush();
    for (const m of members.slice(3)) served.keep(m.userId, setOf('during'));
    // A set kept again while its first was being written goes after it: the newer one stays.
    served.keep(members[0]!.userId, setOf('again'));
    expect(served.unwritten(members[0]!.userId)?.digest).toBe('again');
    await writing;
    await served.flush();
    expect(served.counts).toMatchObject({ written: 6, failed: 0, writes: 2 });
    const digests = await Promise.all(members.map((m) => storedDigest(m.userId)));
    expect(digests).toEqual(['again', 'first', 'first', 'during', 'during']);
  });

  it("writes two instances' sets of the same members at once without a deadlock, in any order they were kept", async () => {
    const members = await Promise.all(Array.from({ length: 40 }, () => signUp(app)));
    const ids = members.map((m) => m.userId);
    const setOf = (digest: string) => ({ stars: [], json: '[]', digest, servedAt: new Date() });
    for (let round = 0; round < 10; round += 1) {
      const [one, other] = [new ServedSets(deps.db, failLoudly), new ServedSets(deps.db, failLoudly)];
      for (const id of ids) one.keep(id, setOf('one'));
      for (const id of [...ids].reverse()) other.keep(id, setOf('other'));
      await Promise.all([one.flush(), other.flush()]);
    }
  });

  it("leaves out a member gone before the write and keeps the others' sets", async () => {
    const kept = await signUp(app);
    const served = new ServedSets(deps.db, failLoudly);
    const set = { stars: [], json: '[]', digest: 'kept', servedAt: new Date() };
    served.keep(kept.userId, set);
    served.keep(2_000_000_000, { ...set, digest: 'gone' });
    await served.flush();
    // Without the check the foreign key would refuse the whole write, the kept member's set with it.
    expect(served.counts.failed).toBe(0);
    expect(await storedDigest(kept.userId)).toBe('kept');
  });
});
