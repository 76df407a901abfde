import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { attachments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../platform/errors';
import { type IncomingFile, type PreparedFile, prepareFile } from './inspect';

type Prepare = (file: IncomingFile) => Promise<PreparedFile>;

export type AttachmentRow = typeof attachments.$inferSelect;

/** What an attachment belongs to; `pending` is the composer's image until its post claims it. */
export type AttachmentHolder =
  | { postId: number }
  | { commentId: number }
  | { messageId: number }
  | { pending: true };

interface StoredFile extends PreparedFile {
  storageKey: string;
}

/** Files checked and in storage, waiting for the caller's transaction to give them rows. */
export interface StoredUploads {
  count: number;
  /** One attachment row per file for `holder`, written with `db` (the caller's transaction). */
  attachTo(db: Queryable, uploaderId: number, holder: AttachmentHolder): Promise<AttachmentRow[]>;
}

/** A pending image not claimed by a post within a day is removed when its uploader uploads the next one. */
const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

/** Every file is checked before any is stored: one refused file refuses the upload. */
async function prepareAll(files: IncomingFile[], prepare: Prepare): Promise<PreparedFile[]> {
  const prepared: PreparedFile[] = [];
  // One at a time: each image re-encode holds its pixels in memory.
  for (const file of files) prepared.push(await prepare(file));
  return prepared;
}

function rowsFor(stored: StoredFile[], uploaderId: number, holder: AttachmentHolder) {
  const { pending: _pending, ...owner } = { pending: false, ...holder };
  return stored.map((file) => ({
    ...owner,
    uploaderId,
    type: file.type,
    fileName: file.fileName,
    mime: file.mime,
    size: file.bytes.length,
    storageKey: file.storageKey,
  }));
}

/**
 * The upload core shared by posts, comments and messages: checks the files, puts their bytes in storage,
 * then runs `use`, which writes the rows (and the post or comment) in its own transaction. If `use` fails,
 * the bytes are removed again, so storage never keeps a file without a row.
 */
export async function withStoredUploads<T>(
  deps: Pick<AppDeps, 'storage'>,
  files: IncomingFile[],
  use: (uploads: StoredUploads) => Promise<T>,
  prepare: Prepare = prepareFile,
): Promise<T> {
  const prepared = await prepareAll(files, prepare);
  const stored: StoredFile[] = [];
  try {
    for (const file of prepared) {
      const storageKey = `attachments/${randomUUID()}`;
      await deps.storage.put(storageKey, file.bytes);
      stored.push({ ...file, storageKey });
    }
    return await use({
      count: stored.length,
      attachTo: async (db, uploaderId, holder) =>
        stored.length === 0
          ? []
          : db
              .insert(attachments)
              .values(rowsFor(stored, uploaderId, holder))
              .returning(),
    });
  } catch (err) {
    await Promise.all(stored.map((file) => deps.storage.delete(file.storageKey)));
    throw err;
  }
}

/** The stored bytes of an attachment; a row whose bytes are gone answers 404 too. */
export async function attachmentBytes(deps: Pick<AppDeps, 'storage'>, row: AttachmentRow): Promise<Buffer> {
  const bytes = await deps.storage.get(row.storageKey);
  if (!bytes) throw notFound('The file is no longer stored');
  return bytes;
}

/** Removes the uploader's pending images older than a day, rows and bytes. */
export async function removeStalePending(deps: Pick<AppDeps, 'db' | 'storage'>, uploaderId: number) {
  const stale = await deps.db
    .delete(attachments)
    .where(
      and(
        eq(attachments.uploaderId, uploaderId),
        isNull(attachments.postId),
        isNull(attachments.commentId),
        isNull(attachments.messageId),
        lt(attachments.createdAt, new Date(Date.now() - PENDING_TTL_MS)),
      ),
    )
    .returning({ storageKey: attachments.storageKey });
  await Promise.all(stale.map((s) => deps.storage.delete(s.storageKey)));
}
