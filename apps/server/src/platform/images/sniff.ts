import { LIMITS } from '@orbit/contract';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../errors';

/** The image formats a member may upload; anything else is refused whatever its name or declared type. */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
] as const;

export const tooLarge = (message = 'The upload is over 25 MB') => new AppError(413, 'too_large', message);
export const unsupportedType = () =>
  new AppError(415, 'unsupported_type', 'Only JPEG, PNG, GIF, WebP and AVIF images are accepted');

/** Size first, then the magic bytes: the client's name and content type are not trusted. */
export async function assertAcceptedImage(bytes: Buffer): Promise<void> {
  if (bytes.length > LIMITS.uploadBytes) throw tooLarge();
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(sniffed.mime))
    throw unsupportedType();
}

/** The bytes of a `data:image/...;base64,...` URL (the spec's "JSON image"). */
export function decodeDataUrl(dataUrl: string): Buffer {
  const match = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,/i.exec(dataUrl);
  if (!match) throw new AppError(400, 'invalid_image', 'The image must be a base64 data URL');
  const payload = dataUrl.slice(match[0].length);
  // base64 grows by 4/3: refuse before decoding anything that cannot fit the cap.
  if (Math.floor((payload.length * 3) / 4) > LIMITS.uploadBytes + 2) throw tooLarge();
  return Buffer.from(payload, 'base64');
}
