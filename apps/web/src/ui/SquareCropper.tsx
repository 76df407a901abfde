import { type ComponentType, type JSX, useState } from 'react';
import type { Area, CropperProps, default as EasyCropper } from 'react-easy-crop';
import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import { lazyScreen } from './lazyScreen';
import styles from './SquareCropper.module.css';

export type { Area };

// The crop editor loads when a picture is being cut, not with the app's first screen.
const Cropper = lazyScreen(() =>
  import('react-easy-crop').then((m) => m.default as ComponentType<CropperShownProps>),
);
/** What the cropper is given: its props less the ones its defaultProps fill in. */
type CropperShownProps = JSX.LibraryManagedAttributes<typeof EasyCropper, CropperProps>;

export interface SquareCropperProps {
  /** The picture to cut, by URL (an upload's address or a local object URL). */
  image: string;
  /** The square's side on screen, in px. */
  side: number;
  /** The chosen square, in percent of the picture and in the picture's own pixels. */
  onCropComplete: (percent: Area, pixels: Area) => void;
}

/** The square image editor (docs/product/account-and-safety.md#persona: square crop): drag to place the square, the slider zooms. */
export function SquareCropper({ image, side, onCropComplete }: SquareCropperProps) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  return (
    <div className={styles.cropper}>
      <div className={styles.area}>
        <Cropper
          image={image}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropSize={{ width: side, height: side }}
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onCropComplete}
        />
      </div>
      <label className={styles.zoom}>
        <span>{t(T.zoom)}</span>
        <input
          type="range"
          className={styles.range}
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
      </label>
    </div>
  );
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image did not load'));
    image.src = src;
  });
}

/** Cuts the chosen square out of a local picture as a JPEG data URL `width` px wide (docs/product/account-and-safety.md#persona: 300). */
export async function croppedDataUrl(src: string, pixels: Area, width: number): Promise<string> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = width;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.drawImage(image, pixels.x, pixels.y, pixels.width, pixels.height, 0, 0, width, width);
  return canvas.toDataURL('image/jpeg', 0.9);
}
