import { IMAGE_SIZES, PersonaType } from '@orbit/contract';
import { useRef, useState } from 'react';
import {
  type CropArea,
  cropImage,
  memberPicture,
  type UploadedImage,
  uploadTempImage,
} from '../../api/account';
import { useMe } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { useBeforeBack } from '../../ui/DialogHost';
import { showError } from '../../ui/popup';
import { SquareCropper } from '../../ui/SquareCropper';
import { squareCrop } from './crop';
import styles from './Settings.module.css';
import { useSaveSetting } from './useSaveSetting';

/**
 * The persona editor (docs/product/account-and-safety.md#persona): the main view shows the picture and picks a file; the crop view cuts a
 * square of it. Upload (temp_image), crop (/crop), then PUT /user persona_image {type 2, value}.
 */
export function PersonaEditor() {
  const [uploaded, setUploaded] = useState<UploadedImage | null>(null);
  // Back from the crop view returns to the main view.
  useBeforeBack(() => {
    if (uploaded === null) return true;
    setUploaded(null);
    return false;
  });
  return uploaded === null ? (
    <PersonaMain onUploaded={setUploaded} />
  ) : (
    <PersonaCrop image={uploaded} onDone={() => setUploaded(null)} />
  );
}

function PersonaMain({ onUploaded }: { onUploaded: (image: UploadedImage) => void }) {
  const { t } = useTranslation();
  const profile = useMe();
  const picture = profile ? memberPicture(profile) : null;
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    try {
      onUploaded(await uploadTempImage(file));
    } catch {
      showError(T.unableToUploadImage, T.pleaseTryAgain);
    }
  };
  return (
    <div className={styles.center}>
      <Avatar src={picture} name={profile?.name ?? ''} size={160} />
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t(T.choosePhoto)}
        data-testid="persona-file"
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button onClick={() => fileInput.current?.click()}>{t(T.choosePhoto)}</Button>
    </div>
  );
}

function PersonaCrop({ image, onDone }: { image: UploadedImage; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  const [area, setArea] = useState<CropArea | null>(null);

  const apply = async () => {
    if (!area) return;
    let cropped: { image_id: number };
    try {
      cropped = await cropImage(image.image_id, area);
    } catch {
      return showError(T.unableToCropImage, T.pleaseTryAgain);
    }
    const persona = { type: PersonaType.UPLOADED, value: String(cropped.image_id) };
    if (await save({ persona_image: persona }, T.settingPersonaImage, T.unableToChangePersona)) onDone();
  };

  return (
    <div className={styles.form}>
      <SquareCropper
        image={image.image_url}
        side={IMAGE_SIZES.crop}
        onCropComplete={(percent, pixels) => setArea(squareCrop(percent, pixels))}
      />
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onDone}>
          {t(T.cancel)}
        </Button>
        <Button onClick={() => void apply()} disabled={!area}>
          {t(T.useThisCrop)}
        </Button>
      </div>
    </div>
  );
}
