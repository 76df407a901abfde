import { AccessType, type CommunityEntry } from '@orbit/contract';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import layoutStyles from '../../ui/Layout.module.css';
import listStyles from '../../ui/List.module.css';
import styles from './Communities.module.css';
import { CommunityIcon } from './CommunityIcon';

/**
 * The community info view a non-member reaches from a list (docs/product/friends.md#search): what the community is, and the
 * way in. Once joined, the community itself takes this view's place.
 */
export function CommunityPreview({ entry }: { entry: CommunityEntry }) {
  const { t } = useTranslation();
  return (
    <div className={layoutStyles.stack}>
      <CommunityHeader entry={entry} />
      <div className={layoutStyles.buttons}>
        <Button
          onClick={() =>
            open('join-community', {
              entry,
              onJoined: () => open('community', { id: entry.id, name: entry.name, instead: true }),
            })
          }
        >
          {t(T.communityJoin)}
        </Button>
      </div>
    </div>
  );
}

function CommunityHeader({ entry }: { entry: CommunityEntry }) {
  const { t } = useTranslation();
  return (
    <section className={listStyles.header} aria-label={entry.name}>
      <CommunityIcon face={entry} size={88} />
      <div className={styles.headerText}>
        <p className={listStyles.headerName}>{entry.name}</p>
        {entry.access_type === AccessType.PRIVATE && (
          <span className={styles.muted}>{t(T.privateCommunity)}</span>
        )}
        {entry.description && <p className={styles.description}>{entry.description}</p>}
      </div>
    </section>
  );
}
