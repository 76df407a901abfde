import { useId, useState } from 'react';
import styles from './Field.module.css';

export interface SearchBoxProps {
  /** The field's name for screen readers, shown as its placeholder too. */
  label: string;
  /** Called with the trimmed text when the member presses Enter, or with every change when `live`. */
  onSearch: (text: string) => void;
  /** Filters as the member types (the messages list) instead of searching on Enter (docs/product/friends.md#search). */
  live?: boolean;
  className?: string;
}

/**
 * A search field in a search landmark. It keeps its own draft: a screen that clears the field remounts it
 * with a new `key`.
 */
export function SearchBox({ label, onSearch, live = false, className }: SearchBoxProps) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const field = (
    <>
      <label className="visually-hidden" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        className={styles.control}
        placeholder={label}
        enterKeyHint={live ? undefined : 'search'}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (live) onSearch(event.target.value);
        }}
      />
    </>
  );
  return (
    <search className={className}>
      {live ? (
        field
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSearch(draft.trim());
          }}
        >
          {field}
        </form>
      )}
    </search>
  );
}
