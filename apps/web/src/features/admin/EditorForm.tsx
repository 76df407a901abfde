import { type ReactNode, useState } from 'react';
import { isApiError } from '../../api/client';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import styles from './Admin.module.css';

/** A draft and a setter that patches some of its fields. */
export function useDraft<D>(initial: () => D) {
  const [draft, setDraft] = useState(initial);
  const set = (patch: Partial<D>) => setDraft({ ...draft, ...patch });
  return [draft, set, setDraft] as const;
}

interface EditorFormProps {
  /** Saving is offered once the draft is complete. */
  ready: boolean;
  /** Resolves once what shows the saved item has been refetched (a save hook of api/), before the dialog closes. */
  save: () => Promise<unknown>;
  children: ReactNode;
}

/**
 * The frame of the admin editors (plans and surveys): their fields, the save that refreshes the lists and the
 * profiles (the admin's own menu may change) and closes the dialog, the server's refusal, and the Save button.
 */
export function EditorForm({ ready, save, children }: EditorFormProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      await save();
      await dialogBack();
    } catch (e) {
      setError(isApiError(e) ? `${t(T.adminUnableToSave)}: ${e.message}` : t(T.adminUnableToSave));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {children}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <Button type="submit" block disabled={saving || !ready} aria-busy={saving}>
        {t(T.save)}
      </Button>
    </form>
  );
}
