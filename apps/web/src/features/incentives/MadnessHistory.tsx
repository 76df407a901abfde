import type { IncentiveCommunity } from '@orbit/contract';
import { GOCOIN_BAR_SCALE } from '@orbit/contract';
import { useTranslation } from 'react-i18next';
import { useMadnessHistory } from '../../api/incentives';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import styles from './Incentives.module.css';
import { ProgressBar } from './ProgressBar';
import { communityDisplayName, formatDay } from './rules';

/** The madness history (001 §2): the community, "Your Top 30-day GoCoins" (full at 1800), the daily list. */
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
      {history.isError && (
        <div role="alert" className={styles.error}>
          <p>{t(T.incentiveUnableHistory)}</p>
          <Button variant="secondary" onClick={() => history.refetch()}>
            {t(T.pleaseTryAgainCap)}
          </Button>
        </div>
      )}
      {!history.data && !history.isError && <p className={styles.muted}>{t(T.loading)}</p>}
      {history.data && (
        <>
          <ProgressBar
            label={t(T.madnessTopGocoins)}
            total={history.data.total_amount}
            goal={GOCOIN_BAR_SCALE}
          />
          {history.data.days.length === 0 ? (
            <p className={styles.empty}>{t(T.madnessNoDays)}</p>
          ) : (
            <ul className={styles.history}>
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
