import { LIMITS, REPORT_REASONS, ReportReason } from '@orbit/contract';
import { type FormEvent, useState } from 'react';
import { refusalText } from '../../api/errors';
import { useCreateReport } from '../../api/reports';
import { open, type ReportTarget } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import { Picker, TextAreaField } from '../../ui/Field';
import layoutStyles from '../../ui/Layout.module.css';
import { showError } from '../../ui/popup';
import { confirmDone } from '../../ui/toast';
import styles from './Reports.module.css';

/**
 * The report dialog (issue 14): one of the six reasons, an optional comment, Send. A self-harm report shows
 * the support message with its link in the dialog's place; any other closes it with a confirmation.
 */
export function ReportForm({ target }: { target: ReportTarget }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(0);
  const [comment, setComment] = useState('');
  const create = useCreateReport();
  const send = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      target_type: target.type,
      target_id: target.id,
      reason,
      comment: comment.trim() || undefined,
    };
    create.mutateAsync(body).then(
      (answer) => {
        confirmDone(T.reportSent);
        if (answer.support_url && reason === ReportReason.SELF_HARM)
          open('support', { url: answer.support_url });
        else void dialogBack();
      },
      (error) => showError(undefined, t(refusalText(error, ['cannot_report_self'], T.popupMessage))),
    );
  };
  return (
    <form className={layoutStyles.form} onSubmit={send}>
      <Picker
        legend={t(T.reportReasonLabel)}
        value={reason}
        options={REPORT_REASONS.map((value) => ({ value, label: t(`report.reason.${value}`) }))}
        onChange={setReason}
      />
      <TextAreaField
        label={t(T.reportComment)}
        value={comment}
        maxLength={LIMITS.reportComment}
        onChange={(event) => setComment(event.target.value)}
      />
      <div className={layoutStyles.buttons}>
        <Button type="submit" disabled={reason === 0 || create.isPending}>
          {t(T.reportSend)}
        </Button>
      </div>
    </form>
  );
}

/** After a self-harm report: where support is, right now (the server's SUPPORT_URL). */
export function SupportMessage({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <div className={layoutStyles.stack}>
      <p>{t(T.reportSupportText)}</p>
      <a className={styles.supportLink} href={url} target="_blank" rel="noopener noreferrer">
        {t(T.reportSupportLink)}
      </a>
      <div className={layoutStyles.buttons}>
        <Button variant="secondary" onClick={() => void dialogBack()}>
          {t(T.close)}
        </Button>
      </div>
    </div>
  );
}
