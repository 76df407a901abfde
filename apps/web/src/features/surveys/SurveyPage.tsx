import type { SurveyListItem } from '@orbit/contract';
import { useId, useState } from 'react';
import { isApiError } from '../../api/client';
import { submitSurvey, useSurveyAnswered, useSurveys } from '../../api/surveys';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import cardStyles from '../../ui/Card.module.css';
import { canSubmit } from './rules';
import styles from './Surveys.module.css';

function Question({
  index,
  question,
  value,
  onChange,
}: {
  index: number;
  question: SurveyListItem['survey']['questions'][number];
  value: number | null;
  onChange: (answer: number) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className={styles.question}>
      <legend className={styles.questionText}>
        <span className="visually-hidden">{t(T.surveysQuestion, positional(index + 1))}: </span>
        {question.text}
      </legend>
      {question.options.map((option, i) => (
        <label key={option} className={styles.option} data-checked={value === i + 1}>
          <input type="radio" name={name} checked={value === i + 1} onChange={() => onChange(i + 1)} />
          {option}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The survey page (docs/product/incentives-and-surveys.md#survey-answer): its questions with at most 5 radio options each, SUBMIT SURVEY, then the
 * completion message. A failed submit is silent (docs/product/the area's own anchor (communities.md#members); one answered elsewhere already shows as submitted.
 */
export function SurveyPage({ item }: { item: SurveyListItem }) {
  const { t } = useTranslation();
  const surveyAnswered = useSurveyAnswered();
  const { survey } = item;
  const [answers, setAnswers] = useState<(number | null)[]>(survey.questions.map(() => null));
  const [submitted, setSubmitted] = useState(item.response_state === 3);
  const [sending, setSending] = useState(false);

  const done = () => {
    setSubmitted(true);
    surveyAnswered();
  };
  const submit = async () => {
    setSending(true);
    try {
      await submitSurvey(item.id, answers as number[]);
      done();
    } catch (error) {
      if (isApiError(error, 409)) done();
      else console.warn('survey submit failed', error);
    } finally {
      setSending(false);
    }
  };

  if (submitted) {
    return (
      <div className={styles.stack}>
        <p role="status" className={styles.completion}>
          {survey.completion_message}
        </p>
      </div>
    );
  }
  return (
    <form
      className={styles.stack}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {survey.description && <p className={styles.description}>{survey.description}</p>}
      {survey.questions.map((question, index) => (
        <Question
          // biome-ignore lint/suspicious/noArrayIndexKey: answers are positional: question n is answer n, never reordered
          key={`${index}-${question.text}`}
          index={index}
          question={question}
          value={answers[index]}
          onChange={(answer) => setAnswers(answers.map((a, i) => (i === index ? answer : a)))}
        />
      ))}
      <Button
        type="submit"
        block
        disabled={sending || !canSubmit(survey.questions, answers)}
        aria-busy={sending}
      >
        {t(T.surveySubmit)}
      </Button>
    </form>
  );
}

/**
 * A survey opened from its address (docs/decisions/0042): the member's list names it by its id; one that left
 * the list (ended, or never theirs) is no longer available.
 */
export function SurveyFromAddress({ id }: { id: number }) {
  const { t } = useTranslation();
  const surveys = useSurveys();
  if (!surveys.data && !surveys.isError) return <p className={styles.meta}>{t(T.loading)}</p>;
  const item = surveys.data?.surveys.find((candidate) => candidate.id === id);
  if (!item) return <p className={cardStyles.empty}>{t(T.notFound)}</p>;
  return <SurveyPage item={item} />;
}
