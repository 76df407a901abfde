import { activityIconName } from '@orbit/contract';
import { useTranslation } from 'react-i18next';
import styles from './Activities.module.css';

/** A glyph per activity icon name; names not listed share their family's glyph (see glyphOf). */
const GLYPHS: Record<string, string> = {
  running: '🏃',
  walking: '🚶',
  meditation: '🧘',
  cycling: '🚴',
  hiking: '🥾',
  chores: '🧹',
  tennis: '🎾',
  strength_training: '🏋️',
  yoga: '🧘',
  swimming: '🏊',
  dancing: '💃',
  cooking: '🍳',
  gardening: '🌱',
  basketball: '🏀',
  soccer: '⚽',
  baseball: '⚾',
  golf: '⛳',
  volleyball: '🏐',
  badminton: '🏸',
  table_tennis: '🏓',
  rowing: '🚣',
  kayaking: '🛶',
  canoeing: '🛶',
  surfing: '🏄',
  skiing: '⛷️',
  snowboarding: '🏂',
  skating: '⛸️',
  climbing: '🧗',
  boxing: '🥊',
  martial_arts: '🥋',
  football: '🏈',
  hockey: '🏒',
  cricket: '🏏',
  rugby: '🏉',
  fencing: '🤺',
  gymnastics: '🤸',
  fishing: '🎣',
  sailing: '⛵',
  horse_riding: '🏇',
  archery: '🏹',
  bowling: '🎳',
  skateboarding: '🛹',
  diving: '🤿',
  sleep: '😴',
  journaling: '📓',
  shopping: '🛒',
  wheelchair: '🦽',
  painting: '🎨',
  generic: '✦',
};

/** Families by a word in the name, for the many activities without a glyph of their own. */
const FAMILIES: [RegExp, string][] = [
  [/swim|water|snorkel|paddle/, '🏊'],
  [/run|jog/, '🏃'],
  [/walk|commuting_on_foot|orienteering|geocaching/, '🚶'],
  [/bik|cycl|spinning/, '🚴'],
  [/ski|snow|sled|curling|ice/, '⛷️'],
  [/climb|boulder|parkour/, '🧗'],
  [/mindful|breath|tai_chi|qigong|stretch|mobility|balance|foam|cooldown|warmup|pilates|barre/, '🧘'],
  [
    /lift|core|calisthenics|crossfit|circuit|hiit|training|aerobics|zumba|kick|elliptical|stair|jump|treadmill/,
    '🏋️',
  ],
  [/house|vacuum|laundry|dishes|mow|rak|shovel|carpentry|furniture|car_washing/, '🧹'],
  [/ball|squash|racquet|frisbee|disc_golf|lacrosse/, '🥏'],
];

function glyphOf(name: string): string {
  return GLYPHS[name] ?? FAMILIES.find(([pattern]) => pattern.test(name))?.[1] ?? (GLYPHS.generic as string);
}

/**
 * The icon of an activity id (000 §3.9): ids 1..122 (no 71) have their own, an unknown id the generic icon,
 * and a negative id the other set (drawn outlined), all labelled with the activity's name.
 */
export function ActivityIcon({ type, size = 'medium' }: { type: number; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const name = activityIconName(type);
  return (
    <span
      role="img"
      aria-label={t(`activity_icon.${name}`)}
      className={styles.icon}
      data-set={type < 0 ? 'other' : 'main'}
      data-size={size}
    >
      {glyphOf(name)}
    </span>
  );
}
