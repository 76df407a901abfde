import type { IncentiveCommunity } from '@orbit/contract';
import type { Star } from '../../api/types';
import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';

// Each screen's code loads when it is first opened, not with the app's first screen.
const IncentivesView = lazyScreen(() => import('./IncentivesView').then((m) => m.IncentivesView));
const MadnessHistory = lazyScreen(() => import('./MadnessHistory').then((m) => m.MadnessHistory));

/** The INCENTIVE star (7) opens the incentive screen on its first plan (docs/product/incentives-and-surveys.md#incentive-screen). */
const incentivesView = (planId?: number) => ({
  title: T.incentivesTitle,
  route: { kind: 'incentives', ids: [] },
  render: () => <IncentivesView planId={planId} />,
});
export function openIncentives(star?: Pick<Star, 'incentive_plans'>): void {
  openDialog(incentivesView(star?.incentive_plans?.[0]?.incentive_plan_id));
}

export const openMadnessHistory = (community: IncentiveCommunity) =>
  openDialog({ title: T.madnessTitle, render: () => <MadnessHistory community={community} /> });

/** The incentive screen a link or a reload can reopen, on the first plan (docs/decisions/0042). */
export const INCENTIVE_ADDRESSES: readonly Address[] = [
  { kind: 'incentives', ids: 0, view: () => incentivesView() },
];
