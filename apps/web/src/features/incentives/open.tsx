import type { IncentiveCommunity } from '@orbit/contract';
import type { Star } from '../../api/types';
import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';

// Each screen's code loads when it is first opened, not with the app's first screen.
const IncentivesView = lazyScreen(() => import('./IncentivesView').then((m) => m.IncentivesView));
const MadnessHistory = lazyScreen(() => import('./MadnessHistory').then((m) => m.MadnessHistory));

/** The INCENTIVE star (7) opens the incentive screen on its first plan (000 §2.11). */
export function openIncentives(star?: Pick<Star, 'incentive_plans'>): void {
  const planId = star?.incentive_plans?.[0]?.incentive_plan_id;
  openDialog({ title: T.incentivesTitle, render: () => <IncentivesView planId={planId} /> });
}

export const openMadnessHistory = (community: IncentiveCommunity) =>
  openDialog({ title: T.madnessTitle, render: () => <MadnessHistory community={community} /> });
