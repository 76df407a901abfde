import { memberPicture } from '../../api/account';
import { useMe } from '../../api/profiles';
import type { UserProfile } from '../../api/types';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { HeightField, UnitField, WeightField } from './MeasureFields';
import { NameFields } from './NameFields';
import { openPersonaEditor } from './openPersonaEditor';
import { BirthField, CountryField, StateField, TimezoneField } from './PlaceFields';
import styles from './Settings.module.css';

function PhotoRow({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const picture = memberPicture(profile);
  return (
    <div className={styles.photoRow}>
      <Avatar src={picture} name={profile.name} size={72} />
      {!profile.identity_provider && (
        <Button variant="secondary" onClick={openPersonaEditor}>
          {t(T.changePhoto)}
        </Button>
      )}
    </div>
  );
}

/** Every profile field of docs/product/account-and-safety.md#profile; each one saves itself, the names also when going back. */
export function ProfileEditor() {
  const profile = useMe();
  if (!profile) return null;
  return (
    <div className={styles.form}>
      <PhotoRow profile={profile} />
      <NameFields profile={profile} />
      <BirthField profile={profile} />
      <UnitField profile={profile} />
      <HeightField profile={profile} />
      <WeightField profile={profile} />
      <CountryField profile={profile} />
      <StateField profile={profile} />
      <TimezoneField profile={profile} />
    </div>
  );
}
