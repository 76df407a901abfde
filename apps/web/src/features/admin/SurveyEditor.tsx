import type { AdminSurvey } from '@orbit/contract';
import { useSaveSurvey } from '../../api/surveys';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button, IconButton } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { CloseIcon } from '../../ui/icons';
import styles from './Admin.module.css';
import { EditorForm, useDraft } from './EditorForm';
import {
  addQuestion,
  canAddOption,
  canRemoveOption,
  type SurveyDraft,
  surveyDraft,
  surveyInput,
  surveyReady,
} from './forms';

type Question = SurveyDraft['questions'][number];

function QuestionEditor({
  index,
  question,
  locked,
  onChange,
  onRemove,
}: {
  index: number;
  question: Question;
  locked: boolean;
  onChange: (q: Question) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  const setOption = (i: number, value: string) =>
    onChange({ ...question, options: question.options.map((o, k) => (k === i ? value : o)) });
  return (
    <fieldset className={styles.group} disabled={locked}>
      {/* The question's own field says "Question n" already: the legend only names the group for readers. */}
      <legend className="visually-hidden">{t(T.adminQuestion, positional(n))}</legend>
      <div className={styles.row}>
        <TextField
          label={t(T.adminQuestion, positional(n))}
          value={question.text}
          maxLength={500}
          onChange={(e) => onChange({ ...question, text: e.target.value })}
        />
        {onRemove && (
          <IconButton label={t(T.adminRemoveQuestion, positional(n))} onClick={onRemove}>
            <CloseIcon />
          </IconButton>
        )}
      </div>
      {question.options.map((option, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are positional (answer n is option n) and every input is controlled
        <div className={styles.row} key={i}>
          <TextField
            label={t(T.adminOption, positional(i + 1, n))}
            value={option}
            maxLength={200}
            onChange={(e) => setOption(i, e.target.value)}
          />
          {canRemoveOption(question) && (
            <IconButton
              label={t(T.adminRemoveOption, positional(i + 1, n))}
              onClick={() => onChange({ ...question, options: question.options.filter((_, k) => k !== i) })}
            >
              <CloseIcon />
            </IconButton>
          )}
        </div>
      ))}
      <Button
        variant="ghost"
        disabled={!canAddOption(question)}
        onClick={() => onChange({ ...question, options: [...question.options, ''] })}
      >
        {t(T.adminAddOption)}
      </Button>
    </fieldset>
  );
}

/**
 * Creates or edits a survey (organisation admins only; the server refuses everyone else). Questions of a
 * survey members have answered are locked: the server keeps them as they were answered.
 */
export function SurveyEditor({
  survey,
  organizationId,
}: {
  survey: AdminSurvey | null;
  organizationId?: number;
}) {
  const { t } = useTranslation();
  const [draft, set, setDraft] = useDraft(() => surveyDraft(survey));
  const locked = (survey?.response_count ?? 0) > 0;
  const saveSurvey = useSaveSurvey();

  return (
    <EditorForm
      ready={surveyReady(draft)}
      save={() => saveSurvey(survey?.id ?? null, surveyInput(draft, survey ? undefined : organizationId))}
    >
      <TextField
        label={t(T.adminName)}
        value={draft.name}
        maxLength={100}
        onChange={(e) => set({ name: e.target.value })}
      />
      <TextField
        label={t(T.adminDescription)}
        value={draft.description}
        maxLength={1000}
        onChange={(e) => set({ description: e.target.value })}
      />
      <div className={styles.times}>
        <TextField
          label={t(T.adminStartTime)}
          type="datetime-local"
          value={draft.start}
          onChange={(e) => set({ start: e.target.value })}
        />
        <TextField
          label={t(T.adminEndTime)}
          type="datetime-local"
          value={draft.end}
          onChange={(e) => set({ end: e.target.value })}
        />
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.anonymous}
          onChange={(e) => set({ anonymous: e.target.checked })}
        />
        {t(T.adminAnonymous)}
      </label>
      {draft.questions.map((question, index) => (
        <QuestionEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: questions are positional and every input is controlled by the draft
          key={index}
          index={index}
          question={question}
          locked={locked}
          onChange={(q) => set({ questions: draft.questions.map((old, k) => (k === index ? q : old)) })}
          onRemove={
            draft.questions.length > 1 && !locked
              ? () => set({ questions: draft.questions.filter((_, k) => k !== index) })
              : null
          }
        />
      ))}
      {!locked && (
        <Button variant="secondary" onClick={() => setDraft(addQuestion(draft))}>
          {t(T.adminAddQuestion)}
        </Button>
      )}
      <TextField
        label={t(T.adminCompletionMessage)}
        value={draft.completionMessage}
        maxLength={1000}
        onChange={(e) => set({ completionMessage: e.target.value })}
      />
    </EditorForm>
  );
}
