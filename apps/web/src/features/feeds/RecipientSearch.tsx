import { useEffect, useState } from 'react';
import type { FeedPerson, Recipient } from '../../api/feeds';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import styles from './Feeds.module.css';
import { recipientMatches } from './recipients';

/** The private recipient search waits 300 ms after the last keystroke (docs/product/feeds-and-comments.md#private-posts). */
export const RECIPIENT_DEBOUNCE_MS = 300;

/** Choosing whom a private post goes to: the latest other authors, or a search among who may read it. */
export function RecipientSearch({
  latest,
  everyone,
  selfId,
  onChoose,
}: {
  latest: readonly Recipient[];
  everyone: readonly FeedPerson[];
  selfId: number;
  onChoose: (person: Recipient) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), RECIPIENT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const matches = recipientMatches(query, latest, everyone, selfId);
  return (
    <div className={styles.recipients}>
      <input
        className={styles.input}
        type="search"
        aria-label={t(T.recipientSearch)}
        placeholder={t(T.recipientSearch)}
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
      />
      <ul className={styles.recipientList}>
        {matches.map((person) => (
          <li key={person.id}>
            <button type="button" className={styles.chip} onClick={() => onChoose(person)}>
              {person.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
