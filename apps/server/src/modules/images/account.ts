import { asc, eq } from 'drizzle-orm';
import { images } from '../../db/schema';
import type { AccountPart } from '../../platform/account';

/**
 * The pictures the member uploaded (persona, temp, community and group pictures; decision 0048): embedded in
 * the export, and removed with the account (a community or group keeps running without its picture).
 */
export const imagesAccount: AccountPart = {
  async exportOf(db, userId, files) {
    const rows = await db.select().from(images).where(eq(images.ownerId, userId)).orderBy(asc(images.id));
    const pictures = [];
    for (const row of rows) {
      pictures.push(
        await files.embed({
          kind: row.kind,
          file_name: row.storageKey.split('/').at(-1) ?? `${row.id}.webp`,
          mime: row.mime,
          size: row.bytes,
          created_at: row.createdAt.toISOString(),
          storageKey: row.storageKey,
        }),
      );
    }
    return { pictures };
  },

  async erase(work, userId) {
    const removed = await work.tx
      .delete(images)
      .where(eq(images.ownerId, userId))
      .returning({ storageKey: images.storageKey });
    return removed.map((row) => row.storageKey);
  },
};
