import { IMAGE_SIZES } from '@orbit/contract';
import type { CropArea } from '../../api/account';

/** The cropper's area, as react-easy-crop reports it (percent of the image, or image pixels). */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The crop as POST /crop takes it (docs/product/account-and-safety.md#persona): a square of side s = 210 at x, y, in the scale at which the
 * image is shown with the crop 210 px across; from the cropper's area in percent and in image pixels.
 */
export function squareCrop(percent: Area, pixels: Area): CropArea {
  const scale = IMAGE_SIZES.crop / pixels.width;
  const naturalWidth = pixels.width / (percent.width / 100);
  return {
    x: round2(pixels.x * scale),
    y: round2(pixels.y * scale),
    s: IMAGE_SIZES.crop,
    width: round2(naturalWidth * scale),
  };
}
