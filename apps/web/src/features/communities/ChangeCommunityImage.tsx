import { useChangeCommunityImage, useCommunity } from '../../api/communities';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { dialogBack } from '../../ui/dialogStore';
import layoutStyles from '../../ui/Layout.module.css';
import { showError } from '../../ui/popup';
import { confirmDone } from '../../ui/toast';
import styles from './Communities.module.css';
import { CommunityIcon } from './CommunityIcon';
import { PicturePicker } from './PicturePicker';

/** An expert changes the community's picture: POST /community/{id}/image, then back to the page. */
export function ChangeCommunityImage({ id }: { id: number }) {
  const { t } = useTranslation();
  const community = useCommunity(id).data;
  const change = useChangeCommunityImage();
  if (!community) return null;
  const send = (image: string) =>
    change.mutate(
      { id, image },
      {
        onSuccess: () => {
          confirmDone(T.saved);
          void dialogBack();
        },
        onError: () => showError(T.unableToUploadImage, T.pleaseTryAgain),
      },
    );
  return (
    <div className={layoutStyles.stack}>
      <div className={styles.centerRow}>
        <CommunityIcon face={community} size={140} />
      </div>
      <div className={styles.centerRow}>
        <PicturePicker label={t(T.choosePhoto)} onPicked={send} />
      </div>
    </div>
  );
}
