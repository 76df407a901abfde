import { open, type ReportTarget } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';

/** "Report" on a member's page, a community or a lesson: opens the report dialog naming it. */
export function ReportButton({ target }: { target: ReportTarget }) {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" onClick={() => open('report', target)}>
      {t(T.report)}
    </Button>
  );
}
