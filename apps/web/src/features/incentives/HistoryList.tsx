import { useId, useState } from 'react';
import { useIncentiveDay, useIncentiveHistory } from '../../api/incentives';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import cardStyles from '../../ui/Card.module.css';
import { RetryAlert } from '../../ui/RetryAlert';
import styles from './Incentives.module.css';
import { formatDay } from './rules';

/** The details of one history day, fetched when it is expanded. */
function DayDetails({ planId, date }: { planId: number; date: string }) {
  const { t } = useTranslation();
  const day = useIncentiveDay(planId, date);
  if (day.isError) {
    return (
      <p role="alert" className={cardStyles.error}>
        {t(T.incentiveUnableHistoryDetails)}
      </p>
    );
  }
  if (!day.data) return <p className={cardStyles.muted}>{t(T.loading)}</p>;
  return (
    <ul className={styles.dayActivities}>
      {day.data.activities.map((a) => (
        <li key={a.activity_type}>
          <span>{a.activity_name}</span>
          <span className={cardStyles.muted}>
            {a.units} {t(`incentive.unit.${a.unit}`)}
          </span>
          <strong>+{a.amount}</strong>
        </li>
      ))}
    </ul>
  );
}

function HistoryDay({
  planId,
  date,
  amount,
  kind,
}: {
  planId: number;
  date: string;
  amount: number;
  kind: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const label = formatDay(date);
  return (
    <li className={styles.historyDay}>
      <button
        type="button"
        className={styles.dayButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span>{label}</span>
        <span className={styles.amount}>
          {amount} {kind}
        </span>
        <span className={styles.chevron} data-open={open} aria-hidden="true">
          ›
        </span>
      </button>
      <div id={panelId} hidden={!open}>
        {open && <DayDetails planId={planId} date={date} />}
      </div>
    </li>
  );
}

/** The history list (docs/product/incentives-and-surveys.md#surveys-list): the last 30 days with rewards, newest first, each day expandable. */
export function HistoryList({ planId, kind }: { planId: number; kind: string }) {
  const { t } = useTranslation();
  const history = useIncentiveHistory(planId);
  if (history.isError) {
    return <RetryAlert text={t(T.incentiveUnableHistory)} onRetry={() => history.refetch()} />;
  }
  if (!history.data) return <p className={cardStyles.muted}>{t(T.loading)}</p>;
  if (history.data.dates.length === 0) return <p className={cardStyles.empty}>{t(T.incentiveNoHistory)}</p>;
  return (
    <ul className={`${cardStyles.list} ${styles.list}`}>
      {history.data.dates.map((d) => (
        <HistoryDay key={d.date} planId={planId} date={d.date} amount={d.amount} kind={kind} />
      ))}
    </ul>
  );
}
