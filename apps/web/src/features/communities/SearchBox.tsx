import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { T } from '../../i18n/texts';
import fieldStyles from '../../ui/Field.module.css';

/** A search field that runs on Enter, like the search screen's (000 §2.3). */
export function SearchBox({ onSearch }: { onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const inputId = useId();
  return (
    <search>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(draft.trim());
        }}
      >
        <label className="visually-hidden" htmlFor={inputId}>
          {t(T.searchField)}
        </label>
        <input
          id={inputId}
          type="search"
          className={fieldStyles.control}
          placeholder={t(T.searchField)}
          enterKeyHint="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </form>
    </search>
  );
}
