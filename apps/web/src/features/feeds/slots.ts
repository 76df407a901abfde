/** The poll expiry picker (docs/product/feeds-and-comments.md#poll-create, #poll-limits; docs/product/feeds-and-comments.md#comments): today plus 7 days, times on the half hour, past slots removed. */

export const PICKER_DAYS = 8;
export const SLOT_MINUTES = 30;

/** Midnight (local time) of today and the 7 following days. */
export function pickerDays(now: Date): Date[] {
  return Array.from(
    { length: PICKER_DAYS },
    (_, offset) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset),
  );
}

/** Minutes after midnight of each half-hour slot of `day`; today's list starts at the next half hour. */
export function timeSlots(day: Date, now: Date): number[] {
  const all = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, index) => index * SLOT_MINUTES);
  return all.filter((minutes) => slotDate(day, minutes).getTime() > now.getTime());
}

export function slotDate(day: Date, minutes: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, minutes);
}

/** "09:30" for a slot's minutes after midnight. */
export function slotLabel(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
