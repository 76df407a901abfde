import { randomUUID } from 'node:crypto';
import { IMAGE_SIZES, imageUrl } from '@orbit/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { images } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../platform/errors';
import {
  assertAcceptedImage,
  centreSquare,
  cropSquare,
  decodeDataUrl,
  type EncodedImage,
  fitInside,
  normalizeImage,
} from '../../platform/images';
import { ImageKind } from './policy';
import { mayViewImage } from './visibility';

/** A member's abandoned temp uploads are removed when they upload the next one. */
const TEMP_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredImage {
  image_id: number;
  image_url: string;
  width: number;
  height: number;
}

/** Writes the bytes under an unguessable key, then the row; the bytes are removed again if the row fails. */
async function store(deps: AppDeps, ownerId: number, kind: ImageKind, image: EncodedImage) {
  const storageKey = `images/${kind}/${randomUUID()}.webp`;
  await deps.storage.put(storageKey, image.data);
  try {
    const [row] = await deps.db
      .insert(images)
      .values({
        ownerId,
        kind,
        mime: image.mime,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
        storageKey,
      })
      .returning({ id: images.id });
    return { image_id: row.id, image_url: imageUrl(row.id), width: image.width, height: image.height };
  } catch (err) {
    await deps.storage.delete(storageKey);
    throw err;
  }
}

async function removeStaleTempImages(deps: AppDeps, ownerId: number): Promise<void> {
  const stale = await deps.db
    .delete(images)
    .where(
      and(
        eq(images.ownerId, ownerId),
        eq(images.kind, ImageKind.TEMP),
        lt(images.createdAt, new Date(Date.now() - TEMP_IMAGE_TTL_MS)),
      ),
    )
    .returning({ storageKey: images.storageKey });
  await Promise.all(stale.map((s) => deps.storage.delete(s.storageKey)));
}

/** POST /user/temp_image: an upload kept (re-encoded) until the member crops it. */
export async function uploadTempImage(deps: AppDeps, ownerId: number, bytes: Buffer): Promise<StoredImage> {
  await assertAcceptedImage(bytes);
  const stored = await store(deps, ownerId, ImageKind.TEMP, await normalizeImage(bytes));
  await removeStaleTempImages(deps, ownerId);
  return stored;
}

/** A "JSON image" made square from its centre at the editor's width (300), stored as `kind`. */
export async function storeSquareDataUrl(deps: AppDeps, ownerId: number, kind: ImageKind, dataUrl: string) {
  const bytes = decodeDataUrl(dataUrl);
  await assertAcceptedImage(bytes);
  const square = await centreSquare(bytes, IMAGE_SIZES.editorWidth);
  const { image_id, image_url } = await store(deps, ownerId, kind, square);
  return { image_id, image_url };
}

/** POST /user/image_id: a persona picture, as the persona editor outputs it. */
export function uploadPersonaDataUrl(deps: AppDeps, ownerId: number, dataUrl: string) {
  return storeSquareDataUrl(deps, ownerId, ImageKind.PERSONA, dataUrl);
}

async function findImage(db: Queryable, imageId: number) {
  const [row] = await db.select().from(images).where(eq(images.id, imageId)).limit(1);
  return row ?? null;
}

async function readBytes(deps: AppDeps, storageKey: string): Promise<Buffer> {
  const bytes = await deps.storage.get(storageKey);
  if (!bytes) throw notFound('The image is no longer stored');
  return bytes;
}

export interface CropRequest {
  image_id: number;
  s: number;
  x: number;
  y: number;
  width?: number;
}

/** A square of the member's own temp image, in the scale it was shown at; refused when it leaves the image. */
function cropRegion(request: CropRequest, image: { width: number; height: number }) {
  const scale = image.width / (request.width ?? image.width);
  const [left, top, side] = [request.x, request.y, request.s].map((v) => v * scale);
  // Half a pixel of slack: the editor's coordinates are fractional after its own scaling.
  const outside =
    left < -0.5 || top < -0.5 || left + side > image.width + 0.5 || top + side > image.height + 0.5;
  if (outside || side < 1)
    throw badRequest('out_of_range', 'unable to crop image: the square leaves the image');
  const x = Math.max(0, Math.round(left));
  const y = Math.max(0, Math.round(top));
  return { left: x, top: y, side: Math.min(Math.round(side), image.width - x, image.height - y) };
}

/** POST /crop: the square the member chose of their temp image, as a 300 x 300 persona picture. */
export async function cropTempImage(deps: AppDeps, ownerId: number, request: CropRequest) {
  const temp = await findImage(deps.db, request.image_id);
  if (!temp || temp.kind !== ImageKind.TEMP || temp.ownerId !== ownerId || !temp.width || !temp.height) {
    throw notFound('No such image');
  }
  const region = cropRegion(request, { width: temp.width, height: temp.height });
  const cropped = await cropSquare(await readBytes(deps, temp.storageKey), region, IMAGE_SIZES.editorWidth);
  const { image_id, image_url } = await store(deps, ownerId, ImageKind.PERSONA, cropped);
  return { image_id, image_url };
}

/**
 * The bytes of an image the viewer may see (404 for the rest, and for another kind than `only`),
 * optionally fitted inside `side` x `side`. `checked`: the calling module has already decided that the
 * viewer may see it (a group's picture, for its participants), so only the kind is checked here.
 */
export async function readImage(
  deps: AppDeps,
  viewerId: number,
  imageId: number,
  options: { side?: number; only?: ImageKind; checked?: boolean } = {},
) {
  const image = await findImage(deps.db, imageId);
  const wrongKind = options.only !== undefined && image?.kind !== options.only;
  const allowed = image && !wrongKind && (options.checked || (await mayViewImage(deps.db, image, viewerId)));
  if (!image || !allowed) throw notFound('No such image');
  const bytes = await readBytes(deps, image.storageKey);
  if (!options.side) return { bytes, mime: image.mime, kind: image.kind };
  const fitted = await fitInside(bytes, options.side);
  return { bytes: fitted.data, mime: fitted.mime, kind: image.kind };
}

/** May this member use the image as their persona (type 2)? Only a persona picture they uploaded. */
export async function isOwnPersonaImage(db: Queryable, ownerId: number, imageId: number): Promise<boolean> {
  const image = await findImage(db, imageId);
  return image?.kind === ImageKind.PERSONA && image.ownerId === ownerId;
}
