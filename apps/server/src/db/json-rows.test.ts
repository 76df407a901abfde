import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, uniqueName } from '../test/harness';
import { columnList, jsonRead, reads, tableRowFromJson } from './json-rows';
import { stars, users } from './schema';

const database = await openTestDatabase();
afterAll(() => database.close());

/** What a read's column holds, read as a statement of its own would read it beside others. */
async function columnOf(read: { sql: ReturnType<typeof sql> }): Promise<unknown> {
  const result = (await database.db.execute(sql`SELECT ${read.sql} AS value`)) as {
    rows: { value: unknown }[];
  };
  return result.rows[0].value;
}

async function twoMembersOneStar() {
  const [a, b] = await database.db
    .insert(users)
    .values(
      [uniqueName('jsonrows'), uniqueName('jsonrows')].map((username) => ({
        username,
        email: `${username}@orbit.test`,
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id });
  await database.db.insert(stars).values({
    ownerId: a.id,
    targetKind: 'user',
    targetId: b.id,
    pinned: true,
    interactionScore: 2.5,
    interactionDate: new Date('2026-11-30T08:15:30.123Z'),
  });
  return [a.id, b.id];
}

describe('jsonRead', () => {
  it('decodes its rows exactly as drizzle answers the same select: colliding names, dates, jsonb, a left join missed, order', async () => {
    const ids = await twoMembersOneStar();
    const fields = {
      user: users,
      star: {
        id: stars.id,
        pinned: stars.pinned,
        score: stars.interactionScore,
        date: stars.interactionDate,
      },
      tags: users.moodTags,
    };
    const starOfMember = and(eq(stars.ownerId, users.id), eq(stars.targetKind, 'user'));
    const read = jsonRead(fields, (aliased) =>
      reads
        .select(aliased)
        .from(users)
        .leftJoin(stars, starOfMember)
        .where(inArray(users.id, ids))
        .orderBy(desc(users.id)),
    );

    const decoded = read.decode(await columnOf(read));
    const answered = await database.db
      .select(fields)
      .from(users)
      .leftJoin(stars, starOfMember)
      .where(inArray(users.id, ids))
      .orderBy(desc(users.id));

    expect(decoded).toEqual(answered);
    // The first member's star, and the second's miss as null rather than an object of nulls.
    expect(decoded.map((row) => row.star)).toEqual([
      null,
      { id: expect.any(Number), pinned: true, score: 2.5, date: new Date('2026-11-30T08:15:30.123Z') },
    ]);
    expect(decoded.map((row) => row.user.id)).toEqual([...ids].reverse());
  });

  it('decodes an aggregate with its own mapping, and a read of no rows as an empty list, whether the driver parsed the JSON or not', async () => {
    const [a] = await twoMembersOneStar();
    const counted = jsonRead({ count: count(), newest: max(stars.interactionDate) }, (aliased) =>
      reads.select(aliased).from(stars).where(eq(stars.ownerId, a)),
    );
    expect(counted.decode(await columnOf(counted))).toEqual([
      { count: 1, newest: new Date('2026-11-30T08:15:30.123Z') },
    ]);
    const none = jsonRead({ id: users.id }, (aliased) =>
      reads.select(aliased).from(users).where(eq(users.id, -1)),
    );
    expect(none.decode(await columnOf(none))).toEqual([]);
    expect(none.decode('[]')).toEqual([]);
    expect(counted.decode(JSON.stringify(await columnOf(counted)))[0].newest).toBeInstanceOf(Date);
  });

  it('refuses a field that is neither a column, a table nor SQL', () => {
    expect(() =>
      jsonRead({ id: 1 as unknown as typeof users.id }, (aliased) => reads.select(aliased).from(users)),
    ).toThrow('A read\'s field "id" is not a column, a table or SQL');
  });
});

describe('tableRowFromJson and columnList', () => {
  it('decode a row written by a statement that answers it as to_json, exactly as drizzle answers the row', async () => {
    const [a, b] = await twoMembersOneStar();
    // A write naming some columns (the others keep their defaults), answering its row as JSON beside a value.
    const result = (await database.db.execute(sql`WITH written AS (
        INSERT INTO ${stars} (${columnList(stars, ['ownerId', 'targetKind', 'targetId', 'interactionDate'])})
        VALUES (${b}, 'user', ${a}, '2026-12-01T10:00:00.5Z') RETURNING *)
      SELECT 7 AS beside, to_json(w) AS row FROM written w`)) as { rows: { beside: number; row: unknown }[] };
    const [{ beside, row }] = result.rows;
    const decoded = tableRowFromJson(stars)(row);
    const [answered] = await database.db.select().from(stars).where(eq(stars.ownerId, b));

    expect(beside).toBe(7);
    expect(decoded).toEqual(answered);
    expect(decoded.interactionDate).toEqual(new Date('2026-12-01T10:00:00.5Z'));
    // The embedded database's thread answers JSON as text: the same row.
    expect(tableRowFromJson(stars)(typeof row === 'string' ? row : JSON.stringify(row))).toEqual(answered);
  });
});
