import { LIMITS } from '@orbit/contract';
import { type ClipboardEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import type { FeedPerson } from '../../api/feeds';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import styles from './Feeds.module.css';
import { completeTag, tagAtCaret, tagSuggestions } from './tags';
import { EDIT_COUNTER_LIMIT, isMobileDevice, isSendKey } from './writer';

/** Textarea height 33 px, growing to below 129 px (docs/product/feeds-and-comments.md#post-limits). */
const MIN_HEIGHT = 33;
const MAX_HEIGHT = 128;

export interface MessageBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Called by Enter (desktop, without Shift); the caller decides whether anything is sent. */
  onSend: () => void;
  label: string;
  placeholder?: string;
  /** Shows the counter: length/280 in edit mode, length/10000 otherwise. */
  counter?: 'edit' | 'regular' | null;
  /** Members that may be @tagged here (communities only); none turns tagging off. */
  taggable?: readonly Pick<FeedPerson, 'id' | 'screen_name'>[];
  onPasteFiles?: (files: File[]) => void;
  autoFocus?: boolean;
}

/** The message box of the writer, the comments panel and the composer, with @tag suggestions. */
export function MessageBox({
  value,
  onChange,
  onSend,
  label,
  placeholder,
  counter = null,
  taggable = [],
  onPasteFiles,
  autoFocus,
}: MessageBoxProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const tag = taggable.length > 0 ? tagAtCaret(value, caret) : null;
  const suggestions = tag ? tagSuggestions(taggable, tag.query) : [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text, read from the DOM
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = `${MIN_HEIGHT}px`;
    box.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, box.scrollHeight))}px`;
  }, [value]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event, isMobileDevice())) return;
    event.preventDefault();
    onSend();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files).filter((file) => file.type.startsWith('image/'));
    if (files.length === 0 || !onPasteFiles) return;
    event.preventDefault();
    onPasteFiles(files);
  };

  const choose = (name: string) => {
    if (!tag) return;
    const done = completeTag(value, tag, name);
    onChange(done.text);
    setCaret(done.caret);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(done.caret, done.caret);
    });
  };

  const limit = counter === 'edit' ? EDIT_COUNTER_LIMIT : LIMITS.postMessage;
  return (
    <div className={styles.messageBox}>
      <textarea
        ref={ref}
        className={styles.textarea}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        rows={1}
        autoFocus={autoFocus}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      {counter && (
        <span className={styles.counter} aria-live="polite">
          {t(T.tagCounter, positional(value.length, limit))}
        </span>
      )}
      {suggestions.length > 0 && (
        <ul className={styles.suggestions} aria-label={t(T.feedTagSuggestions)}>
          {suggestions.map((person) => (
            <li key={person.id}>
              <button type="button" className={styles.suggestion} onClick={() => choose(person.screen_name)}>
                @{person.screen_name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
