import type { FeedPost, PollData } from '@orbit/contract';
import { useId } from 'react';
import type { FeedScope } from '../../api/feeds';
import { useVote } from '../../api/feeds';
import { isPollExpired } from '../../api/poll';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import styles from './Feeds.module.css';

/** A poll post (docs/product/feeds-and-comments.md#who-reads, #poll-voting): one vote, moved at once; the own vote shown selected; an expired poll is closed. */
export function PollItem({
  item,
  poll,
  scope,
  userId,
}: {
  item: FeedPost;
  poll: PollData;
  scope: FeedScope;
  userId: number;
}) {
  const { t, tCount } = useTranslation();
  const vote = useVote(scope, userId);
  const questionId = useId();
  const expired = isPollExpired(poll, Date.now());
  // Wellbeing mode: no votes to show until the member has voted (the server leaves them out).
  const answers = poll.answers;
  const total = answers?.reduce((sum, voters) => sum + voters.length, 0) ?? 0;
  return (
    <div className={styles.poll}>
      <p id={questionId} className={styles.pollQuestion}>
        {poll.question}
      </p>
      <fieldset aria-labelledby={questionId} className={styles.pollOptions}>
        {poll.options.map((option, index) => {
          const count = answers?.[index]?.length ?? 0;
          const chosen = poll.my_answer === index;
          return (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: options are positional and never reordered
              key={index}
              type="button"
              aria-pressed={chosen}
              disabled={expired}
              className={`${styles.pollOption} ${chosen ? styles.pollChosen : ''}`}
              onClick={() => !chosen && vote.mutate({ item, option: index })}
            >
              {answers && (
                <span
                  className={styles.pollBar}
                  style={{ width: `${total ? (count / total) * 100 : 0}%` }}
                  aria-hidden="true"
                />
              )}
              <span className={styles.pollLabel}>{option}</span>
              {answers && <span className={styles.pollCount}>{tCount(T.pollVotes, count)}</span>}
            </button>
          );
        })}
      </fieldset>
      {expired && <p className={styles.muted}>{t(T.pollClosed)}</p>}
    </div>
  );
}
