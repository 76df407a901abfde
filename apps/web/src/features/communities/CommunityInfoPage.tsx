import { COMMUNITY_INFO_MAX } from '@orbit/contract';
import { useState } from 'react';
import { useCommunity, useSaveCommunityInfo } from '../../api/communities';
import { isExpert } from '../../api/roles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { useBeforeBack } from '../../ui/DialogHost';
import fieldStyles from '../../ui/Field.module.css';
import layoutStyles from '../../ui/Layout.module.css';
import listStyles from '../../ui/List.module.css';
import { confirmDone } from '../../ui/toast';
import styles from './Communities.module.css';

/** The community info page (docs/product/communities.md#community-info): free-text notes, editable by experts only, read-only for others. */
export function CommunityInfoPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const community = useCommunity(id).data;
  if (!community) return null;
  if (isExpert(community.roles)) return <InfoEditor id={id} info={community.info} />;
  return community.info ? (
    <p className={styles.notesRead}>{community.info}</p>
  ) : (
    <p className={listStyles.empty}>{t(T.infoPlaceholder)}</p>
  );
}

/** Saved when going back (editors save on back, docs/product/account-and-safety.md#profile); a failed save is silent (docs/product/the area's own anchor (communities.md#members). */
function InfoEditor({ id, info }: { id: number; info: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(info);
  const save = useSaveCommunityInfo();
  useBeforeBack(async () => {
    if (draft !== info) {
      await save
        .mutateAsync({ id, info: draft })
        .then(() => confirmDone(T.saved))
        .catch(() => undefined);
    }
    return true;
  });
  return (
    <label className={layoutStyles.form}>
      <span className="visually-hidden">{t(T.communityInfo)}</span>
      <textarea
        className={`${fieldStyles.control} ${styles.notes}`}
        value={draft}
        maxLength={COMMUNITY_INFO_MAX}
        placeholder={t(T.infoPlaceholder)}
        onChange={(event) => setDraft(event.target.value)}
      />
    </label>
  );
}
