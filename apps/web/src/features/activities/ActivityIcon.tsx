import { activityIconName } from '@orbit/contract';
import { useTranslation } from 'react-i18next';
import styles from './Activities.module.css';

/** Families of activities by a word in the icon name, each with its colour; the rest share the last. */
const FAMILIES: [RegExp, string][] = [
  [/swim|water|snorkel|paddle|diving|surf|row|kayak|canoe|sail|fishing/, '#2e86ab'],
  [/run|jog|walk|hik|foot|orienteering|geocaching|dog/, '#3bb273'],
  [/bik|cycl|spinning|wheelchair/, '#f18f01'],
  [
    /medita|mindful|breath|yoga|tai_chi|qigong|stretch|mobility|balance|foam|cooldown|warmup|pilates|barre|sleep|journal/,
    '#8e44ad',
  ],
  [
    /house|chores|vacuum|laundry|dishes|mow|rak|shovel|carpentry|furniture|car_washing|cooking|garden|painting|shopping/,
    '#c73e1d',
  ],
];
const OTHER_COLOR = '#5c6f9e';

const colorOf = (name: string) => FAMILIES.find(([pattern]) => pattern.test(name))?.[1] ?? OTHER_COLOR;

/** Two letters that tell activities apart: the initials of a two-word name, else its first two letters. */
export function monogramOf(name: string): string {
  if (name === 'generic') return '•';
  const words = name.split('_');
  const letters = words.length > 1 ? `${words[0]?.[0]}${words[1]?.[0]}` : name.slice(0, 2);
  return letters.charAt(0).toUpperCase() + letters.slice(1);
}

/**
 * The icon of an activity id (000 §3.9): ids 1..122 (no 71) have their own (a monogram in their family's
 * colour, drawn with text so it renders on every device without an emoji font), an unknown id the generic
 * icon, and a negative id the other set (outlined), all labelled with the activity's name.
 */
export function ActivityIcon({ type, size = 'medium' }: { type: number; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const name = activityIconName(type);
  const color = colorOf(name);
  return (
    <span
      role="img"
      aria-label={t(`activity_icon.${name}`)}
      className={styles.icon}
      data-set={type < 0 ? 'other' : 'main'}
      data-size={size}
      style={type < 0 ? { color, boxShadow: `inset 0 0 0 2px ${color}` } : { background: color }}
    >
      <span aria-hidden="true">{monogramOf(name)}</span>
    </span>
  );
}
