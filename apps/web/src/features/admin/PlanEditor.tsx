import {
  ACTIVITY_TYPE_MAX,
  type AdminIncentivePlan,
  type AdminOrganizationsResponse,
  activityName,
  INCENTIVE_LIMITS,
  IncentiveUnit,
  isKnownActivityType,
  RewardKind,
} from '@orbit/contract';
import { useSavePlan } from '../../api/incentives';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { Segmented, SelectField, TextField } from '../../ui/Field';
import styles from './Admin.module.css';
import { EditorForm, useDraft } from './EditorForm';
import { blankRule, planDraft, planInput, planReady, type RuleDraft } from './forms';

const UNITS = Object.values(IncentiveUnit);

/** The activities a session may be logged as (docs/product/activities-and-leaderboards.md#activity-icons: 1..122 without 71), by name. */
const ACTIVITY_CHOICES = Array.from({ length: ACTIVITY_TYPE_MAX }, (_, i) => i + 1)
  .filter(isKnownActivityType)
  .map((id) => ({ value: String(id), label: `${nameOf(String(id))} (${id})` }));

function nameOf(id: string): string {
  const name = activityName(Number(id));
  return id === '' ? '' : name.charAt(0).toUpperCase() + name.slice(1);
}

function RuleEditor({
  index,
  rule,
  onChange,
  onRemove,
}: {
  index: number;
  rule: RuleDraft;
  onChange: (r: RuleDraft) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  const set = (patch: Partial<RuleDraft>) => onChange({ ...rule, ...patch });
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t(T.adminActivity, positional(n))}</legend>
      <div className={styles.pair}>
        <SelectField
          label={t(T.adminActivityType)}
          value={rule.activityType}
          placeholder=""
          options={ACTIVITY_CHOICES}
          onChange={(e) => {
            // The name follows the chosen activity until the admin writes one of their own.
            const named = rule.activityName === '' || rule.activityName === nameOf(rule.activityType);
            set({ activityType: e.target.value, ...(named ? { activityName: nameOf(e.target.value) } : {}) });
          }}
        />
        <TextField
          label={t(T.adminActivityName)}
          value={rule.activityName}
          maxLength={INCENTIVE_LIMITS.activityNameMax}
          onChange={(e) => set({ activityName: e.target.value })}
        />
      </div>
      <SelectField
        label={t(T.adminUnit)}
        value={String(rule.unit)}
        options={UNITS.map((u) => ({ value: String(u), label: t(`admin.unit_name.${u}`) }))}
        onChange={(e) => set({ unit: Number(e.target.value) })}
      />
      <div className={styles.pair}>
        <TextField
          label={t(T.adminUnitsPerReward)}
          inputMode="numeric"
          value={rule.unitsPerReward}
          onChange={(e) => set({ unitsPerReward: e.target.value })}
        />
        <TextField
          label={t(T.incentiveDailyMaximum)}
          inputMode="numeric"
          value={rule.dailyMaximum}
          onChange={(e) => set({ dailyMaximum: e.target.value })}
        />
      </div>
      {onRemove && (
        <Button variant="ghost" onClick={onRemove}>
          {t(T.adminRemoveActivity, positional(n))}
        </Button>
      )}
    </fieldset>
  );
}

interface PlanEditorProps {
  plan: AdminIncentivePlan | null;
  scope: AdminOrganizationsResponse;
  organizationId?: number;
}

/** Creates or edits an incentive plan and its activity rules (organisation admins only). */
export function PlanEditor({ plan, scope, organizationId }: PlanEditorProps) {
  const { t } = useTranslation();
  const [draft, set] = useDraft(() => planDraft(plan, new Date().toISOString().slice(0, 10)));
  const savePlan = useSavePlan();

  return (
    <EditorForm
      ready={planReady(draft)}
      save={() =>
        savePlan(plan?.incentive_plan_id ?? null, planInput(draft, plan ? undefined : organizationId))
      }
    >
      <TextField
        label={t(T.adminName)}
        value={draft.name}
        maxLength={INCENTIVE_LIMITS.nameMax}
        onChange={(e) => set({ name: e.target.value })}
      />
      <Segmented
        legend={t(T.adminRewardKind)}
        value={draft.rewardKind}
        options={[RewardKind.TICKETS, RewardKind.COINS].map((k) => ({
          value: k as number,
          label: t(`incentive.reward_kind.${k}`),
        }))}
        onChange={(rewardKind) => set({ rewardKind })}
      />
      <SelectField
        label={t(T.adminCommunity)}
        value={draft.communityId}
        placeholder={t(T.adminNoCommunity)}
        options={scope.communities.map((c) => ({ value: String(c.community_id), label: c.name }))}
        onChange={(e) => set({ communityId: e.target.value })}
      />
      <div className={styles.pair}>
        <TextField
          label={t(T.adminWeekGoal)}
          inputMode="numeric"
          value={draft.weekGoal}
          onChange={(e) => set({ weekGoal: e.target.value })}
        />
        <TextField
          label={t(T.adminMonthGoal)}
          inputMode="numeric"
          value={draft.monthGoal}
          onChange={(e) => set({ monthGoal: e.target.value })}
        />
      </div>
      <TextField
        label={t(T.adminStartsOn)}
        type="date"
        value={draft.startsOn}
        onChange={(e) => set({ startsOn: e.target.value })}
      />
      {draft.rules.map((rule, index) => (
        <RuleEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: rules are positional and every input is controlled by the draft
          key={index}
          index={index}
          rule={rule}
          onChange={(r) => set({ rules: draft.rules.map((old, k) => (k === index ? r : old)) })}
          onRemove={
            draft.rules.length > 1 ? () => set({ rules: draft.rules.filter((_, k) => k !== index) }) : null
          }
        />
      ))}
      <Button
        variant="secondary"
        disabled={draft.rules.length >= INCENTIVE_LIMITS.activitiesMax}
        onClick={() =>
          set({ rules: [...draft.rules, { ...blankRule(), activityType: '', activityName: '' }] })
        }
      >
        {t(T.adminAddActivity)}
      </Button>
    </EditorForm>
  );
}
