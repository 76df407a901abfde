import { type ChatSession, SESSION_LIMITS } from '@orbit/contract';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/client';
import { useCommunity } from '../../api/communities';
import { useCreateLesson, useLessons } from '../../api/lessons';
import { isExpert } from '../../api/roles';
import { positional, useTranslation } from '../../i18n';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import styles from './Lessons.module.css';
import { isLiveState } from './rules';
import { S } from './texts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "GojiWise Streaming" (docs/product/calls-and-lessons.md#lesson-list): the community's LIVE and SAVED SESSIONS; experts start one here. */
export function StreamingList({
  communityId,
  onOpen,
}: {
  communityId: number;
  onOpen: (lesson: ChatSession) => void;
}) {
  const { t } = useTranslation();
  const lessons = useLessons(communityId);
  const community = useCommunity(communityId);
  const all = lessons.data?.sessions ?? [];
  const live = all.filter((s) => isLiveState(s.state));
  const saved = all.filter((s) => !isLiveState(s.state));
  return (
    <div className={styles.list}>
      <p className={styles.subtitle}>{t(S.subtitle)}</p>
      {community.data && isExpert(community.data.roles) && (
        <StartLesson communityId={communityId} onStarted={onOpen} />
      )}
      {lessons.isPending ? (
        <p className={styles.muted} role="status">
          {t(S.loading)}
        </p>
      ) : (
        <>
          <Section title={t(S.live)} empty={t(S.noLive)} lessons={live} onOpen={onOpen} live />
          <Section title={t(S.savedLessons)} empty={t(S.noSaved)} lessons={saved} onOpen={onOpen} />
        </>
      )}
    </div>
  );
}

function Section(props: {
  title: string;
  empty: string;
  lessons: ChatSession[];
  onOpen: (lesson: ChatSession) => void;
  live?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-label={props.title}>
      <h3 className={styles.sectionTitle}>
        {props.live && <span className={styles.liveDot} aria-hidden="true" />}
        {props.title}
      </h3>
      {props.lessons.length === 0 ? (
        <p className={styles.muted}>{props.empty}</p>
      ) : (
        <ol className={styles.items}>
          {props.lessons.map((lesson, index) => (
            <li key={lesson.id}>
              <button type="button" className={styles.item} onClick={() => props.onOpen(lesson)}>
                <span className={styles.index}>{t(S.index, positional(index + 1))}</span>
                <span className={styles.itemText}>
                  <strong className={styles.itemName}>{lesson.name}</strong>
                  <span className={styles.muted}>
                    {lesson.instructor_screen_name} · {when(lesson.start_time)}
                  </span>
                  {lesson.description && <span className={styles.description}>{lesson.description}</span>}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function StartLesson({
  communityId,
  onStarted,
}: {
  communityId: number;
  onStarted: (s: ChatSession) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateLesson(communityId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim(), description: description.trim() },
      {
        onSuccess: (lesson) => {
          setName('');
          setDescription('');
          onStarted(lesson);
        },
      },
    );
  };
  const error = create.error ? t(isApiError(create.error, 503) ? S.unavailable : S.pleaseTryAgain) : null;
  return (
    <form className={styles.start} onSubmit={submit} aria-label={t(S.startLesson)}>
      <h3 className={styles.sectionTitle}>{t(S.startLesson)}</h3>
      <TextField
        label={t(S.lessonName)}
        value={name}
        maxLength={SESSION_LIMITS.name}
        onChange={(e) => setName(e.target.value)}
        required
      />
      <TextField
        label={t(S.lessonDescription)}
        value={description}
        maxLength={SESSION_LIMITS.description}
        onChange={(e) => setDescription(e.target.value)}
        error={error}
      />
      <div className={styles.buttons}>
        <Button type="submit" disabled={!name.trim() || create.isPending} aria-busy={create.isPending}>
          {t(S.start)}
        </Button>
      </div>
    </form>
  );
}
