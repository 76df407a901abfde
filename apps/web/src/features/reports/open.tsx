import type { ReportTarget } from '../../app/places';

import { i18n, positional } from '../../i18n';
import { T } from '../../i18n/texts';
import { openDialog, replaceDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';

// Each screen's code loads when it is first opened, not with the app's first screen.
const ReportForm = lazyScreen(() => import('./ReportForm').then((m) => m.ReportForm));
const SupportMessage = lazyScreen(() => import('./ReportForm').then((m) => m.SupportMessage));
const CommunityReports = lazyScreen(() => import('./ReportsList').then((m) => m.CommunityReports));

export type { ReportTarget };

/** The report dialog, its title naming what is reported. */
export const openReport = (target: ReportTarget) =>
  openDialog({
    title: i18n.t(`report.title.${target.type}`, positional(target.name ?? '')),
    titleIsName: true,
    render: () => <ReportForm target={target} />,
  });

/** The support message takes the report dialog's place. */
export const openSupport = (url: string) =>
  replaceDialog({ title: T.reportSupportTitle, render: () => <SupportMessage url={url} /> });

/** A community's reports, for its experts. */
export const openCommunityReports = (communityId: number) =>
  openDialog({ title: T.reports, render: () => <CommunityReports communityId={communityId} /> });
