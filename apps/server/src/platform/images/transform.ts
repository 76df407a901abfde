import sharp, { type FormatEnum, type Sharp } from 'sharp';
import { AppError } from '../errors';
import { tooLarge } from './sniff';

/** Decoding bombs: no upload may decode to more than 40 megapixels. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Stored uploads are scaled down so that their longest side is at most this. */
export const MAX_STORED_SIDE = 2048;
export const STORED_MIME = 'image/webp' as const;

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  mime: string;
}

export interface SquareRegion {
  left: number;
  top: number;
  side: number;
}

function decode(bytes: Buffer, options: { animated?: boolean } = {}): Sharp {
  // sharp drops EXIF, GPS, XMP and ICC metadata unless asked to keep it: re-encoding is the stripping.
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', ...options }).rotate();
}

/** The formats an attachment keeps when re-encoded (the member downloads what they uploaded, less metadata). */
const KEPT_FORMATS = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
} as const satisfies Record<string, keyof FormatEnum>;
type KeptMime = keyof typeof KEPT_FORMATS;
/** PNG's and GIF's `quality` would quantise the palette: only the lossy formats get one. */
const LOSSY_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'webp', 'avif']);

async function encode(pipeline: Sharp, mime: KeptMime = STORED_MIME): Promise<EncodedImage> {
  try {
    const format = KEPT_FORMATS[mime];
    const { data, info } = await pipeline
      .toFormat(format, LOSSY_FORMATS.has(format) ? { quality: 85 } : {})
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, mime };
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw tooLarge('The image has too many pixels');
    throw new AppError(400, 'invalid_image', 'unable to upload image');
  }
}

/** An upload as stored: upright, without metadata, at most MAX_STORED_SIDE on its longest side. */
export function normalizeImage(bytes: Buffer): Promise<EncodedImage> {
  return encode(
    decode(bytes).resize({
      width: MAX_STORED_SIDE,
      height: MAX_STORED_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    }),
  );
}

/**
 * An image attachment re-encoded in its own format (animation kept), so that EXIF, GPS and the rest of its
 * metadata are gone; formats outside KEPT_FORMATS become WebP.
 */
export function reencodeImage(bytes: Buffer, sniffedMime: string): Promise<EncodedImage> {
  const mime = Object.hasOwn(KEPT_FORMATS, sniffedMime) ? (sniffedMime as KeptMime) : STORED_MIME;
  return encode(decode(bytes, { animated: true }), mime);
}

/** A stored image scaled to fit inside `side` x `side` (previews). */
export function fitInside(bytes: Buffer, side: number): Promise<EncodedImage> {
  return encode(decode(bytes).resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }));
}

/** A square region of an image, scaled to `output` x `output`. */
export function cropSquare(bytes: Buffer, region: SquareRegion, output: number): Promise<EncodedImage> {
  return encode(
    decode(bytes)
      .extract({ left: region.left, top: region.top, width: region.side, height: region.side })
      .resize(output, output),
  );
}

/** The largest centred square of an image, scaled to `output` x `output`. */
export function centreSquare(bytes: Buffer, output: number): Promise<EncodedImage> {
  return encode(decode(bytes).resize(output, output, { fit: 'cover', position: 'centre' }));
}
