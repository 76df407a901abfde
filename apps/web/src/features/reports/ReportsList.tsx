import type { Report, ReportsResponse } from '@orbit/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { refusalText } from '../../api/errors';
import { useAdminReports, useCommunityReports, useResolveReport } from '../../api/reports';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import cardStyles from '../../ui/Card.module.css';
import { confirmYesNo } from '../../ui/confirm';
import layoutStyles from '../../ui/Layout.module.css';
import { showError } from '../../ui/popup';
import { TimeAgo } from '../../ui/TimeAgo';
import { confirmDone } from '../../ui/toast';
import styles from './Reports.module.css';

/** The reports view of a community's settings, for its experts. */
export function CommunityReports({ communityId }: { communityId: number }) {
  return <ReportsList reports={useCommunityReports(communityId)} />;
}

/** The reports view of the admin area: every open report. */
export function AdminReports() {
  return <ReportsList reports={useAdminReports()} />;
}

/** Open reports, newest first, each with what was reported as the reporter saw it, Dismiss and Remove. */
function ReportsList({ reports }: { reports: UseQueryResult<ReportsResponse> }) {
  const { t } = useTranslation();
  if (reports.isError) {
    return (
      <p role="alert" className={cardStyles.empty}>
        {t(T.reportsUnable)}
      </p>
    );
  }
  if (!reports.data) return <p className={cardStyles.muted}>{t(T.loading)}</p>;
  if (reports.data.reports.length === 0) return <p className={cardStyles.empty}>{t(T.reportsEmpty)}</p>;
  return (
    <ul className={cardStyles.list} aria-label={t(T.reports)}>
      {reports.data.reports.map((report) => (
        <ReportItem key={report.report_id} report={report} />
      ))}
    </ul>
  );
}

function ReportItem({ report }: { report: Report }) {
  const { t } = useTranslation();
  const resolve = useResolveReport();
  const target = t(`reports.target.${report.target_type}`, positional(report.snapshot.author_name));
  const act = (action: 'dismiss' | 'remove') =>
    resolve.mutateAsync({ id: report.report_id, action }).then(
      () => confirmDone(action === 'dismiss' ? T.reportsDismissed : T.reportsRemoved),
      (error) => showError(undefined, t(refusalText(error, ['already_resolved'], T.popupMessage))),
    );
  const askToRemove = () =>
    confirmYesNo(
      t(T.reportsConfirmRemoveTitle, positional(target)),
      () => void act('remove'),
      t(T.reportsConfirmRemoveText),
    );
  const reporter = report.reporter_name ?? t(T.reportsFormerMember);
  return (
    <li className={cardStyles.card} aria-label={target}>
      <strong className={styles.title}>{target}</strong>
      <p className={cardStyles.muted}>
        {t(`report.reason.${report.reason}`)} · {t(T.reportsReportedBy, positional(reporter))} ·{' '}
        <TimeAgo iso={report.created_at} />
      </p>
      {report.snapshot.text && <blockquote className={styles.quote}>{report.snapshot.text}</blockquote>}
      {report.comment && <p className={styles.comment}>{report.comment}</p>}
      <div className={layoutStyles.buttons}>
        <Button variant="secondary" disabled={resolve.isPending} onClick={() => void act('dismiss')}>
          {t(T.reportsDismiss)}
        </Button>
        <Button variant="danger" disabled={resolve.isPending} onClick={askToRemove}>
          {t(T.reportsRemove)}
        </Button>
      </div>
    </li>
  );
}
