import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/keys';
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
  save: () => Promise<unknown>;
  /** What the saved item shows in: refreshed before the dialog closes. */
  savedKey: QueryKey;
  children: ReactNode;
}

/**
 * The frame of the admin editors (plans and surveys): their fields, the save that refreshes the lists and the
 * profiles (the admin's own menu may change) and closes the dialog, the server's refusal, and the Save button.
 */
export function EditorForm({ ready, save, savedKey, children }: EditorFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      await save();
      await queryClient.invalidateQueries({ queryKey: savedKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
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
