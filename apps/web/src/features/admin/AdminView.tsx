import type { AdminOrganizationsResponse } from '@orbit/contract';
import { useState } from 'react';
import { useAdminPlans, useAdminScope } from '../../api/incentives';
import { useAdminSurveys } from '../../api/surveys';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import cardStyles from '../../ui/Card.module.css';
import { Segmented, SelectField } from '../../ui/Field';
import { AdminReports } from '../reports';
import { formatTime } from '../surveys';
import styles from './Admin.module.css';

type Tab = 'surveys' | 'plans' | 'reports';

function SurveysTab({ organizationId }: { organizationId: number }) {
  const { t, tCount } = useTranslation();
  const surveys = useAdminSurveys();
  const list = surveys.data?.surveys.filter((s) => s.organization_id === organizationId);
  return (
    <section className={styles.stack} aria-label={t(T.adminSurveys)}>
      <Button onClick={() => open('survey-editor', { survey: null, organizationId })}>
        {t(T.adminNewSurvey)}
      </Button>
      {surveys.isError && (
        <p role="alert" className={styles.error}>
          {t(T.popupMessage)}
        </p>
      )}
      {!list && !surveys.isError && <p className={styles.muted}>{t(T.loading)}</p>}
      {list?.length === 0 && <p className={cardStyles.empty}>{t(T.adminEmptySurveys)}</p>}
      <ul className={cardStyles.list}>
        {list?.map((s) => (
          <li key={s.id} className={styles.item}>
            <div className={styles.itemText}>
              <strong>{s.name}</strong>
              <span className={styles.muted}>
                {t(T.surveysWindow, positional(formatTime(s.start_time), formatTime(s.end_time)))}
              </span>
              <span className={styles.muted}>{tCount(T.adminResponses, s.response_count)}</span>
            </div>
            <Button
              variant="secondary"
              aria-label={t(T.adminEditNamed, positional(s.name))}
              onClick={() => open('survey-editor', { survey: s, organizationId })}
            >
              {t(T.adminEdit)}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PlansTab({ organizationId, scope }: { organizationId: number; scope: AdminOrganizationsResponse }) {
  const { t } = useTranslation();
  const plans = useAdminPlans();
  const list = plans.data?.plans.filter((p) => p.organization_id === organizationId);
  return (
    <section className={styles.stack} aria-label={t(T.adminPlans)}>
      <Button onClick={() => open('plan-editor', { plan: null, scope, organizationId })}>
        {t(T.adminNewPlan)}
      </Button>
      {plans.isError && (
        <p role="alert" className={styles.error}>
          {t(T.popupMessage)}
        </p>
      )}
      {!list && !plans.isError && <p className={styles.muted}>{t(T.loading)}</p>}
      {list?.length === 0 && <p className={cardStyles.empty}>{t(T.adminEmptyPlans)}</p>}
      <ul className={cardStyles.list}>
        {list?.map((p) => (
          <li key={p.incentive_plan_id} className={styles.item}>
            <div className={styles.itemText}>
              <strong>{p.name}</strong>
              <span className={styles.muted}>
                {t(`incentive.reward_kind.${p.reward_kind}`)} ·{' '}
                {p.activities.map((a) => a.activity_name).join(', ')}
              </span>
            </div>
            <Button
              variant="secondary"
              aria-label={t(T.adminEditNamed, positional(p.name))}
              onClick={() => open('plan-editor', { plan: p, scope, organizationId })}
            >
              {t(T.adminEdit)}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The admin screens (organisation role 2): the organisation's surveys and incentive plans, to create and edit,
 * and the reports to act on.
 */
export function AdminView() {
  const { t } = useTranslation();
  const scope = useAdminScope();
  const [tab, setTab] = useState<Tab>('surveys');
  const [org, setOrg] = useState<number | null>(null);
  if (scope.isError) {
    return (
      <p role="alert" className={styles.error}>
        {t(T.adminForbidden)}
      </p>
    );
  }
  if (!scope.data) return <p className={styles.muted}>{t(T.loading)}</p>;
  const organizationId = org ?? scope.data.organizations[0]?.id;
  if (organizationId === undefined) return null;
  return (
    <div className={styles.stack}>
      {scope.data.organizations.length > 1 && (
        <SelectField
          label={t(T.adminOrganization)}
          value={String(organizationId)}
          options={scope.data.organizations.map((o) => ({ value: String(o.id), label: o.name }))}
          onChange={(e) => setOrg(Number(e.target.value))}
        />
      )}
      <Segmented<Tab>
        legend={t(T.adminTitle)}
        value={tab}
        options={[
          { value: 'surveys', label: t(T.adminSurveys) },
          { value: 'plans', label: t(T.adminPlans) },
          { value: 'reports', label: t(T.reports) },
        ]}
        onChange={setTab}
      />
      {tab === 'surveys' && <SurveysTab organizationId={organizationId} />}
      {tab === 'plans' && <PlansTab organizationId={organizationId} scope={scope.data} />}
      {/* Every open report, of every organisation's communities and members (decision 0047). */}
      {tab === 'reports' && <AdminReports />}
    </div>
  );
}
