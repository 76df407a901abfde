import { LIMITS, PROFILE_TEXT_LIMITS, TagContext } from '@orbit/contract';
import { useId, useState } from 'react';
import { useChosenMoodTags, useMe, useUpdateUser } from '../../api/profiles';
import { usePriorTags } from '../../api/social';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { TextAreaField, TextField } from '../../ui/Field';
import { CloseIcon } from '../../ui/icons';
import layoutStyles from '../../ui/Layout.module.css';
import listStyles from '../../ui/List.module.css';
import { showError } from '../../ui/popup';
import { useSaveSetting } from '../settings';
import { addTag, removeTag } from './rules';
import styles from './Social.module.css';

/**
 * The mood tags as the member last chose them, and how to save a new list with PUT /user
 * {gojimoji:{tags}}. While a save is under way its list is the current one, so a quick second add builds
 * on the first rather than on what the server said before it; a failure names what was tried (docs/product/friends.md#friend-requests).
 */
function useMoodTags(saved: readonly string[]) {
  const update = useUpdateUser();
  const tags = useChosenMoodTags(saved);
  const save = (next: readonly string[], failureTitle: string) =>
    update.mutate(
      { gojimoji: { tags: [...next] } },
      { onError: () => showError(failureTitle, T.pleaseTryAgain) },
    );
  return { tags, save };
}

/** The mood's tags with suggested Prior Tags (docs/product/activities-and-leaderboards.md#mood-tags): blank and duplicate tags are ignored (docs/product/feeds-and-comments.md#tags). */
export function TagEditor() {
  const { t } = useTranslation();
  const me = useMe();
  const prior = usePriorTags(TagContext.GOJIMOJI);
  const { tags, save: saveTags } = useMoodTags(me?.gojimoji.tags ?? []);
  const [draft, setDraft] = useState('');
  const priorId = useId();
  if (!me) return null;
  const add = (raw: string) => {
    const next = addTag(tags, raw);
    setDraft('');
    if (next !== tags) saveTags(next, T.unableToAddTag);
  };
  const suggestions = (prior.data?.tags ?? []).filter((tag) => addTag(tags, tag) !== tags);

  return (
    <div className={layoutStyles.stack}>
      {tags.length > 0 && (
        <ul className={styles.tags} aria-label={t(T.tagsTitle)}>
          {tags.map((tag) => (
            <li key={tag} className={styles.tag}>
              {tag}
              <button
                type="button"
                className={styles.tagRemove}
                aria-label={t(T.removeTag, positional(tag))}
                onClick={() => saveTags(removeTag(tags, tag), T.unableToRemoveTag)}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className={styles.searchForm}
        onSubmit={(event) => {
          event.preventDefault();
          add(draft);
        }}
      >
        <TextField
          label={t(T.newTag)}
          maxLength={LIMITS.tag}
          value={draft}
          hint={t(T.tagCounter, positional(draft.length, LIMITS.tag))}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t(T.addTag)}
        </Button>
      </form>
      {suggestions.length > 0 && (
        <section aria-labelledby={priorId}>
          <h3 id={priorId} className={listStyles.sectionTitle}>
            {t(T.priorTags)}
          </h3>
          <ul className={styles.tags}>
            {suggestions.map((tag) => (
              <li key={tag}>
                <button type="button" className={styles.suggestion} onClick={() => add(tag)}>
                  {tag}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <TagNotes notes={me.tag_notes} />
    </div>
  );
}

/** The member's notes on their tags ({tag_notes}), saved when the box loses focus; kept as saved on failure. */
function TagNotes({ notes }: { notes: string }) {
  const { t } = useTranslation();
  const saveSetting = useSaveSetting();
  const [text, setText] = useState(notes);
  return (
    <TextAreaField
      label={t(T.notes)}
      className={styles.message}
      rows={3}
      maxLength={PROFILE_TEXT_LIMITS.tagNotes}
      placeholder={t(T.notesPlaceholder)}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        if (text === notes) return;
        void saveSetting({ tag_notes: text }, T.notes).then((saved) => saved ?? setText(notes));
      }}
    />
  );
}
