import { IMAGE_SIZES } from '@orbit/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { useBeforeBack } from '../../ui/DialogHost';
import layoutStyles from '../../ui/Layout.module.css';
import { showError } from '../../ui/popup';
import { type Area, croppedDataUrl, SquareCropper } from '../../ui/SquareCropper';

/** The square the member sees while cropping; the picture sent is 300 wide (docs/product/account-and-safety.md#persona). */
const CROP_SIDE = IMAGE_SIZES.crop;

/**
 * Picks a local picture and cuts a square of it, sent as a JSON image (a data URL 300 px wide). Back from
 * the cropper returns to the button.
 */
export function PicturePicker({ label, onPicked }: { label: string; onPicked: (image: string) => void }) {
  const { t } = useTranslation();
  const [source, setSource] = useState<string | null>(null);
  const [area, setArea] = useState<Area | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);
  useBeforeBack(() => {
    if (source === null) return true;
    setSource(null);
    return false;
  });

  const use = async () => {
    if (!source || !area) return;
    try {
      onPicked(await croppedDataUrl(source, area, IMAGE_SIZES.editorWidth));
      setSource(null);
    } catch {
      showError(T.unableToUploadImage, T.pleaseTryAgain);
    }
  };

  if (source) {
    return (
      <div className={layoutStyles.form}>
        <SquareCropper
          image={source}
          side={CROP_SIDE}
          onCropComplete={(_percent, pixels) => setArea(pixels)}
        />
        <div className={layoutStyles.buttons}>
          <Button variant="ghost" onClick={() => setSource(null)}>
            {t(T.cancel)}
          </Button>
          <Button onClick={() => void use()} disabled={!area}>
            {t(T.useThisCrop)}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={label}
        data-testid="community-image-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) setSource(URL.createObjectURL(file));
          event.target.value = '';
        }}
      />
      <Button variant="secondary" onClick={() => fileInput.current?.click()}>
        {label}
      </Button>
    </>
  );
}
