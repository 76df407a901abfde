import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { MoodFace } from '../../ui/MoodFace';
import { moodKey } from './rules';
import styles from './Social.module.css';

/** The mood icon, named for screen readers, and the mood's tags. */
export function MoodTags({ gojimoji }: { gojimoji: { mood: number | null; tags: string[] } }) {
  const { t } = useTranslation();
  const mood = gojimoji.mood;
  return (
    <div className={styles.moodLine}>
      {mood && (
        <span className={styles.mood} role="img" aria-label={t(T.moodOf, positional(t(moodKey(mood))))}>
          <MoodFace mood={mood} size={28} />
        </span>
      )}
      {gojimoji.tags.length > 0 && (
        <ul className={styles.tags} aria-label={t(T.tagsTitle)}>
          {gojimoji.tags.map((tag) => (
            <li key={tag} className={styles.tag}>
              {tag}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
