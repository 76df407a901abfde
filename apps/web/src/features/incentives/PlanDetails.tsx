import type { IncentiveActivity, IncentiveDetails } from '@orbit/contract';
import { useIncentiveDetails } from '../../api/incentives';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import cardStyles from '../../ui/Card.module.css';
import { RetryAlert } from '../../ui/RetryAlert';
import { HistoryList } from './HistoryList';
import styles from './Incentives.module.css';
import { ProgressBar } from './ProgressBar';
import { communityDisplayName } from './rules';

function ActivityItem({ activity, kind }: { activity: IncentiveActivity; kind: string }) {
  const { t } = useTranslation();
  const unit = t(`incentive.unit.${activity.unit}`);
  return (
    <li className={cardStyles.card}>
      <div className={styles.cardHead}>
        <strong>{activity.activity_name}</strong>
        <span className={cardStyles.muted}>
          {t(T.incentivePerReward, positional(activity.units_per_reward, unit))}
        </span>
      </div>
      <ProgressBar
        label={`${activity.activity_name}: ${activity.current_day_progress} ${unit}`}
        total={activity.current_day_reward_total}
        goal={activity.current_day_reward_goal}
        unit={kind}
      />
      <p className={cardStyles.muted}>
        {t(T.incentiveDailyMaximum)}: {activity.daily_maximum} {kind}
      </p>
      {activity.activity_breakdown.length > 0 && (
        <ul className={styles.breakdown}>
          {activity.activity_breakdown.map((b) => (
            <li key={`${b.session_type}-${b.session_name}`}>
              <span>{b.session_name}</span>
              <span>
                {b.current_day_progress} {unit}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The plan's community (the madness form): its avatar, its display name and the way to its GoCoins history. */
function PlanCommunity({ details }: { details: IncentiveDetails }) {
  const { t } = useTranslation();
  const community = details.community;
  if (!community) return null;
  const name = communityDisplayName(community, t);
  return (
    <div className={styles.community}>
      <Avatar src={community.image_url} name={name} size={44} decorative />
      <strong className={styles.communityName}>{name}</strong>
      <Button variant="secondary" onClick={() => open('madness-history', community)}>
        {t(T.incentiveGocoinsHistory)}
      </Button>
    </div>
  );
}

/** One plan (docs/product/incentives-and-surveys.md#incentive-screen): TODAY / WEEK / MONTH bars, balance, daily maximum, activities, then the history. */
export function PlanDetails({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const query = useIncentiveDetails(planId);
  if (query.isError) {
    return <RetryAlert text={t(T.incentiveUnableDetails)} onRetry={() => query.refetch()} />;
  }
  const details = query.data;
  if (!details) return <p className={cardStyles.muted}>{t(T.loading)}</p>;
  const kind = t(`incentive.reward_kind.${details.reward_kind}`);
  return (
    <div className={styles.stack} aria-busy={query.isFetching}>
      <PlanCommunity details={details} />
      <section className={styles.bars} aria-label={details.name}>
        <ProgressBar label={t(T.incentiveToday)} {...totals(details.current_day)} unit={kind} />
        <ProgressBar label={t(T.incentiveWeek)} {...totals(details.current_week)} unit={kind} />
        <ProgressBar label={t(T.incentiveMonth)} {...totals(details.current_period)} unit={kind} />
      </section>
      <dl className={styles.stats}>
        <div>
          <dt>{t(T.incentiveBalance)}</dt>
          <dd data-testid="incentive-balance">
            {details.current_balance} {kind}
          </dd>
        </div>
        <div>
          <dt>{t(T.incentiveDailyMaximum)}</dt>
          <dd>
            {details.daily_maximum} {kind}
          </dd>
        </div>
      </dl>
      <section className={cardStyles.section}>
        <h3 className={cardStyles.sectionTitle}>{t(T.incentiveActivities)}</h3>
        <ul className={`${cardStyles.list} ${styles.list}`}>
          {details.activities.map((a) => (
            <ActivityItem key={a.activity_type} activity={a} kind={kind} />
          ))}
        </ul>
      </section>
      <section className={cardStyles.section}>
        <h3 className={cardStyles.sectionTitle}>{t(T.incentiveHistory)}</h3>
        <HistoryList planId={planId} kind={kind} />
      </section>
    </div>
  );
}

const totals = (p: { reward_total: number; reward_goal: number }) => ({
  total: p.reward_total,
  goal: p.reward_goal,
});
