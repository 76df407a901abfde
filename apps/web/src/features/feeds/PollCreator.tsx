import { LIMITS } from '@orbit/contract';
import { useMemo, useState } from 'react';
import { type FeedScope, useCreatePoll } from '../../api/feeds';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { showError } from '../../ui/popup';
import styles from './Feeds.module.css';
import { pickerDays, slotDate, slotLabel, timeSlots } from './slots';

/** Nothing is sent while the question or any option is empty (docs/product/feeds-and-comments.md#poll-limits: silent). */
export function pollReady(question: string, options: readonly string[]): boolean {
  return (
    question.trim().length > 0 &&
    options.length >= LIMITS.pollMinOptions &&
    options.every((option) => option.trim().length > 0)
  );
}

/** Poll creation (docs/product/feeds-and-comments.md#poll-create): question, the expiry picker, options starting with 2 and 'Add option'. */
export function PollCreator({ scope, onDone }: { scope: FeedScope; onDone: () => void }) {
  const { t } = useTranslation();
  const createPoll = useCreatePoll(scope);
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(['', '']);
  const now = useMemo(() => new Date(), []);
  const days = useMemo(() => pickerDays(now), [now]);
  const [dayIndex, setDayIndex] = useState(() => (timeSlots(days[0] as Date, now).length > 0 ? 0 : 1));
  const day = days[dayIndex] as Date;
  const slots = timeSlots(day, now);
  const [slot, setSlot] = useState<number | null>(null);
  const minutes = slot !== null && slots.includes(slot) ? slot : (slots[0] ?? 0);

  const submit = () => {
    if (!pollReady(question, options)) return;
    createPoll.mutate(
      { question, options, expiration_date: slotDate(day, minutes).toISOString() },
      { onSuccess: onDone, onError: () => showError(T.cannotPost, T.thereWasAnError) },
    );
  };

  return (
    <section className={styles.pollCreator} aria-label={t(T.createAPoll)}>
      <TextField label={t(T.pollQuestion)} value={question} onChange={(e) => setQuestion(e.target.value)} />
      <div className={styles.row}>
        <SelectField
          label={t(T.pollExpires)}
          value={String(dayIndex)}
          options={days
            .map((date, index) => ({ value: String(index), label: date.toLocaleDateString() }))
            .filter((_, index) => timeSlots(days[index] as Date, now).length > 0)}
          onChange={(e) => setDayIndex(Number(e.target.value))}
        />
        <SelectField
          label={t(T.pollTime)}
          value={String(minutes)}
          options={slots.map((value) => ({ value: String(value), label: slotLabel(value) }))}
          onChange={(e) => setSlot(Number(e.target.value))}
        />
      </div>
      {options.map((option, index) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: options are positional and only appended
          key={index}
          label={t(T.pollOption, positional(index + 1))}
          value={option}
          maxLength={LIMITS.tag}
          onChange={(e) => setOptions(options.map((old, at) => (at === index ? e.target.value : old)))}
        />
      ))}
      <div className={styles.row}>
        <Button variant="ghost" onClick={() => setOptions([...options, ''])}>
          {t(T.addOption)}
        </Button>
        <Button onClick={submit} disabled={createPoll.isPending}>
          {t(T.createPoll)}
        </Button>
      </div>
    </section>
  );
}
