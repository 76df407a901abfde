import type { AdminIncentivePlan, AdminOrganizationsResponse, AdminSurvey } from '@orbit/contract';
import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';

// Each screen's code loads when it is first opened, not with the app's first screen.
const AdminView = lazyScreen(() => import('./AdminView').then((m) => m.AdminView));
const PlanEditor = lazyScreen(() => import('./PlanEditor').then((m) => m.PlanEditor));
const SurveyEditor = lazyScreen(() => import('./SurveyEditor').then((m) => m.SurveyEditor));

/** The side menu's Admin entry (organisation admins only) opens the admin screens. */
const adminView = () => ({
  title: T.adminTitle,
  route: { kind: 'admin', ids: [] },
  render: () => <AdminView />,
});
export const openAdmin = () => openDialog(adminView());

/** The admin screens a link or a reload can reopen; the server answers only an organisation's admins. */
export const ADMIN_ADDRESSES: readonly Address[] = [{ kind: 'admin', ids: 0, view: adminView }];

export const openSurveyEditor = (survey: AdminSurvey | null, organizationId: number) =>
  openDialog({
    title: survey ? survey.name : T.adminNewSurvey,
    titleIsName: survey !== null,
    render: () => <SurveyEditor survey={survey} organizationId={organizationId} />,
  });

export const openPlanEditor = (
  plan: AdminIncentivePlan | null,
  scope: AdminOrganizationsResponse,
  organizationId: number,
) =>
  openDialog({
    title: plan ? plan.name : T.adminNewPlan,
    titleIsName: plan !== null,
    render: () => <PlanEditor plan={plan} scope={scope} organizationId={organizationId} />,
  });
