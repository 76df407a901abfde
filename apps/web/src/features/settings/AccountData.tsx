import { ErrorCode } from '@orbit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef } from 'react';
import { eraseAccount, exportAccount, importAccount } from '../../api/account';
import { refusedWith } from '../../api/errors';
import type { UserProfile } from '../../api/types';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { openDialog } from '../../ui/dialogStore';
import { showAlert, showError } from '../../ui/popup';
import { PasswordForm } from './PasswordConfirm';
import styles from './Settings.module.css';

/** Saves a document as a file the browser downloads. */
function saveAsFile(document: unknown, name: string) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }),
  );
  const link = Object.assign(window.document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The password, a confirmation that says what goes, then the sign-in screen (decision 0048). */
function DeleteAccountDialog() {
  const { t } = useTranslation();
  // A fresh load of the sign-in screen, not an in-app navigation: nothing of the erased account stays in
  // memory (its cache, its dialogs, its socket), and no screen of it renders again without its member.
  const signedOut = () => window.location.replace('/signin');
  return (
    <PasswordForm
      prompt={<p>{t(T.deleteAccountConsequence)}</p>}
      label={t(T.deleteAccountPassword)}
      submit={t(T.deleteAccountConfirm)}
      danger
      send={eraseAccount}
      onDone={signedOut}
    />
  );
}

export const openDeleteAccount = () =>
  openDialog({ title: T.deleteAccountTitle, render: () => <DeleteAccountDialog /> });

/** Settings' "Your data": download everything, import an export's personal part, delete the account. */
export function AccountData({ profile }: { profile: UserProfile }) {
  const { t, tCount } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();

  const download = async () => {
    try {
      const day = new Date().toISOString().slice(0, 10);
      saveAsFile(await exportAccount(), `orbit-${profile.username}-${day}.json`);
    } catch {
      showError(T.downloadMyData, T.pleaseTryAgain);
    }
  };

  const imported = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const result = await importAccount(await file.text());
      const yesNo = (set: boolean) => t(set ? T.importSet : T.importUnchanged);
      showAlert({
        title: T.importMyData,
        message: T.importDone,
        values: positional(
          yesNo(result.profile),
          tCount(T.importSessions, result.activity_logs),
          tCount(T.importMoods, result.mood_history),
          tCount(T.importTags, result.tags),
          yesNo(result.notes),
          tCount(T.importBlocks, result.blocks),
        ),
        dismiss: T.ok,
        autoCloseMs: 8000,
      });
      void queryClient.invalidateQueries();
    } catch (error) {
      showError(
        T.importMyData,
        refusedWith(error, ErrorCode.invalid_import) ? T.invalidImport : T.pleaseTryAgain,
      );
    }
  };

  return (
    <section className={styles.group} aria-labelledby="your-data-title">
      <h2 id="your-data-title" className={styles.sectionTitle}>
        {t(T.yourData)}
      </h2>
      <div className={styles.dataRow}>
        <Button variant="secondary" onClick={() => void download()}>
          {t(T.downloadMyData)}
        </Button>
        <p className={styles.muted}>{t(T.downloadMyDataHint)}</p>
      </div>
      <div className={styles.dataRow}>
        <Button variant="secondary" onClick={() => picker.current?.click()}>
          {t(T.importMyData)}
        </Button>
        <input
          ref={picker}
          type="file"
          accept="application/json,.json"
          aria-label={t(T.importMyData)}
          hidden
          onChange={(event) => void imported(event)}
        />
        <p className={styles.muted}>{t(T.importMyDataHint)}</p>
      </div>
      <div className={styles.dataRow}>
        <Button variant="danger" onClick={openDeleteAccount}>
          {t(T.deleteAccount)}
        </Button>
        <p className={styles.muted}>{t(T.deleteAccountHint)}</p>
      </div>
    </section>
  );
}
