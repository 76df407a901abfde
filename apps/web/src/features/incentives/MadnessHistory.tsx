import type { IncentiveCommunity } from '@orbit/contract';
import { GOCOIN_BAR_SCALE } from '@orbit/contract';
import { useMadnessHistory } from '../../api/incentives';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import cardStyles from '../../ui/Card.module.css';
import { RetryAlert } from '../../ui/RetryAlert';
import styles from './Incentives.module.css';
import { ProgressBar } from './ProgressBar';
import { communityDisplayName, formatDay } from './rules';

/** The madness history (docs/product/incentives-and-surveys.md#madness-history): the community, "Your Top 30-day GoCoins" (full at 1800), the daily list. */
export function MadnessHistory({ community }: { community: IncentiveCommunity }) {
  const { t } = useTranslation();
  const history = useMadnessHistory(community.community_id);
  const name = communityDisplayName(community, t);
  return (
    <div className={styles.stack}>
      <div className={styles.community}>
        <Avatar src={community.image_url} name={name} size={56} decorative />
        <strong className={styles.communityName}>{name}</strong>
      </div>
      {history.isError && <RetryAlert text={t(T.incentiveUnableHistory)} onRetry={() => history.refetch()} />}
      {!history.data && !history.isError && <p className={cardStyles.muted}>{t(T.loading)}</p>}
      {history.data && (
        <>
          <ProgressBar
            label={t(T.madnessTopGocoins)}
            total={history.data.total_amount}
            goal={GOCOIN_BAR_SCALE}
          />
          {history.data.days.length === 0 ? (
            <p className={cardStyles.empty}>{t(T.madnessNoDays)}</p>
          ) : (
            <ul className={`${cardStyles.list} ${styles.list}`}>
              {history.data.days.map((d) => (
                <li key={d.date} className={styles.dayRow}>
                  <span>{formatDay(d.date)}</span>
                  <strong>{d.amount}</strong>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
