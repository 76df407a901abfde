import { CommunityType, GOCOIN_BAR_SCALE } from '@orbit/contract';

/** The madness history's community names by type (docs/product/incentives-and-surveys.md#madness-history); any other type keeps its own name. */
const DISPLAY_NAME_KEYS: Partial<Record<number, string>> = {
  [CommunityType.GENERAL]: 'community_name.general',
  [CommunityType.VETERAN]: 'community_name.veteran',
  [CommunityType.BMI]: 'community_name.bmi',
  [CommunityType.SENIORS]: 'community_name.seniors',
};

export function communityDisplayName(
  community: { name: string; community_type: number },
  t: (key: string) => string,
): string {
  const key = DISPLAY_NAME_KEYS[community.community_type];
  return key ? t(key) : community.name;
}

/** A progress bar's fill, 0..100: a goal of 0 is met at once (nothing to reach), never above full. */
export function percentOf(total: number, goal: number): number {
  if (goal <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((total / goal) * 100)));
}

/** The "Your Top 30-day GoCoins" bar is full at 1800 (docs/product/incentives-and-surveys.md#madness-history). */
export const gocoinPercent = (amount: number) => percentOf(amount, GOCOIN_BAR_SCALE);

/** A history date (Y-m-d) as the member reads it, without shifting it through a time zone. */
export function formatDay(day: string, locale = 'en-US'): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
