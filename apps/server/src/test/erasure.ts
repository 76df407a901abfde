import { AwsClient } from 'aws4fetch';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { S3Config } from '../config';
import type { Queryable } from '../db/client';

/** Test support for the erasure tests: walks of the schema and of the storage (decision 0048). */

async function rows<T>(db: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** Every column that references users.id by a foreign key, read from information_schema. */
export async function userForeignKeys(db: Queryable) {
  return rows<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT kcu.table_name, kcu.column_name
      FROM information_schema.referential_constraints rc
      JOIN information_schema.key_column_usage kcu
        ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
      JOIN information_schema.constraint_column_usage ccu
        ON ccu.constraint_name = rc.unique_constraint_name AND ccu.constraint_schema = rc.unique_constraint_schema
      WHERE ccu.table_name = 'users' AND ccu.column_name = 'id' AND kcu.table_schema = 'public'`,
  );
}

async function columnsOfType(db: Queryable, types: string[]) {
  return rows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})
      AND table_name NOT LIKE '\\_\\_%'`,
  );
}

/** A column name that holds a member id by its name (user_id, author_id, created_by, owner_id, ...). */
const MEMBER_COLUMN =
  /(^|_)(user|author|owner|caller|instructor|producer|uploader|from|to|recipient|target|friend)_id$|_by$/;
/** A JSON key that names a member (user_id, friend_ids, tagged_users, a channel group's ids, ...). */
const MEMBER_KEY =
  /^(ids|tagged_users|(.*_)?(user|users|friend|friends|author|caller|instructor|producer|member|sender|recipient|from|to)_ids?)$/;

/**
 * Integer columns named for a member but without a foreign key, and what their value means: each must be
 * declared here with the rows in which it names a member, so that a new one fails the walk until it is.
 */
export const SOFT_MEMBER_COLUMNS: Record<string, string | null> = {
  // A community's owner is a member when owner_type is 2 (else an organisation).
  'communities.owner_id': 'owner_type = 2',
  // A star's target is a member when its kind is 'user'.
  'stars.target_id': "target_kind = 'user'",
  // A report's target is a member when its type is 'user' (decision 0047).
  'reports.target_id': "target_type = 'user'",
  // The audit row of an erasure: the one row allowed to name the member.
  'account_erasures.user_id': null,
};

function namesInJson(value: unknown, userId: number, key = ''): boolean {
  if (Array.isArray(value)) {
    if (MEMBER_KEY.test(key) && value.includes(userId)) return true;
    return value.some((item) => namesInJson(item, userId, key));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => namesInJson(v, userId, k));
  }
  return MEMBER_KEY.test(key) && value === userId;
}

/**
 * Every place in the database that still names the member: foreign-key columns, member-named integer
 * columns without a key, member keys inside any jsonb column, and text that carries the id (a stream key,
 * a thread's pair key). Answers `table.column: count` lines; empty when the member is gone.
 */
export async function placesNaming(db: Queryable, userId: number): Promise<string[]> {
  const found: string[] = [];
  const count = async (table: string, column: string, where: ReturnType<typeof sql>) => {
    const [row] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${ident(table)} WHERE ${where}`,
    );
    if ((row?.n ?? 0) > 0) found.push(`${table}.${column}: ${row?.n}`);
  };
  const foreign = await userForeignKeys(db);
  const keyed = new Set(foreign.map((f) => `${f.table_name}.${f.column_name}`));
  for (const f of foreign) await count(f.table_name, f.column_name, sql`${ident(f.column_name)} = ${userId}`);
  for (const c of await columnsOfType(db, ['integer', 'bigint'])) {
    const name = `${c.table_name}.${c.column_name}`;
    if (keyed.has(name) || !MEMBER_COLUMN.test(c.column_name) || c.table_name === 'users') continue;
    expect(SOFT_MEMBER_COLUMNS, `${name} names members without a foreign key: declare it`).toHaveProperty([
      name,
    ]);
    const when = SOFT_MEMBER_COLUMNS[name];
    if (when === null) continue;
    await count(c.table_name, c.column_name, sql`${ident(c.column_name)} = ${userId} AND ${sql.raw(when)}`);
  }
  for (const c of await columnsOfType(db, ['jsonb', 'json'])) {
    const values = await rows<{ v: unknown }>(
      db,
      sql`SELECT ${ident(c.column_name)} AS v FROM ${ident(c.table_name)}`,
    );
    const naming = values.filter((r) => namesInJson(r.v, userId));
    if (naming.length > 0) {
      const sample = JSON.stringify(naming[0]?.v).slice(0, 300);
      found.push(`${c.table_name}.${c.column_name}: ${naming.length} (json, e.g. ${sample})`);
    }
  }
  // Text keys built from member ids: a personal event stream, a one-to-one thread's pair.
  await count('event_streams', 'stream', sql`stream = ${`u:${userId}`}`);
  await count('message_groups', 'pair_key', sql`pair_key ~ ${`(^|:)${userId}(:|$)`}`);
  await count('users', 'id', sql`id = ${userId}`);
  return found;
}

/** Every object key in an S3 bucket (ListObjectsV2, page by page). */
export async function bucketKeys(config: S3Config): Promise<string[]> {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
  });
  const keys: string[] = [];
  let token: string | null = null;
  do {
    const url = new URL(`${config.endpoint}/${config.bucket}`);
    url.searchParams.set('list-type', '2');
    if (token) url.searchParams.set('continuation-token', token);
    const res = await client.fetch(url.toString());
    const body = await res.text();
    if (!res.ok) throw new Error(`list failed: ${res.status} ${body}`);
    keys.push(...[...body.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1] as string));
    token = /<IsTruncated>true<\/IsTruncated>/.test(body)
      ? (/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(body)?.[1] ?? null)
      : null;
  } while (token);
  return keys;
}

/** The storage keys rows still refer to: the files the database says exist. */
export async function referencedKeys(db: Queryable): Promise<Set<string>> {
  const found = await rows<{ key: string }>(
    db,
    sql`SELECT storage_key AS key FROM images UNION ALL SELECT storage_key FROM attachments
      UNION ALL SELECT media_key FROM lessons WHERE media_key IS NOT NULL`,
  );
  return new Set(found.map((r) => r.key));
}
