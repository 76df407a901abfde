import type { AccountImport, ExportedFile, ImportResult } from '@orbit/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import type { Storage } from './storage';
import type { Work } from './tx';

/**
 * A member's files as the export embeds them: the bytes in base64 (the document stands alone, and no link
 * outlives the account), null when the bytes are no longer stored.
 */
export class ExportFiles {
  constructor(private readonly storage: Storage) {}

  async embed(file: Omit<ExportedFile, 'data_base64'> & { storageKey: string }): Promise<ExportedFile> {
    const { storageKey, ...rest } = file;
    const bytes = await this.storage.get(storageKey);
    return { ...rest, data_base64: bytes ? bytes.toString('base64') : null };
  }
}

/** What an erasure leaves to do after its commit: the storage keys of the member's files. */
export type ErasedFiles = string[];

/**
 * One module's share of a member's account (decision 0048): what it exports, what it imports of the personal
 * part, and what it erases beyond the foreign keys' cascade. A module writes one `AccountPart`, exports it
 * through its index.ts, and the account module lists it once (modules/account/parts.ts).
 */
export interface AccountPart {
  /** Sections of GET /user/export this module fills, keyed by section name. */
  exportOf?(db: Queryable, userId: number, files: ExportFiles): Promise<Record<string, unknown>>;
  /**
   * Imports this module's sections of an export into the member's account, in the import's transaction;
   * answers what it added. Must add nothing when the same document is imported again.
   */
  importInto?(work: Work, userId: number, document: AccountImport): Promise<Partial<ImportResult>>;
  /**
   * Runs in the erasure's transaction, before the member's row is deleted: tells others what goes (events),
   * removes what the cascade would not (ids in jsonb, rows without a foreign key), and answers the storage
   * keys of files to remove once the erasure has committed.
   */
  erase?(work: Work, userId: number): Promise<ErasedFiles | undefined>;
}

/**
 * The keys under which a JSON document (an event, a notification, a served star set) names a member: user_id,
 * author_id, friend_ids, tagged_users, a channel group's ids, ... Decision 0048; the erasure test walks every
 * jsonb column with the same idea, independently.
 */
export const MEMBER_KEY_PATTERN =
  '^(ids|tagged_users|(.*_)?(user|users|friend|friends|author|caller|instructor|producer|member|sender|recipient|from|to)_ids?)$';

// Objects only: keyvalue() of a scalar is an error, which (silenced) would end the whole walk unanswered.
const MEMBER_PATH = `lax $.** ? (@.type() == "object").keyvalue() ? (@.key like_regex "${MEMBER_KEY_PATTERN}" && @.value == $id)`;

/**
 * True for a jsonb value that names the member anywhere inside it (PostgreSQL jsonpath; silent, so that
 * scalars and arrays along the way are passed over rather than raising).
 */
export function namesMember(column: unknown, userId: number): SQL<boolean> {
  return sql<boolean>`coalesce(jsonb_path_exists(${column}, ${MEMBER_PATH}::jsonpath, ${JSON.stringify({ id: userId })}::jsonb, true), false)`;
}

/** Rows of one insert statement: well under PostgreSQL's 65535 parameters for the widest imported row. */
const IMPORT_CHUNK = 1_000;

/**
 * Inserts the imported items that are new, in chunks: `keyOf` names an item (what makes two the same), `existing`
 * the keys the account already has. The import holds the member's row lock, so nothing adds the same key
 * meanwhile. Answers how many were added.
 */
export async function insertNew<T>(
  items: readonly T[],
  existing: Iterable<string>,
  keyOf: (item: T) => string,
  insert: (items: T[]) => Promise<unknown>,
): Promise<number> {
  const seen = new Set(existing);
  const fresh = items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  for (let from = 0; from < fresh.length; from += IMPORT_CHUNK) {
    await insert(fresh.slice(from, from + IMPORT_CHUNK));
  }
  return fresh.length;
}

/** A jsonb array of member ids without this member (the value of an UPDATE ... SET). */
export function withoutMember(array: unknown, userId: number): SQL {
  return sql`(SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(${array}) AS e
    WHERE e <> to_jsonb(${userId}::int))`;
}

/** True when a jsonb array of member ids holds this member. */
export function holdsMember(array: unknown, userId: number): SQL<boolean> {
  return sql<boolean>`${array} @> to_jsonb(${userId}::int)`;
}
