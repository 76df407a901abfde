import type { SurveyListItem } from '@orbit/contract';
import { useSurveys } from '../../api/surveys';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import cardStyles from '../../ui/Card.module.css';
import { formatTime, remainingTime } from './rules';
import styles from './Surveys.module.css';

function SurveyItem({ item }: { item: SurveyListItem }) {
  const { t } = useTranslation();
  const completed = item.response_state === 3;
  const left = remainingTime(item.end_time);
  return (
    <li>
      <button type="button" className={styles.item} onClick={() => open('survey', item)}>
        <span className={styles.itemHead}>
          <strong className={styles.itemName}>{item.survey.name}</strong>
          <span className={styles.state} data-completed={completed}>
            {t(completed ? T.surveysCompleted : T.surveysOpen)}
          </span>
        </span>
        {item.survey.description && <span className={styles.description}>{item.survey.description}</span>}
        <span className={styles.meta}>
          {t(T.surveysWindow, positional(formatTime(item.start_time), formatTime(item.end_time)))}
        </span>
        {left && <span className={styles.meta}>{t(T.surveysRemaining, positional(left))}</span>}
      </button>
    </li>
  );
}

/** The surveys list (docs/product/incentives-and-surveys.md#surveys-list): name, description, start and end; completed ones with the remaining time. */
export function SurveysView() {
  const { t } = useTranslation();
  const surveys = useSurveys();
  if (surveys.isError) {
    // Survey errors are silent in the spec (docs/product/calls-and-lessons.md#call-screen): offer the retry without a text of our own.
    return (
      <Button variant="secondary" onClick={() => surveys.refetch()}>
        {t(T.pleaseTryAgainCap)}
      </Button>
    );
  }
  if (!surveys.data) return <p className={styles.meta}>{t(T.loading)}</p>;
  if (surveys.data.surveys.length === 0) return <p className={cardStyles.empty}>{t(T.surveysEmpty)}</p>;
  return (
    <ul className={cardStyles.list}>
      {surveys.data.surveys.map((item) => (
        <SurveyItem key={item.id} item={item} />
      ))}
    </ul>
  );
}
