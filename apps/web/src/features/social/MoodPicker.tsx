import { useChosenMoodTags, useMe, useUpdateUser } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import layoutStyles from '../../ui/Layout.module.css';
import { MoodFace } from '../../ui/MoodFace';
import { showError } from '../../ui/popup';
import { openComposer } from '../feeds';
import { MOOD_ORDER, moodKey } from './rules';
import styles from './Social.module.css';
import { TagEditor } from './TagEditor';

/** "I Feel:" (docs/product/activities-and-leaderboards.md#moods): five moods, each sent at once, and the tag area of the mood. */
export function MoodPicker() {
  const { t } = useTranslation();
  const me = useMe();
  const update = useUpdateUser();
  const tags = useChosenMoodTags(me?.gojimoji.tags ?? []);
  if (!me) return null;
  const current = update.isPending ? update.variables : null;
  const shown =
    current && 'gojimoji' in current && 'mood' in current.gojimoji ? current.gojimoji.mood : me.gojimoji.mood;
  const choose = (mood: number) =>
    update.mutate(
      { gojimoji: { mood } },
      { onError: () => showError(T.unableToChangeMood, T.pleaseTryAgain) },
    );
  return (
    <div className={layoutStyles.stack}>
      <ul className={styles.moods} aria-label={t(T.iFeel)}>
        {MOOD_ORDER.map((mood) => (
          <li key={mood}>
            <button
              type="button"
              className={styles.moodButton}
              aria-pressed={shown === mood}
              onClick={() => choose(mood)}
            >
              <MoodFace mood={mood} size={40} />
              <span>{t(moodKey(mood))}</span>
            </button>
          </li>
        ))}
      </ul>
      <TagEditor />
      <div className={layoutStyles.buttons}>
        {/* The new post composer (docs/product/feeds-and-comments.md#composer): share how I feel on my own feed, my mood tags previewed. */}
        <Button
          variant="secondary"
          onClick={() => openComposer({ scope: { kind: 'user', id: me.user_id }, tags })}
        >
          {t(T.newPost)}
        </Button>
      </div>
    </div>
  );
}
