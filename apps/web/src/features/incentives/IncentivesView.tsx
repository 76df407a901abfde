import { useState } from 'react';
import { useIncentivePlans } from '../../api/incentives';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import cardStyles from '../../ui/Card.module.css';
import { SelectField } from '../../ui/Field';
import { RetryAlert } from '../../ui/RetryAlert';
import styles from './Incentives.module.css';
import { PlanDetails } from './PlanDetails';

/** The incentive screen (docs/product/incentives-and-surveys.md#incentive-screen): a plan picker, then the chosen plan's progress and history. */
export function IncentivesView({ planId }: { planId?: number }) {
  const { t } = useTranslation();
  const plans = useIncentivePlans();
  const [chosen, setChosen] = useState<number | null>(planId ?? null);
  if (plans.isError) {
    return <RetryAlert text={t(T.incentiveUnableDetails)} onRetry={() => plans.refetch()} />;
  }
  if (!plans.data) return <p className={cardStyles.muted}>{t(T.loading)}</p>;
  const list = plans.data.plans;
  if (list.length === 0) return <p className={cardStyles.empty}>{t(T.incentiveNoPlans)}</p>;
  const current = list.find((p) => p.incentive_plan_id === chosen) ?? list[0];
  return (
    <div className={styles.stack}>
      {list.length > 1 ? (
        <SelectField
          label={t(T.incentivePlan)}
          value={String(current.incentive_plan_id)}
          options={list.map((p) => ({ value: String(p.incentive_plan_id), label: p.name }))}
          onChange={(event) => setChosen(Number(event.target.value))}
        />
      ) : (
        <h3 className={styles.planName}>{current.name}</h3>
      )}
      <PlanDetails key={current.incentive_plan_id} planId={current.incentive_plan_id} />
    </div>
  );
}
